import { inArray, lt, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { rateLimitEvents } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

export interface Limit {
  bucket: string;
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Checks every limit and counts one event towards each, as one step, in one round trip (`take_from_limits`, migration
 * 0035): the database locks each counter (a transaction-scoped advisory lock, taken in a fixed order) from its check
 * to its count, so requests arriving together cannot all pass a check made before any of them was counted, and
 * several app servers share one count. Refuses with 429 and counts nothing when a limit is reached within its window.
 * Returns the events counted, for `releaseEvents` when the attempt turns out not to count (a successful login).
 */
export async function takeFromLimits(db: Executor, now: Date, limits: Limit[]): Promise<number[]> {
  const [taken] = await queryRows<{ refused: number | null; ids: number[] | null }>(
    db,
    sql`SELECT refused, ids FROM take_from_limits(
      ${sql.param(limits.map((l) => l.bucket))}::text[], ${sql.param(limits.map((l) => l.key))}::text[],
      ${sql.param(limits.map((l) => l.max))}::int[], ${sql.param(limits.map((l) => new Date(now.getTime() - l.windowMs).toISOString()))}::timestamptz[],
      ${now.toISOString()}::timestamptz)`,
  );
  const refused = taken?.refused ? limits[taken.refused - 1] : undefined;
  if (refused) throw new AppError('RATE_LIMITED', { params: { count: Math.ceil(refused.windowMs / 60_000) } });
  return taken?.ids ?? [];
}

/** Takes back events counted by `takeFromLimits`. */
export async function releaseEvents(db: Executor, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
}

/** Drops events older than any window. */
export async function pruneEvents(db: Executor, before: Date): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.at, before));
}
