import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type CastBatch, type CastEntry, castResponses } from './voting.repository.ts';

/** What became of one response: counted, refused because its unit had voted, or no place (closed, changed, full). */
export type CastOutcome = 'cast' | 'duplicate' | 'noPlace';

type Batch = Omit<CastBatch, 'entries' | 'now'>;

interface Waiting {
  entry: CastEntry;
  settle: (outcome: CastOutcome) => void;
  fail: (error: unknown) => void;
}

/** The most responses one statement casts. */
const MAX_BATCH = 250;

/** PostgreSQL's check_violation: the count would pass the voting's maximum. */
const isCheckViolation = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23514') return true;
  return false;
};

/**
 * The voters' responses on their way into the database. A response to a voting goes at once when nothing is
 * being written for that voting; those that arrive meanwhile wait for that statement and then go together in
 * the next one. So under load one statement and one commit carry many responses, and the voting's row is
 * locked once per statement instead of once per voter, while a lone voter waits for nothing. The database
 * decides every response exactly as it would one at a time; several app servers each have their own box.
 */
export class BallotBox {
  private readonly queues = new Map<string, { batch: Batch; waiting: Waiting[] }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  cast(batch: Batch, entry: CastEntry): Promise<CastOutcome> {
    // Ballots checked against different versions of the voting never share a statement.
    const key = `${batch.votingId}:${batch.votingUpdatedAt.getTime()}:${batch.source}`;
    return new Promise((settle, fail) => {
      const queue = this.queues.get(key);
      if (queue) queue.waiting.push({ entry, settle, fail });
      else {
        this.queues.set(key, { batch, waiting: [{ entry, settle, fail }] });
        void this.drain(key);
      }
    });
  }

  private async drain(key: string): Promise<void> {
    const queue = this.queues.get(key);
    if (!queue) return;
    while (queue.waiting.length) await this.write(queue.batch, queue.waiting.splice(0, MAX_BATCH));
    this.queues.delete(key);
  }

  private async write(batch: Batch, taken: Waiting[]): Promise<void> {
    try {
      const { open, cast } = await castResponses(this.db, { ...batch, now: this.clock.now(), entries: taken.map((w) => w.entry) });
      for (const w of taken) w.settle(!open ? 'noPlace' : cast.has(w.entry.receipt) ? 'cast' : 'duplicate');
    } catch (error) {
      // The batch would pass the maximum: one at a time, first come first served, until the voting is full
      // (a single response is refused before that, as no place).
      if (isCheckViolation(error) && taken.length > 1) for (const w of taken) await this.write(batch, [w]);
      else for (const w of taken) w.fail(error);
    }
  }
}
