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

/** Mail bodies by type and language; seeded with defaults, edited later by the template editor. */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    locale: text('locale', { enum: ['en', 'ru'] }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_templates_type_locale_key').on(t.type, t.locale)],
);
