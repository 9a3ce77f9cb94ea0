import type { VoterVoting, VotingDetail, VotingStats } from '@portal/shared';
import { type Db, type Executor, readTogether } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { mailProgress } from '../../mail/outbox.ts';
import { allResponses, optionCounts, turnoutRows } from './responses.repository.ts';
import * as repo from './voting.repository.ts';
import { type VotingService, votingTopic } from './voting.service.ts';

/** The chosen options by their names ("2. Bob; 3. Carol"), for the answers download and the protocol. */
const answerText = (voting: VotingDetail, optionIds: number[]) => {
  const names = new Map(voting.options.map((o) => [o.id, `${o.seq}. ${o.name}`]));
  return optionIds.map((id) => names.get(id) ?? id).join('; ');
};

/** What a voting's responses add up to: counts, turnout, the results voters see, the answers and the protocol. */
export class VotingResultsService {
  constructor(
    private readonly db: Db,
    private readonly votings: VotingService,
  ) {}

  /** Results: per option the count and share of valid responses, the response ratio and the quorum. */
  async stats(id: number, db: Executor = this.db): Promise<VotingStats> {
    const v = await repo.findVoting(db, id);
    if (!v) throw new AppError('NOT_FOUND');
    const [options, counts, eligibleVoters, notices] = await readTogether(db, [
      () => repo.optionsOf(db, id),
      () => optionCounts(db, id),
      () => repo.countEligible(db, v),
      () => mailProgress(db, votingTopic(id)),
    ]);
    const responses = v.validCount;
    const maxResponses = v.effectiveMax ?? v.maxResponses ?? eligibleVoters;
    return {
      options: options.map((o) => {
        const n = counts.get(o.id) ?? 0;
        return { id: o.id, seq: o.seq, name: o.name, count: n, share: responses ? n / responses : 0 };
      }),
      responses,
      maxResponses,
      responseRatio: maxResponses ? responses / maxResponses : 0,
      quorum: v.quorum,
      // Live while the voting runs, recorded at the stop, not yet a question while it is planned.
      quorumReached: v.status === 'planned' ? null : v.status === 'started' ? (v.quorum === null ? null : responses >= v.quorum) : v.quorumReached,
      eligibleVoters,
      notices,
    };
  }

  /** The results a voter sees: none until they are published after the stop. */
  async published(v: repo.VotingRow): Promise<VoterVoting['results']> {
    const published = v.publishResults && (v.status === 'stopped' || v.status === 'archived');
    const stats = published ? await this.stats(v.id) : null;
    // Only percentages: no count, and no total a count could be worked out from.
    return stats && !v.showCounts
      ? {
          ...stats,
          options: stats.options.map((o) => ({ ...o, count: null })),
          responses: null,
          maxResponses: null,
          quorum: null,
          eligibleVoters: null,
        }
      : stats;
  }

  /** Who has voted and who has not, by company. */
  async turnout(id: number) {
    const v = await repo.findVoting(this.db, id);
    if (!v) throw new AppError('NOT_FOUND');
    const rows = await turnoutRows(this.db, v);
    const byCompany = new Map<
      number,
      { id: number; name: string; voted: boolean; voters: { id: number; name: string; surname: string; voted: boolean }[] }
    >();
    for (const r of rows) {
      const c = byCompany.get(r.companyId) ?? { id: r.companyId, name: r.companyName, voted: false, voters: [] };
      c.voted ||= v.unit === 'company' ? r.companyVoted : r.personVoted;
      c.voters.push({ id: r.userId, name: r.name, surname: r.surname, voted: r.personVoted });
      byCompany.set(r.companyId, c);
    }
    const list = [...byCompany.values()];
    const voted = v.unit === 'company' ? list.filter((c) => c.voted).length : rows.filter((r) => r.personVoted).length;
    return { companies: list, eligibleVoters: v.unit === 'company' ? list.length : rows.length, voted };
  }

  /** Every response of a voting, oldest first, with its answers by name; the answers are null in a secret voting. */
  async answers(id: number) {
    const voting = await this.votings.detail(id);
    const rows = (await allResponses(this.db, id)).map((r) => ({ ...r, answers: voting.secret ? null : answerText(voting, r.optionIds) }));
    return { voting, rows };
  }

  /** What the protocol states: the voting, its results, and the participants (valid responses) with their answers unless secret. */
  async protocol(id: number) {
    const [voting, stats, all] = await Promise.all([this.votings.detail(id), this.stats(id), allResponses(this.db, id)]);
    const participants = all
      .filter((r) => r.status === 'valid')
      .map((r) => ({
        name: `${r.surname} ${r.name}`,
        company: r.company ?? '',
        at: r.at.toISOString(),
        answers: voting.secret ? null : answerText(voting, r.optionIds),
      }));
    return { voting, stats, participants };
  }
}
