import { LOCALES, type Locale } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { mailTemplates } from '../db/schema/index.ts';

/** The mail types the portal sends; each has a default template per language in the mail catalogue. */
export const MAIL_TYPES = [
  'resetPassword',
  'firstPassword',
  'signupReceived',
  'signupExisting',
  'applicationRejected',
  'votingStarted',
  'votingReminder',
  'voteReceipt',
  'votingCode',
  'emailChanged',
  'digestPublished',
  'eventRegistered',
  'eventWaitlisted',
  'eventSeatGiven',
  'eventReminder',
  'eventChanged',
  'eventCancelled',
  'committeeRequestReceived',
  'committeeRequestConfirmed',
  'committeeRequestRemoved',
] as const;
export type MailType = (typeof MAIL_TYPES)[number];

/** A mail's subject and body, with {{placeholders}}. */
interface Template {
  subject: string;
  body: string;
}

/** The default template of a type, built from the mail catalogue. */
function defaultTemplate(type: MailType, locale: Locale): Template {
  // Interpolating each placeholder with itself keeps it for the stored template.
  const keep = (key: string) => translate(locale, `mail.${key}`, PLACEHOLDERS);
  return {
    subject: keep(`${type}.subject`),
    body: `${keep('greeting')}\n\n${keep(`${type}.body`)}\n\n--\n${keep('signature')}`,
  };
}

const PLACEHOLDERS = Object.fromEntries(
  ['name', 'link', 'email', 'company', 'reason', 'title', 'endsAt', 'at', 'receipt', 'code', 'place', 'turn', 'person', 'since'].map((p) => [
    p,
    `{{${p}}}`,
  ]),
);

/** Seeds the default templates; existing ones (perhaps edited) are left alone. */
export async function seedMailTemplates(db: Executor): Promise<void> {
  const rows = MAIL_TYPES.flatMap((type) => LOCALES.map((locale) => ({ type, locale, ...defaultTemplate(type, locale) })));
  await db.insert(mailTemplates).values(rows).onConflictDoNothing();
}

const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');

/** Fills a template (the stored one, or the default when none is stored) with its parameters. */
export function renderTemplate(
  stored: Template | null | undefined,
  type: MailType,
  locale: Locale,
  params: Record<string, string>,
): { subject: string; text: string } {
  const template = stored ?? defaultTemplate(type, locale);
  return { subject: fill(template.subject, params), text: fill(template.body, params) };
}

/** The stored templates of the given types, by `type:locale`, read in one query. */
export async function storedTemplates(db: Executor, types: MailType[]): Promise<Map<string, Template>> {
  const rows = await db
    .select({ type: mailTemplates.type, locale: mailTemplates.locale, subject: mailTemplates.subject, body: mailTemplates.body })
    .from(mailTemplates)
    .where(inArray(mailTemplates.type, types));
  return new Map(rows.map((r) => [`${r.type}:${r.locale}`, r]));
}
