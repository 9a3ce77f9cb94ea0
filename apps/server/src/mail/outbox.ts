import type { Locale } from '@portal/shared';
import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { type MailAttachment, mailOutbox } from '../db/schema/index.ts';
import { type MailType, renderTemplate, storedTemplates } from './templates.ts';

export interface OutgoingMail {
  type: MailType;
  to: string;
  locale: Locale;
  params: Record<string, string>;
  /** What a bulk message is about ('voting:12'), for `mailProgress`. */
  topic?: string;
  /** Small files sent with it (an event's .ics). */
  attachments?: MailAttachment[];
}

/** How the messages about a topic are going: waiting (or being retried), sent, given up on. */
export async function mailProgress(db: Executor, topic: string): Promise<{ queued: number; sent: number; failed: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(eq(mailOutbox.topic, topic))
    .groupBy(mailOutbox.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { queued: of('pending'), sent: of('sent'), failed: of('failed') };
}

/** Rows per insert when many messages go out at once (a voting's start notice to every eligible voter). */
const CHUNK = 500;

/**
 * Puts messages in the outbox, in the caller's transaction: they are sent only if the change commits.
 * The templates are read once, whatever the number of messages.
 */
export async function enqueueMail(tx: Executor, now: Date, mail: OutgoingMail | OutgoingMail[]): Promise<void> {
  const mails = Array.isArray(mail) ? mail : [mail];
  if (!mails.length) return;
  const templates = await storedTemplates(tx, [...new Set(mails.map((m) => m.type))]);
  const rows = mails.map((m) => ({
    type: m.type,
    to: m.to,
    ...renderTemplate(templates.get(`${m.type}:${m.locale}`), m.type, m.locale, m.params),
    nextAttemptAt: now,
    createdAt: now,
    topic: m.topic ?? null,
    attachments: m.attachments ?? null,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(mailOutbox).values(rows.slice(i, i + CHUNK));
}

/**
 * The insert that queues messages already rendered, for a statement that decides in the database which ones to
 * send: `rows` (a query giving "to", subject, text and at) become messages of the type, due at once. It is part of
 * the caller's statement, so the messages commit or roll back with what that statement writes (a vote's receipts,
 * one per response its cast statement inserts).
 */
export function enqueueRendered(type: MailType, rows: SQL): SQL {
  return sql`INSERT INTO ${mailOutbox} (type, "to", subject, text, next_attempt_at, created_at)
    SELECT ${type}, m."to", m.subject, m.text, m.at, m.at FROM (${rows}) m`;
}
