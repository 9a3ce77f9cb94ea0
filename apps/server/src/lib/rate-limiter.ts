import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
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
export async function assertUnderLimits(db: Executor, now: Date, limits: Limit[]): Promise<void> {
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

export async function recordEvents(db: Executor, now: Date, limits: Limit[]): Promise<void> {
  if (limits.length) await db.insert(rateLimitEvents).values(limits.map((l) => ({ bucket: l.bucket, key: l.key, at: now })));
}

/** Drops events older than any window. */
export async function pruneEvents(db: Executor, before: Date): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.at, before));
}
