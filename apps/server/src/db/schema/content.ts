import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './organisation.ts';

/** Issues of the media digest: a PDF each, its bytes in the file store under `fileKey`. */
export const digests = pgTable(
  'digests',
  {
    id: serial('id').primaryKey(),
    /** The name shown and served back, as the uploader gave it. */
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The file store's key: generated, never taken from a client. */
    fileKey: text('file_key').notNull().unique(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('digests_uploaded_idx').on(t.uploadedAt), index('digests_name_trgm_idx').using('gin', t.fileName.op('gin_trgm_ops'))],
);
