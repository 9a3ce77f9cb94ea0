import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { rateLimitEvents } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

export interface Limit {
  bucket: string;
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts events in PostgreSQL, so several app servers share one count.
 * Refuses with 429 when any of the limits is reached within its window.
 */
async function assertUnderLimits(db: Executor, now: Date, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const since = new Date(now.getTime() - limit.windowMs);
    const [row] = await db
      .select({ n: count() })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.bucket, limit.bucket), eq(rateLimitEvents.key, limit.key), gt(rateLimitEvents.at, since)));
    if ((row?.n ?? 0) >= limit.max) {
      throw new AppError('RATE_LIMITED', { params: { count: Math.ceil(limit.windowMs / 60_000) } });
    }
  }
}

/**
 * Checks every limit and counts one event towards each, as one step: each counter is locked (a transaction-scoped
 * advisory lock, taken in a fixed order) from the check to the count, so requests arriving together cannot all
 * pass a check made before any of them was counted. Refuses with 429 and counts nothing when a limit is reached.
 * Returns the events counted, for `releaseEvents` when the attempt turns out not to count (a successful login).
 */
export async function takeFromLimits(db: Db, now: Date, limits: Limit[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const counters = [...new Set(limits.map((l) => `${l.bucket}:${l.key}`))].sort();
    for (const counter of counters) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${counter}))`);
    await assertUnderLimits(tx, now, limits);
    const rows = await tx
      .insert(rateLimitEvents)
      .values(limits.map((l) => ({ bucket: l.bucket, key: l.key, at: now })))
      .returning({ id: rateLimitEvents.id });
    return rows.map((r) => r.id);
  });
}

/** Takes back events counted by `takeFromLimits`. */
export async function releaseEvents(db: Executor, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
}

/** Drops events older than any window. */
export async function pruneEvents(db: Executor, before: Date): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.at, before));
}
