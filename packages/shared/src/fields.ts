import { z } from 'zod';
import { LIMITS } from './limits.ts';

/** Reusable zod fields. Messages are catalogue keys, translated where they are shown. */

const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const LATIN_RE = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}\p{S}]*$/u;
const PHONE_SEPARATORS_RE = /[\s\-()]/g;
const PHONE_RE = /^\+?\d{10,15}$/;

/**
 * Characters no text may hold: NUL and the other C0 and C1 controls, DEL, the bidirectional embedding, override and
 * isolate characters (U+202A–U+202E, U+2066–U+2069: they would reverse the rest of a log row or an e-mail line) and
 * lone UTF-16 surrogates (the database cannot store them; with the u flag a proper pair is one code point outside
 * the class, so emoji pass). A single line refuses tab, CR and LF too; several lines keep them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: naming the control characters to refuse is the point
const SINGLE_LINE_RE = /^[^\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]*$/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above
const MULTI_LINE_RE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]*$/u;

/** Any single-line text input: trimmed, at most `max` characters, no line breaks or control characters; may be empty. */
export const text = (max: number) =>
  z.string({ error: 'validation.required' }).trim().max(max, 'validation.tooLong').regex(SINGLE_LINE_RE, 'validation.singleLine');

/** A required single-line text (trimmed). */
export const requiredText = (max: number = LIMITS.textMaxLength) => text(max).min(1, 'validation.required');

/** A text of several lines (a description): line breaks and tabs are kept, other controls refused; may be empty. */
export const multiline = (max: number) =>
  z.string({ error: 'validation.required' }).trim().max(max, 'validation.tooLong').regex(MULTI_LINE_RE, 'validation.badCharacters');

/** A required text of several lines (a question, a reason). */
export const requiredMultiline = (max: number) => multiline(max).min(1, 'validation.required');

/** A moment with its offset, between 1970 and 2200 (anything else is a typing slip, and the database's range is finite). */
export const dateTime = z.iso
  .datetime({ offset: true, error: 'validation.dateTime' })
  .refine((v) => Date.parse(v) >= 0 && Date.parse(v) < Date.UTC(2200, 0, 1), 'validation.dateTime');

/** An optional text: empty input becomes null. */
export const optionalText = (max: number = LIMITS.textMaxLength) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const email = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(254, 'validation.email')
  .regex(EMAIL_RE, 'validation.email')
  .regex(SINGLE_LINE_RE, 'validation.email');

/**
 * A password for logging in: only present, never checked for strength (old passwords stay valid), never trimmed; like
 * every text it holds no control, direction or lone surrogate character (no password could be set with one).
 */
export const passwordInput = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .max(LIMITS.passwordMaxLength, 'validation.tooLong')
  .regex(SINGLE_LINE_RE, 'validation.singleLine');

/** A new password: at least 8 characters with digits, upper- and lower-case letters. */
export const newPassword = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .min(LIMITS.passwordMinLength, 'validation.passwordMin')
  .max(LIMITS.passwordMaxLength, 'validation.tooLong')
  .regex(SINGLE_LINE_RE, 'validation.singleLine')
  .refine((v) => /\d/.test(v) && /\p{Lu}/u.test(v) && /\p{Ll}/u.test(v), 'validation.passwordChars');

export const latinOnly = (max: number = LIMITS.textMaxLength) => requiredText(max).regex(LATIN_RE, 'validation.latinOnly');

export const noCommas = (max: number = LIMITS.textMaxLength) => requiredText(max).refine((v) => !v.includes(','), 'validation.noCommas');

/** A phone: optional leading +, then 10 to 15 digits once spaces, dashes and brackets are removed. */
export const phone = requiredText(40).refine((v) => PHONE_RE.test(v.replace(PHONE_SEPARATORS_RE, '')), 'validation.phone');

/** A whole number within the database's `integer` column. */
export const int = (min: number, message = 'validation.invalid') =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(LIMITS.intMax, message);

export const id = int(1);

/** An optional reference id: empty form values become null. */
export const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable());

/** A checkbox that must be ticked; accepts JSON true and form values "on", "true", "1". */
export const requiredCheckbox = (message: string) =>
  z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.literal(true, { error: message }));

/** A boolean from JSON or a form ("true"/"false", "1"/"0", "on"). */
export const formBoolean = z.preprocess(
  (v) => {
    if (v === 'true' || v === '1' || v === 'on') return true;
    if (v === 'false' || v === '0' || v === '') return false;
    return v;
  },
  z.boolean({ error: 'validation.invalid' }),
);

/** A list filter: absent, empty or "all" means no filter. */
export const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), schema.optional());

/**
 * A file's name as people see it: one line, no path (no slash, backslash or a name of dots only), at most 255
 * characters. Shown and sent back in Content-Disposition; never part of a path on the server.
 */
export const fileName = requiredText(255).refine((v) => !/[/\\]/.test(v) && !/^\.+$/.test(v), 'validation.fileName');

/** Paging, sorting and search of list endpoints: page 1 and 50 rows when absent. */
export const paging = z.object({
  page: int(1).max(LIMITS.pageMax, 'validation.invalid').default(1),
  pageSize: int(1).max(LIMITS.pageSizeMax, 'validation.invalid').default(LIMITS.pageSizeDefault),
  sort: text(64).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  search: text(100).optional(),
});

export const pageOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number().int() });

/** A message for an object schema whose two fields must match. */
export const passwordsMatch = <T extends { password: string; passwordConfirmation: string }>(v: T) => v.password === v.passwordConfirmation;
