import { lt, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../db/client.ts';
import { rateCounters } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import { Batcher } from './batcher.ts';
import type { Clock } from './clock.ts';

/**
 * A ceiling of hits per key and fixed window, counted in the database so that every app server counts the same.
 * The hits of one key that arrive together are added in one statement (a room of voters behind one address is one
 * row and one upsert per turn of the event loop, not one per request); each hit learns its place in the window.
 */
export class HitCounter {
  private readonly batcher: Batcher<null, number>;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly bucket: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {
    this.batcher = new Batcher(async (key, hits) => {
      const windowStart = new Date(Math.floor(this.clock.now().getTime() / this.windowMs) * this.windowMs);
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`INSERT INTO ${rateCounters} (bucket, key, window_start, count) VALUES (${this.bucket}, ${key}, ${windowStart}, ${hits.length})
          ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = ${rateCounters}.count + excluded.count RETURNING count`,
      );
      const total = Number(row?.count ?? hits.length);
      return hits.map((_, i) => total - hits.length + 1 + i);
    });
  }

  /**
   * Counts one hit for the key; past the ceiling (the counter's own, or one of this key's) it refuses with 429 (the
   * hit still counts, as a refused request does).
   */
  async hit(key: string, max = this.max): Promise<void> {
    const place = await this.batcher.add(key, null);
    if (place > max) throw new AppError('RATE_LIMITED', { params: { count: Math.ceil(this.windowMs / 60_000) } });
  }
}

/** Drops the counters of windows that ended before `before`. */
export async function pruneCounters(db: Executor, before: Date): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, before));
}
