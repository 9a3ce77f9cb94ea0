import type { Db } from '../../db/client.ts';
import { Batcher } from '../../lib/batcher.ts';
import type { Clock } from '../../lib/clock.ts';
import { type CastBatch, type CastEntry, castResponses } from './ballot.repository.ts';

/** What became of one response: counted, refused because its unit had voted, or no place (closed, changed, full). */
export type CastOutcome = 'cast' | 'duplicate' | 'noPlace';

type Batch = Omit<CastBatch, 'entries' | 'now'>;

/** PostgreSQL's check_violation: the count would pass the voting's maximum. */
const isCheckViolation = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23514') return true;
  return false;
};

/**
 * The voters' responses on their way into the database. A response goes at once when nothing is being written
 * for its voting; those that arrive meanwhile go together in the next statement. So under load one statement
 * and one commit carry many responses, and the voting's row is locked once per statement instead of once per
 * voter. The database decides every response exactly as it would one at a time; several app servers each
 * have their own box.
 */
export class BallotBox {
  private readonly batcher = new Batcher<{ batch: Batch; entry: CastEntry }, CastOutcome>((_group, items) =>
    this.write(
      items[0]!.batch,
      items.map((i) => i.entry),
    ),
  );

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  cast(batch: Batch, entry: CastEntry): Promise<CastOutcome> {
    // Ballots checked against different versions of the voting never share a statement.
    return this.batcher.add(`${batch.votingId}:${batch.votingUpdatedAt.getTime()}:${batch.source}`, { batch, entry });
  }

  private async write(batch: Batch, entries: CastEntry[]): Promise<CastOutcome[]> {
    try {
      const { open, cast } = await castResponses(this.db, { ...batch, now: this.clock.now(), entries });
      return entries.map((e) => (!open ? 'noPlace' : cast.has(e.receipt) ? 'cast' : 'duplicate'));
    } catch (error) {
      // A batch that would pass the maximum fails whole: then one at a time, first come first served, until the
      // voting is full (a single response is refused before that, as no place).
      if (!isCheckViolation(error) || entries.length === 1) throw error;
      const outcomes: CastOutcome[] = [];
      for (const e of entries) outcomes.push(...(await this.write(batch, [e])));
      return outcomes;
    }
  }
}
