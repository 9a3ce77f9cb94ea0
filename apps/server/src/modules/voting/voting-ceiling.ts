import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { HitCounter } from '../../lib/hit-counter.ts';
import type { VotingRow } from './voting.repository.ts';

type Limits = Pick<Config['limits'], 'votePerVoter' | 'votePerVotingMin' | 'voteWindowMs'>;

/**
 * The public form's ceiling per voting: the calls that reach a voting (asking for a code, voting) are counted per
 * voting and window in the database, up to `votePerVoter` for each person eligible when it started and never fewer
 * than `votePerVotingMin`. Whatever the number of addresses, nobody can send one voting more than its own room would
 * many times over; the per-address ceiling and the code's per-e-mail limits stand beside it.
 */
export class VotingCeiling {
  private readonly counter: HitCounter;

  constructor(
    db: Db,
    clock: Clock,
    private readonly limits: Limits,
  ) {
    this.counter = new HitCounter(db, clock, 'vote-voting', limits.votePerVotingMin, limits.voteWindowMs);
  }

  /** Counts one call to the voting; refuses with 429 past its ceiling. */
  hit(voting: Pick<VotingRow, 'id' | 'eligiblePeople'>): Promise<void> {
    return this.counter.hit(String(voting.id), Math.max(this.limits.votePerVotingMin, (voting.eligiblePeople ?? 0) * this.limits.votePerVoter));
  }
}
