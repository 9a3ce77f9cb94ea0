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

/** The help page's questions and answers, in both languages, in the order staff set (`position`, 1-based). */
export const helpItems = pgTable('help_items', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull(),
  questionEn: text('question_en').notNull(),
  questionRu: text('question_ru').notNull(),
  answerEn: text('answer_en').notNull(),
  answerRu: text('answer_ru').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Files the association publishes one of each (`slot`: the user instruction, the code of practice), in the file store. */
export const siteFiles = pgTable('site_files', {
  slot: text('slot', { enum: ['userGuide', 'codex'] }).primaryKey(),
  fileName: text('file_name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  fileKey: text('file_key').notNull().unique(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Documents the association publishes, each for the roles it names (admin sees all); a PDF each in the file store. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    category: text('category', { enum: ['statutory', 'minutes', 'policies', 'reports', 'other'] }).notNull(),
    roles: text('roles').array().notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    fileKey: text('file_key').notNull().unique(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('documents_uploaded_idx').on(t.uploadedAt), index('documents_roles_idx').using('gin', t.roles)],
);

/** Texts the association publishes one of each, in both languages (`slot`: the code of practice). */
export const siteTexts = pgTable('site_texts', {
  slot: text('slot', { enum: ['codex'] }).primaryKey(),
  textEn: text('text_en').notNull(),
  textRu: text('text_ru').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
