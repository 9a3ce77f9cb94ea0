import fs from 'node:fs/promises';
import path from 'node:path';
import { liveTopic, votingOfTopic } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { type Db, queryRows } from '../db/client.ts';
import { type MailAttachment, mailOutbox } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { LiveNotifier } from '../lib/live-bus.ts';

/** A message as it leaves the outbox. */
export interface OutgoingMessage {
  id: number;
  type: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string> | null;
  attachments?: MailAttachment[] | null;
}

/** The HTML part as a whole document: the body sits in a readable column, in the portal's typeface. */
const htmlDocument = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family:Roboto,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2933;max-width:640px">${body}</body></html>`;

/** nodemailer's fields of a message. */
const envelope = (m: OutgoingMessage) => ({
  from: m.from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html ? htmlDocument(m.html) : undefined,
  headers: m.headers ?? undefined,
  attachments: m.attachments ?? undefined,
});

/** The portal's sender with another name shown ("Committee secretariat" <no-reply@…>); the address stays the portal's. */
export function withSenderName(from: string, name: string | null | undefined): string {
  if (!name) return from;
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return `"${name.replace(/["\\]/g, '')}" <${address}>`;
}

export interface Transport {
  send(message: OutgoingMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file under data/mail, its path logged. */
export function createTransport(smtpUrl: string | undefined, mailDir: string, log: FastifyBaseLogger): Transport {
  if (smtpUrl) {
    // Pooled connections, so several messages are on their way at once (see MailSender).
    const url = new URL(smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    // Enough connections for the messages on their way at once, fewer than relays refuse (SENDERS × LEASE_BATCH would be).
    if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', String(SMTP_CONNECTIONS));
    // A stalled relay gives up well within a message's lease, so no message is still on its way when it is leased again.
    for (const timeout of ['connectionTimeout', 'greetingTimeout', 'socketTimeout'])
      if (!url.searchParams.has(timeout)) url.searchParams.set(timeout, String(SMTP_TIMEOUT_MS));
    const smtp = nodemailer.createTransport(url.toString());
    return { send: async (m) => void (await smtp.sendMail(envelope(m))) };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (m) => {
      const info = await files.sendMail(envelope(m));
      await fs.mkdir(mailDir, { recursive: true });
      const file = path.join(mailDir, `${String(m.id).padStart(6, '0')}-${m.type}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ file, to: m.to, type: m.type }, 'mail written to file');
    },
  };
}

type LeasedMail = Omit<OutgoingMessage, 'from'> & { attempts: number; senderName: string | null; topic: string | null };

const LEASE_MS = 5 * 60_000;
/** Messages leased and sent together: small, so a message someone waits for is never more than a batch behind. */
export const LEASE_BATCH = 8;
/** Batches on their way at once in a sending run, each leased on its own (SKIP LOCKED): a mailing to thousands goes at hundreds a second. */
export const SENDERS = 4;
const SMTP_CONNECTIONS = 10;
const SMTP_TIMEOUT_MS = 60_000;
/** Messages a person is waiting for right now (a code, a link): always leased before bulk (notices, reminders). */
export const URGENT_TYPES = ['votingCode', 'resetPassword', 'firstPassword', 'emailChanged'] as const;
const URGENT = sql.raw(`type IN (${URGENT_TYPES.map((t) => `'${t}'`).join(', ')})`);
const MAX_ATTEMPTS = 8;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);

/**
 * Sends due outbox messages. A message is leased before sending (next attempt pushed ahead), so a crash
 * mid-send retries it later and two servers never send it at once; failures back off and stay visible.
 * A run sends until nothing is due, a small batch at a time, the batch's messages at once; each batch is leased
 * urgent first, so a code asked for while thousands of notices go out leaves with the next batch.
 */
export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly transport: Transport,
    private readonly clock: Clock,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly live?: LiveNotifier,
  ) {}

  start(intervalMs = 1000): void {
    this.timer = setInterval(() => void this.flush().catch((err) => this.log.error({ err }, 'mail sending failed')), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running?.catch(() => {});
  }

  /** Sends what is due now; returns how many were sent. One run at a time. */
  flush(): Promise<number> {
    this.running ??= this.sendDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** The loops run to their end whatever one of them meets, so a run never leaves one behind it (stop waits for the run). */
  private async sendDue(): Promise<number> {
    const loops = await Promise.allSettled(Array.from({ length: SENDERS }, () => this.sendBatches()));
    let sent = 0;
    for (const loop of loops) {
      if (loop.status === 'fulfilled') sent += loop.value;
      else this.log.error({ err: loop.reason }, 'mail sending failed');
    }
    return sent;
  }

  /** Leases and sends batches until nothing is due. */
  private async sendBatches(): Promise<number> {
    let sent = 0;
    for (let batch = await this.lease(); batch.length > 0 && !this.stopping; batch = await this.lease()) {
      const outcomes = await Promise.all(batch.map((m) => this.send(m)));
      sent += outcomes.filter(Boolean).length;
    }
    return sent;
  }

  private lease(): Promise<LeasedMail[]> {
    const now = this.clock.now();
    return queryRows<LeasedMail>(
      this.db,
      sql`
      UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
      WHERE id IN (
        SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ${now}
        ORDER BY ${URGENT} DESC, id LIMIT ${LEASE_BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, type, "to", subject, text, html, headers, sender_name AS "senderName", attachments, attempts, topic`,
    );
  }

  /**
   * Sends one leased message and records the outcome as soon as it is known, only while the lease is still this
   * send's (the attempt it took): a send that outlived its lease cannot undo what a later one recorded.
   */
  private async send(m: LeasedMail): Promise<boolean> {
    const ours = and(eq(mailOutbox.id, m.id), eq(mailOutbox.attempts, m.attempts), eq(mailOutbox.status, 'pending'));
    try {
      await this.transport.send({ ...m, from: withSenderName(this.from, m.senderName) });
      await this.db.update(mailOutbox).set({ status: 'sent', sentAt: this.clock.now(), lastError: null }).where(ours);
      return true;
    } catch (err) {
      const failed = m.attempts >= MAX_ATTEMPTS;
      this.log.warn({ err, mailId: m.id, attempts: m.attempts }, 'mail send failed');
      await this.db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: String((err as Error).message ?? err).slice(0, 500),
          nextAttemptAt: new Date(this.clock.now().getTime() + backoffMs(m.attempts)),
        })
        .where(ours);
      return false;
    } finally {
      // A voting's results page counts its notices sent, queued and failed: it follows them live.
      const votingId = m.topic ? votingOfTopic(m.topic) : null;
      if (votingId !== null) this.live?.publish(liveTopic.voting(votingId));
    }
  }
}
