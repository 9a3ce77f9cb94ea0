import { fillPlaceholders, type Locale, MAIL_TYPES, type MailType, messageProblems, placeholdersOf } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { mailTemplates } from '../db/schema/index.ts';
import { AppError, type FieldMessage } from '../lib/app-error.ts';
import { escapeHtml, htmlToText, sanitizeMailHtml, textToHtml } from './html.ts';

export type { MailType };

/** A template's subjects and bodies (sanitised HTML with {{placeholders}}) in both languages. */
export interface TemplateText {
  subjectEn: string;
  subjectRu: string;
  bodyEn: string;
  bodyRu: string;
}

/** A mail ready for the outbox: its subject, HTML part and the plain-text part made from it. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

// Interpolating each placeholder with itself keeps it in the built-in template's text.
const KEEP = Object.fromEntries(MAIL_TYPES.flatMap(placeholdersOf).map((p) => [p, `{{${p}}}`]));

/** The built-in template of a type, from the mail catalogue: greeting, body and signature, as HTML. */
export function builtinTemplate(type: MailType): TemplateText {
  const of = (locale: Locale) => {
    const keep = (key: string) => translate(locale, `mail.${key}`, KEEP);
    return {
      subject: keep(`${type}.subject`),
      body: textToHtml(`${keep('greeting')}\n\n${keep(`${type}.body`)}\n\n--\n${keep('signature')}`),
    };
  };
  const en = of('en');
  const ru = of('ru');
  return { subjectEn: en.subject, subjectRu: ru.subject, bodyEn: en.body, bodyRu: ru.body };
}

/** Seeds the built-in template of each type that has none; existing ones (perhaps edited) are left alone. */
export async function seedMailTemplates(db: Executor): Promise<void> {
  const present = new Set(
    (await db.select({ type: mailTemplates.type }).from(mailTemplates).where(eq(mailTemplates.builtin, true))).map((r) => r.type),
  );
  // A template has one name (admin may change it); a built-in one starts with its kind's English label, as the list
  // shows each template's kind in the reader's language beside it.
  const rows = MAIL_TYPES.filter((type) => !present.has(type)).map((type) => ({
    type,
    name: translate('en', `committees.mailTypes.${type}`),
    builtin: true,
    ...builtinTemplate(type),
  }));
  // Two servers starting at once may both find a type missing: the unique index keeps one, the other does nothing.
  if (rows.length) await db.insert(mailTemplates).values(rows).onConflictDoNothing();
}

/** The plain-text form of each body, with its placeholders, made once per body (converting HTML is the costly part). */
const textForms = new Map<string, string>();
function textForm(html: string): string {
  let text = textForms.get(html);
  if (text === undefined) {
    if (textForms.size >= 500) textForms.clear();
    text = htmlToText(html);
    textForms.set(html, text);
  }
  return text;
}

/** Fills a template in a language: the subject as text, the body as HTML (values escaped) and as plain text. */
export function renderMail(template: TemplateText, locale: Locale, params: Record<string, string>): RenderedMail {
  const ru = locale === 'ru';
  const body = ru ? template.bodyRu : template.bodyEn;
  return {
    subject: fillPlaceholders(ru ? template.subjectRu : template.subjectEn, params),
    html: fillPlaceholders(body, params, escapeHtml),
    text: fillPlaceholders(textForm(body), params),
  };
}

const textColumns = {
  id: mailTemplates.id,
  type: mailTemplates.type,
  builtin: mailTemplates.builtin,
  subjectEn: mailTemplates.subjectEn,
  subjectRu: mailTemplates.subjectRu,
  bodyEn: mailTemplates.bodyEn,
  bodyRu: mailTemplates.bodyRu,
};

/**
 * The templates messages are sent with, read in one query: the built-in ones of `types` (by type) and those chosen by
 * id (the committees' settings). A type whose built-in row is missing falls back to the catalogue's.
 */
export async function templatesFor(db: Executor, types: MailType[], ids: number[] = []): Promise<(type: MailType, id?: number) => TemplateText> {
  const where: SQL[] = [];
  if (types.length) where.push(and(eq(mailTemplates.builtin, true), inArray(mailTemplates.type, types)) as SQL);
  if (ids.length) where.push(inArray(mailTemplates.id, ids));
  const rows = where.length
    ? await db
        .select(textColumns)
        .from(mailTemplates)
        .where(or(...where))
    : [];
  return (type, id) => rows.find((r) => r.id === id && r.type === type) ?? rows.find((r) => r.builtin && r.type === type) ?? builtinTemplate(type);
}

/** The columns of a template's text, for a query that reads the template with what it is sent about (a ballot). */
export const templateTextColumns = {
  subjectEn: mailTemplates.subjectEn,
  subjectRu: mailTemplates.subjectRu,
  bodyEn: mailTemplates.bodyEn,
  bodyRu: mailTemplates.bodyRu,
};
/** The join condition of a type's built-in template. */
export const builtinOf = (type: MailType) => and(eq(mailTemplates.builtin, true), eq(mailTemplates.type, type));

/**
 * A message as it may be stored or sent: bodies sanitised, each with some text left, and the placeholder rule of the
 * type met (`messageProblems`, which the screens check too). Otherwise a VALIDATION error on the fields.
 */
export function checkMessage(type: MailType, f: TemplateText): TemplateText {
  const checked = { ...f, bodyEn: sanitizeMailHtml(f.bodyEn), bodyRu: sanitizeMailHtml(f.bodyRu) };
  const fields: Record<string, FieldMessage> = {};
  for (const [field, problem] of Object.entries(messageProblems(type, checked)))
    fields[field] = { key: problem.key, params: { names: problem.names } };
  for (const field of ['bodyEn', 'bodyRu'] as const) if (!htmlToText(checked[field]).trim()) fields[field] = 'validation.required';
  if (Object.keys(fields).length) throw new AppError('VALIDATION', { fields });
  return checked;
}

/** A mailing's text with the unsubscribe footer below each language's body ({{title}} the committee, {{link}} the recipient's page). */
export function withUnsubscribeFooter(text: TemplateText): TemplateText {
  const footer = (locale: Locale) => {
    const words = escapeHtml(translate(locale, 'mail.unsubscribeFooter', { title: '{{title}}', link: '{{link}}' }));
    return `<hr><p style="font-size:12px;color:#5f6b7a">${words.replace('{{link}}', '<a href="{{link}}">{{link}}</a>')}</p>`;
  };
  return { ...text, bodyEn: text.bodyEn + footer('en'), bodyRu: text.bodyRu + footer('ru') };
}
