import type { User, VoterVoting } from '@portal/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { latestResponseOf, validResponderOfUnit } from './responses.repository.ts';
import * as repo from './voting.repository.ts';
import type { VotingResultsService } from './voting-results.service.ts';

/** What voters see in the portal: the votings open to them, those past, and each with their own response. */
export class VoterViewsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly results: VotingResultsService,
  ) {}

  /** Votings the caller may answer now (started, within their dates). */
  async activeFor(user: User): Promise<VoterVoting[]> {
    const ids = await repo.votingIdsOfVoter(this.db, user.id, { openAt: this.clock.now() });
    return Promise.all(ids.map((id) => this.voterView(user, id)));
  }

  /** Past votings the caller could answer. */
  async archiveFor(user: User): Promise<VoterVoting[]> {
    const ids = await repo.votingIdsOfVoter(this.db, user.id, 'past');
    return Promise.all(ids.map((id) => this.voterView(user, id)));
  }

  async byIdFor(user: User, id: number): Promise<VoterVoting> {
    const v = await repo.findVoting(this.db, id);
    if (!v || v.status === 'planned' || !(await repo.isEligibleVoter(this.db, v, user.id))) throw new AppError('NOT_FOUND');
    return this.voterView(user, id);
  }

  private async voterView(user: User, id: number): Promise<VoterVoting> {
    const v = await repo.findVoting(this.db, id);
    if (!v) throw new AppError('NOT_FOUND');
    const options = await repo.optionsOf(this.db, id);
    const mine = await latestResponseOf(this.db, id, user.id);
    let companyVotedBy: string | null = null;
    if (v.unit === 'company' && user.company && !(mine && mine.status === 'valid')) {
      const other = await validResponderOfUnit(this.db, id, `c:${user.company.id}`);
      companyVotedBy = other ? `${other.name} ${other.surname}` : null;
    }
    const results = await this.results.published(v);
    return {
      id: v.id,
      title: v.title,
      question: v.question,
      language: v.language,
      status: v.status,
      startsAt: v.startsAt.toISOString(),
      endsAt: repo.endOf(v).toISOString(),
      options,
      multiple: v.multiple,
      minAnswers: v.minAnswers,
      maxAnswers: v.maxAnswers,
      secret: v.secret,
      publishResults: v.publishResults,
      showCounts: v.showCounts,
      myResponse: mine ? { optionIds: mine.optionIds, at: mine.at.toISOString(), receipt: mine.receipt, status: mine.status } : null,
      companyVotedBy,
      results,
    };
  }
}
