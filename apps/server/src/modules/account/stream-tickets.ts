import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { User } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { rateCounters } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { findSessionById } from './account.repository.ts';

/** A ticket opens a stream within this time; the browser asks for it just before. */
export const TICKET_TTL_MS = 60_000;

const mac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/**
 * Tickets for live streams (EventSource cannot send the Bearer token). A ticket is `session.expiry.nonce.mac`, signed
 * with the session token's stored hash: any app server can check it against the database without a shared secret,
 * and it dies with its session. It is single use: its nonce is counted once in `rate_counters` (the window is the
 * ticket's own expiry, so the row is pruned with the other counters).
 */
export class StreamTickets {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A ticket for the caller's session. */
  async issue(sessionId: number): Promise<string> {
    const session = await findSessionById(this.db, sessionId, this.clock.now());
    if (!session) throw new AppError('UNAUTHORIZED');
    const text = `${sessionId}.${this.clock.now().getTime() + TICKET_TTL_MS}.${randomBytes(16).toString('base64url')}`;
    return `${text}.${mac(session.tokenHash, text)}`;
  }

  /** The person a ticket stands for; a forged, expired, used or dead session's ticket is 401. */
  async redeem(ticket: string): Promise<User> {
    const [sessionId, expiry, nonce, signature] = ticket.split('.');
    const now = this.clock.now().getTime();
    const expiresAt = Number(expiry);
    if (!sessionId || !/^\d{1,10}$/.test(sessionId) || !nonce || !signature || !(expiresAt > now) || expiresAt > now + TICKET_TTL_MS) {
      throw new AppError('UNAUTHORIZED');
    }
    const session = await findSessionById(this.db, Number(sessionId), this.clock.now());
    const expected = Buffer.from(session ? mac(session.tokenHash, `${sessionId}.${expiry}.${nonce}`) : '');
    const given = Buffer.from(signature);
    if (!session || expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('UNAUTHORIZED');
    const [use] = await queryRows<{ count: number }>(
      this.db,
      sql`INSERT INTO ${rateCounters} (bucket, key, window_start, count) VALUES ('stream-ticket', ${nonce}, ${new Date(expiresAt)}, 1)
        ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = ${rateCounters}.count + 1 RETURNING count`,
    );
    if (Number(use?.count) !== 1) throw new AppError('UNAUTHORIZED');
    return session.user;
  }
}
