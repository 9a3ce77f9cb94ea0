import type { Locale } from '@portal/shared';
import { count, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { type MailAttachment, mailOutbox, mailSentTotals } from '../db/schema/index.ts';
import { type MailType, renderMail, type TemplateText, templatesFor } from './templates.ts';

export interface OutgoingMail {
  type: MailType;
  to: string;
  locale: Locale;
  params: Record<string, string>;
  /** What a bulk message is about ('voting:12'), for `mailProgress`. */
  topic?: string;
  /** Small files sent with it (an event's .ics). */
  attachments?: MailAttachment[];
  /** The template to use instead of the type's built-in one (the committees' settings choose it); must be of the type. */
  templateId?: number;
  /** The text itself, not a stored template's (a mailing, a test of a template being edited). */
  template?: TemplateText;
  /** The sender's name shown instead of the portal's. */
  senderName?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

export type MailProgress = { queued: number; sent: number; failed: number };

/** How the messages about a topic are going: waiting (or being retried), sent, given up on. */
export async function mailProgress(db: Executor, topic: string): Promise<MailProgress> {
  return (await mailProgressOf(db, [topic])).get(topic) ?? { queued: 0, sent: 0, failed: 0 };
}

/** The same for several topics (a page of mailings), in one query. */
export async function mailProgressOf(db: Executor, topics: string[]): Promise<Map<string, MailProgress>> {
  const progress = new Map(topics.map((t) => [t, { queued: 0, sent: 0, failed: 0 }]));
  if (!topics.length) return progress;
  const rows = await db
    .select({ topic: mailOutbox.topic, status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.topic, topics))
    .groupBy(mailOutbox.topic, mailOutbox.status);
  for (const r of rows) {
    const p = progress.get(r.topic ?? '');
    if (p) p[r.status === 'pending' ? 'queued' : r.status] = r.n;
  }
  // Messages the retention run purged still count as sent.
  const purged = await db.select().from(mailSentTotals).where(inArray(mailSentTotals.topic, topics));
  for (const r of purged) {
    const p = progress.get(r.topic);
    if (p) p.sent += r.sent;
  }
  return progress;
}

/**
 * Purges messages sent before `before` (the retention run): what they said and to whom goes, and each topic's count
 * of them moves to `mail_sent_totals` in the same statement, so a mailing's or a voting's figures stay as they were.
 * Failed messages stay for staff to see. Answers how many were purged.
 */
export async function purgeSentMail(tx: Executor, before: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`WITH gone AS (
          DELETE FROM ${mailOutbox} WHERE ${mailOutbox.status} = 'sent' AND ${mailOutbox.sentAt} < ${before} RETURNING ${mailOutbox.topic} AS topic
        ), kept AS (
          INSERT INTO ${mailSentTotals} (topic, sent) SELECT topic, count(*)::int FROM gone WHERE topic IS NOT NULL GROUP BY topic
          ON CONFLICT (topic) DO UPDATE SET sent = ${mailSentTotals.sent} + excluded.sent
        )
        SELECT count(*)::int AS n FROM gone`,
  );
  return row?.n ?? 0;
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
  const stored = mails.filter((m) => !m.template);
  const ids = stored.flatMap((m) => (m.templateId ? [m.templateId] : []));
  const templateOf = await templatesFor(tx, [...new Set(stored.map((m) => m.type))], [...new Set(ids)]);
  const rows = mails.map((m) => ({
    type: m.type,
    to: m.to,
    ...renderMail(m.template ?? templateOf(m.type, m.templateId), m.locale, m.params),
    senderName: m.senderName ?? null,
    headers: m.headers ?? null,
    nextAttemptAt: now,
    createdAt: now,
    topic: m.topic ?? null,
    attachments: m.attachments ?? null,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(mailOutbox).values(rows.slice(i, i + CHUNK));
}

/**
 * The insert that queues messages already rendered, for a statement that decides in the database which ones to
 * send: `rows` (a query giving "to", subject, html, text and at) become messages of the type, due at once. It is part of
 * the caller's statement, so the messages commit or roll back with what that statement writes (a vote's receipts,
 * one per response its cast statement inserts).
 */
export function enqueueRendered(type: MailType, rows: SQL): SQL {
  return sql`INSERT INTO ${mailOutbox} (type, "to", subject, html, text, next_attempt_at, created_at)
    SELECT ${type}, m."to", m.subject, m.html, m.text, m.at, m.at FROM (${rows}) m`;
}
