import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './organisation.ts';

/** Every change to shared data and every security event, written in the same transaction as the change. */
export const actionLog = pgTable(
  'action_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Which log the entry belongs to: users, vote, committee, security, … */
    domain: text('domain').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    actorId: integer('actor_id').references(() => users.id),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    viewed: boolean('viewed').notNull().default(false),
  },
  (t) => [
    index('action_log_domain_idx').on(t.domain, t.at),
    index('action_log_unviewed_idx').on(t.domain, t.viewed),
    // The history's author and object filters.
    index('action_log_author_idx').on(t.actorId, t.domain, t.id),
    index('action_log_entity_idx').on(t.entity, t.entityId, t.id),
  ],
);

/** Outgoing e-mail: written first, sent later, retried with back-off, never lost. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The HTML part (the text part is made from it); null for a message written as plain text. */
    html: text('html'),
    /** The sender's name shown to the recipient instead of the portal's (committee e-mails); the address stays the portal's. */
    senderName: text('sender_name'),
    /** Extra headers (a mailing's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What a bulk message is about ('voting:12'), so its sender can follow how it goes; null for one-off mail. */
    topic: text('topic'),
    /** Small files sent with the message (an event's .ics), as text. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_topic_idx').on(t.topic, t.status)],
);

/** A file sent with a message: small and textual, kept in the outbox row until sent. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * The mail templates: subject (text) and body (sanitised HTML) in both languages. Each type has one built-in
 * template (seeded from the mail catalogue, editable, never deleted) that the portal sends it with; the committee
 * event types may have more, the committees' settings choosing which one is used.
 */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    builtin: boolean('builtin').notNull().default(false),
    subjectEn: text('subject_en').notNull(),
    subjectRu: text('subject_ru').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyRu: text('body_ru').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_templates_builtin_key').on(t.type).where(sql`builtin`), index('mail_templates_type_idx').on(t.type)],
);

/** When each daily job last ran for the whole portal (every app server checks; the first to take the lock runs it). */
export const scheduledRuns = pgTable('scheduled_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
});

/** Sent messages per topic whose outbox rows the retention run purged, so a mailing's figures outlive its rows. */
export const mailSentTotals = pgTable('mail_sent_totals', {
  topic: text('topic').primaryKey(),
  sent: integer('sent').notNull(),
});
