import { z } from 'zod';
import { fileName, formBoolean, id, int, optionalFilter, paging } from '../fields.ts';

export const DIGEST_SORTS = ['uploadedAt', 'fileName', 'size'] as const;

/** The digest's list: newest first unless sorted otherwise; searched by file name, filtered by the upload's year. */
export const digestListQuery = paging.extend({
  sort: optionalFilter(z.enum(DIGEST_SORTS)),
  order: z.enum(['asc', 'desc']).default('desc'),
  year: optionalFilter(int(1970).max(2200, 'validation.invalid')),
});
export type DigestListQuery = z.input<typeof digestListQuery>;

export const digestSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type Digest = z.infer<typeof digestSchema>;

/** A page of issues, with every year that has one (for the year filter). */
export const digestPage = z.object({ rows: z.array(digestSchema), total: z.number().int(), years: z.array(z.number().int()) });

/** Open in the browser (inline) or download under its own name. */
export const digestDownloadQuery = z.object({ id, inline: formBoolean.default(false) });

/** A new issue: the PDF as `file`; its name is the file's own unless `fileName` says otherwise. */
export const digestCreateFields = z.object({ fileName: optionalFilter(fileName) });
/** Renames an issue, replaces its PDF (a new `file`), or both. */
export const digestUpdateFields = z.object({ id, fileName: optionalFilter(fileName) });
export const digestDeleteQuery = z.object({ id });
