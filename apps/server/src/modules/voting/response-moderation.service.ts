import type { User } from '@portal/shared';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { writeLog } from '../action-log/action-log.ts';
import { moveCount } from './ballot.repository.ts';
import { answerNames, assertAnswers } from './ballot-rules.ts';
import * as responses from './responses.repository.ts';
import * as repo from './voting.repository.ts';

const LOG = 'vote';

/** Staff look after the responses: list them, correct answers, reject, delete and restore; a valid one holds its place. */
export class ResponseModerationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The responses of a voting, newest first; the answers are left out when the voting is secret. */
  async list(votingId: number, page: number, pageSize: number, status?: 'valid' | 'rejected' | 'deleted') {
    const v = await repo.findVoting(this.db, votingId);
    if (!v) throw new AppError('NOT_FOUND');
    const { rows, total } = await responses.responsePage(this.db, votingId, page, pageSize, status);
    return {
      total,
      rows: rows.map((r) => ({
        id: r.id,
        user: { id: r.userId, name: r.name, surname: r.surname, email: r.email },
        company: r.companyId !== null && r.companyName !== null ? { id: r.companyId, name: r.companyName } : null,
        at: r.at.toISOString(),
        optionIds: v.secret ? null : r.optionIds,
        status: r.status,
        reason: r.reason,
        source: r.source,
      })),
    };
  }

  /** Staff correct the answers of a response (not in a secret voting). */
  async correct(actor: User, responseId: number, optionIds: number[], ip: string): Promise<void> {
    const now = this.clock.now();
    const { response, voting, voter } = await this.responseWithVoting(this.db, responseId);
    if (voting.secret) throw new AppError('SECRET_VOTING');
    const options = await repo.optionsOf(this.db, voting.id);
    assertAnswers(
      voting,
      options.map((o) => o.id),
      optionIds,
    );
    await this.db.transaction(async (tx) => {
      await responses.setAnswers(tx, responseId, optionIds, now);
      await writeLog(tx, now, {
        domain: LOG,
        action: 'response.corrected',
        entity: 'voting',
        entityId: voting.id,
        actorId: actor.id,
        before: { responseId, voter, answers: answerNames(options, response.optionIds) },
        after: { responseId, voter, answers: answerNames(options, optionIds) },
        ip,
      });
    });
  }

  /** Rejects (with a reason) or deletes a response; a valid one frees its place. */
  async discard(actor: User, responseId: number, to: 'rejected' | 'deleted', reason: string | null, ip: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const { response, voting, voter } = await this.responseWithVoting(tx, responseId, true);
      if (response.status === to || (to === 'rejected' && response.status !== 'valid')) throw new AppError('CONFLICT');
      if (response.status === 'valid') await moveCount(tx, voting.id, -1);
      await responses.setStatus(tx, responseId, to, now, reason ?? response.reason);
      await writeLog(tx, now, {
        domain: LOG,
        action: to === 'rejected' ? 'response.rejected' : 'response.deleted',
        entity: 'voting',
        entityId: voting.id,
        actorId: actor.id,
        before: { responseId, voter, status: response.status },
        after: { responseId, voter, status: to, reason },
        ip,
      });
    });
  }

  /**
   * Restores a deleted response to what it was: a rejected one (it has a reason) stays rejected and never
   * counts; a valid one counts again only if its place (the maximum, the one per unit) is still free.
   */
  async restore(actor: User, responseId: number, ip: string): Promise<void> {
    const now = this.clock.now();
    try {
      await this.db.transaction(async (tx) => {
        const { response, voting, voter } = await this.responseWithVoting(tx, responseId, true);
        if (response.status !== 'deleted') throw new AppError('CONFLICT');
        const restored = response.reason ? 'rejected' : 'valid';
        if (restored === 'valid') {
          if (!(await moveCount(tx, voting.id, 1))) throw new AppError('PLACE_TAKEN');
        }
        await responses.setStatus(tx, responseId, restored, now);
        await writeLog(tx, now, {
          domain: LOG,
          action: 'response.restored',
          entity: 'voting',
          entityId: voting.id,
          actorId: actor.id,
          before: { responseId, voter, status: 'deleted' },
          after: { responseId, voter, status: restored },
          ip,
        });
      });
    } catch (err) {
      throw isUniqueViolation(err) ? new AppError('PLACE_TAKEN') : err;
    }
  }

  /** A response with its voting and the voter's name (for the log). */
  private async responseWithVoting(db: Executor, responseId: number, lock = false) {
    const row = await responses.findResponse(db, responseId, lock);
    if (!row) throw new AppError('NOT_FOUND');
    const voting = await repo.findVoting(db, row.response.votingId, lock);
    if (!voting) throw new AppError('NOT_FOUND');
    return { response: row.response, voting, voter: row.voter };
  }
}

/** PostgreSQL's unique_violation: the unit has a valid response again, so the restored one has no place. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
