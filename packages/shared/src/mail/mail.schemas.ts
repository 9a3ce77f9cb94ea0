import { z } from 'zod';
import { id, multiline, requiredMultiline, requiredText } from '../fields.ts';
import { LOCALES } from '../limits.ts';
import { COMMITTEE_MAIL_EVENTS, MAIL_TYPES } from './mail.rules.ts';

export const mailTypeField = z.enum(MAIL_TYPES, { error: 'validation.invalid' });

/** A template as the list shows it. */
export const templateSummarySchema = z.object({
  id: z.number().int(),
  type: z.enum(MAIL_TYPES),
  name: z.string(),
  description: z.string(),
  /** The type's own template: the one the portal sends it with (unless the committees' settings pick another); never deleted. */
  builtin: z.boolean(),
  updatedAt: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** A template whole: its subject (text) and body (sanitised HTML) in both languages. */
export const templateSchema = templateSummarySchema.extend({
  subjectEn: z.string(),
  subjectRu: z.string(),
  bodyEn: z.string(),
  bodyRu: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

/**
 * The largest body (HTML, images by address only), in characters: a long letter with formatting, and small enough that a
 * mailing to thousands (a rendered copy per recipient in the outbox) stays a modest write.
 */
export const TEMPLATE_BODY_MAX = 20_000;
const subject = requiredText(300);
const body = requiredMultiline(TEMPLATE_BODY_MAX);
/** What a message says in both languages: a mailing's, or a template's. */
export const messageFields = { subjectEn: subject, subjectRu: subject, bodyEn: body, bodyRu: body };
const templateFields = { name: requiredText(200), description: multiline(1000).default(''), ...messageFields };

export const templateCreateBody = z.object({ type: mailTypeField, ...templateFields });
/** A template keeps its type. */
export const templateUpdateBody = z.object({ id, ...templateFields });
export const templateIdQuery = z.object({ id });
export const templateTypeQuery = z.object({ type: mailTypeField });

/** A subject and body to render with sample data (preview) or to send to oneself (test). */
export const templateTrialBody = z.object({
  type: mailTypeField,
  locale: z.enum(LOCALES, { error: 'validation.invalid' }),
  subject,
  body,
});
export const renderedMailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedMail = z.infer<typeof renderedMailSchema>;

/** Multipart field `image` of an image for a template's body. */
export const templateImageSchema = z.object({ url: z.string() });
/** An image's name in its address: the stored key's id and the type's extension. */
export const templateImageQuery = z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/, 'validation.invalid') });

// ---- the committees' mail settings

export const committeeMailSettingsSchema = z.object({
  /** The sender's name recipients see on committee e-mails and mailings (the address is the portal's). */
  senderName: z.string(),
  /** The template each committee event is sent with. */
  templates: z.object(
    Object.fromEntries(Object.keys(COMMITTEE_MAIL_EVENTS).map((e) => [e, z.number().int()])) as Record<
      keyof typeof COMMITTEE_MAIL_EVENTS,
      z.ZodNumber
    >,
  ),
});
export type CommitteeMailSettings = z.infer<typeof committeeMailSettingsSchema>;
export const committeeMailSettingsBody = z.object({
  senderName: requiredText(100).refine((v) => !/[<>"@,;]/.test(v), 'validation.senderName'),
  ...(Object.fromEntries(Object.keys(COMMITTEE_MAIL_EVENTS).map((e) => [e, id])) as Record<keyof typeof COMMITTEE_MAIL_EVENTS, typeof id>),
});
