import { z } from 'zod';
import { id, optionalFilter, paging, requiredText } from '../fields.ts';
import { API_PREFIX_OF, API_PREFIX_ROLES, ROLES, type Role } from '../roles.ts';

export const DOC_CATEGORIES = ['statutory', 'minutes', 'policies', 'reports', 'other'] as const;
export type DocCategory = (typeof DOC_CATEGORIES)[number];

/** The roles a document can be meant for (admin sees every document). */
export const DOC_AUDIENCE = ['employee', 'trusted', 'ceo', 'staff'] as const satisfies readonly Role[];

/** The documents' routes sit under every role's prefix: the API's, and /user for the employee (spec §7). */
export const DOC_PREFIXES = ['admin', 'aipm', 'ceo', 'trusted', 'user'] as const;
export type DocPrefix = (typeof DOC_PREFIXES)[number];
export const DOC_PREFIX_ROLES: Record<DocPrefix, readonly Role[]> = { ...API_PREFIX_ROLES, user: ['employee'] };
export const DOC_PREFIX_OF: Record<Role, DocPrefix> = { ...(API_PREFIX_OF as Record<Exclude<Role, 'employee'>, DocPrefix>), employee: 'user' };

export const documentSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleRu: z.string(),
  category: z.enum(DOC_CATEGORIES),
  roles: z.array(z.enum(ROLES)),
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type DocumentItem = z.infer<typeof documentSchema>;

/** The documents meant for the caller, newest first, searched by title in either language, by category. */
export const docsQuery = paging.extend({
  sort: optionalFilter(z.enum(['uploadedAt', 'title'])),
  order: z.enum(['asc', 'desc']).default('desc'),
  category: optionalFilter(z.enum(DOC_CATEGORIES)),
});
export type DocsQuery = z.input<typeof docsQuery>;

/** The roles as a form sends them: "employee,trusted" (a multipart body has no arrays); at least one. */
const audience = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(z.enum(DOC_AUDIENCE, { error: 'validation.invalid' }), { error: 'validation.chooseRoles' }).min(1, 'validation.chooseRoles'),
);

/** A new document (multipart: these fields and the PDF as `file`). */
export const docFields = z.object({
  titleEn: requiredText(300),
  titleRu: requiredText(300),
  category: z.enum(DOC_CATEGORIES, { error: 'validation.invalid' }),
  roles: audience,
});
/** An edit: the same fields, and a new PDF when one is sent. */
export const docUpdateFields = docFields.extend({ id });
export const docIdQuery = z.object({ id });
