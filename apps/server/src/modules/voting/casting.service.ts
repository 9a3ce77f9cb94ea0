import { randomInt } from 'node:crypto';
import { liveTopic, type User } from '@portal/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { Batcher } from '../../lib/batcher.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LiveNotifier } from '../../lib/live-bus.ts';
import { builtinTemplate, renderMail } from '../../mail/templates.ts';
import { writeLog } from '../action-log/action-log.ts';
import * as ballots from './ballot.repository.ts';
import { BallotBox, type CastOutcome } from './ballot-box.ts';
import { answerNames, assertAnswers, assertOpen } from './ballot-rules.ts';
import { validResponderOfUnit } from './responses.repository.ts';
import * as repo from './voting.repository.ts';

const LOG = 'vote';
const RECEIPT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type Source = 'portal' | 'public' | 'staff';
type Ballot = ballots.Ballot;
type Voter = ballots.Voter;
/** A ballot whose person is an eligible voter of its voting. */
export type VoterBallot = Ballot & { voter: Voter };

const receiptCode = () => Array.from({ length: 10 }, () => RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)]).join('');
const unitKey = (v: repo.VotingRow, voter: Voter) => (v.unit === 'company' ? `c:${voter.companyId}` : `u:${voter.id}`);

/** Casting responses: by voters in the portal, from the public form, or recorded by staff; never counted twice. */
export class CastingService {
  private readonly box: BallotBox;
  /** Ballots read together when voters come together, by ids. */
  private readonly portalBallots: Batcher<number, Ballot | undefined>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly live: LiveNotifier,
  ) {
    this.box = new BallotBox(db, clock);
    const queries = ballots.ballotQueries(db);
    this.portalBallots = new Batcher(async (votingId, userIds) =>
      ballots.ballotsOf(await queries.byIds.execute({ voting: Number(votingId), voters: userIds }), userIds, (v) => v.id),
    );
  }

  /** A voter answers in the portal. */
  async vote(user: User, votingId: number, optionIds: number[]) {
    return this.cast(await this.eligibleBallot(votingId, user.id), optionIds, 'portal', null);
  }

  /** Staff record a response on someone's behalf (a paper ballot), while the voting runs or once it has stopped. */
  async recordOnBehalf(actor: User, votingId: number, userId: number, optionIds: number[], ip: string) {
    return this.cast(await this.eligibleBallot(votingId, userId), optionIds, 'staff', { actor, ip });
  }

  /** An answer from the public form, whose ballot the form has read and checked (the e-mail, the one-time code). */
  castFromPublicForm(b: VoterBallot, optionIds: number[]) {
    return this.cast(b, optionIds, 'public', null);
  }

  private async eligibleBallot(votingId: number, userId: number): Promise<VoterBallot> {
    const b = await this.portalBallots.add(String(votingId), userId);
    if (!b) throw new AppError('NOT_FOUND');
    if (!b.voter) throw new AppError('NOT_ELIGIBLE');
    return { ...b, voter: b.voter };
  }

  /**
   * Casts one response. The statement that writes it (castResponses) takes a place only while the voting
   * is open, unchanged and below its maximum (a CHECK constraint holds it there too), and the unique index keeps
   * one valid response per voter or company; whatever the concurrency, a response acknowledged here is committed
   * and counted once. Voters' responses go through the ballot box, which writes those arriving together in one
   * statement; a response staff record is written alone, with its log entry, in one transaction.
   */
  private async cast(b: VoterBallot, optionIds: number[], source: Source, staff: { actor: User; ip: string } | null) {
    const { voting: v, voter } = b;
    const now = this.clock.now();
    assertOpen(v, now, source === 'staff');
    assertAnswers(v, b.optionIds, optionIds);
    const receipt = receiptCode();
    const batch = { votingId: v.id, votingUpdatedAt: v.updatedAt, source, recordedBy: staff?.actor.id ?? null, whileStopped: source === 'staff' };
    const entry: ballots.CastEntry = {
      userId: voter.id,
      companyId: voter.companyId,
      unitKey: unitKey(v, voter),
      optionIds: [...new Set(optionIds)],
      receipt,
      at: now,
      mail: {
        to: voter.email,
        ...renderMail(b.receipt ?? builtinTemplate('voteReceipt'), voter.locale, {
          name: voter.name,
          title: v.title,
          at: now.toISOString().slice(0, 19).replace('T', ' '),
          receipt,
        }),
      },
    };
    const outcome = staff
      ? await this.db.transaction(async (tx): Promise<CastOutcome> => {
          const { open, cast } = await ballots.castResponses(tx, { ...batch, now, entries: [entry] });
          if (!cast.has(receipt)) return open ? 'duplicate' : 'noPlace';
          await writeLog(tx, now, {
            domain: LOG,
            action: 'response.recorded',
            entity: 'voting',
            entityId: v.id,
            actorId: staff.actor.id,
            after: {
              voter: `${voter.name} ${voter.surname}`,
              answers: v.secret ? null : answerNames(await repo.optionsOf(tx, v.id), optionIds),
            },
            ip: staff.ip,
          });
          return 'cast';
        })
      : await this.box.cast(batch, entry);
    // A voter's response is not logged (staff's are, and their log entry tells the live pages): say so here, after it
    // committed; the bus sends the responses of a moment as one notice.
    if (outcome === 'cast' && !staff) this.live.publish(liveTopic.voting(v.id));
    if (outcome === 'noPlace') throw await this.whyNoPlace(v, now, source === 'staff');
    if (outcome === 'duplicate') throw await this.alreadyVoted(v, voter, source);
    return { receipt, at: now.toISOString() };
  }

  /** Why no place was taken: the voting closed meanwhile (the status messages), was edited (reload), or is full. */
  private async whyNoPlace(seen: repo.VotingRow, now: Date, byStaff: boolean): Promise<AppError> {
    const v = await repo.findVoting(this.db, seen.id);
    if (!v) return new AppError('NOT_FOUND');
    try {
      assertOpen(v, now, byStaff);
    } catch (err) {
      return err as AppError;
    }
    return new AppError(v.updatedAt.getTime() === seen.updatedAt.getTime() ? 'VOTING_FULL' : 'CONFLICT');
  }

  /**
   * The voter (or their company) has already voted: in the portal, say by whom for a company; the public form
   * says only that the e-mail cannot vote, as it does for unknown and ineligible ones.
   */
  private async alreadyVoted(v: repo.VotingRow, voter: Voter, source: Source): Promise<AppError> {
    if (source === 'public') return new AppError('NOT_ELIGIBLE');
    if (v.unit === 'person') return new AppError('ALREADY_VOTED');
    const first = await validResponderOfUnit(this.db, v.id, unitKey(v, voter));
    if (!first || first.userId === voter.id) return new AppError('ALREADY_VOTED');
    return new AppError('COMPANY_ALREADY_VOTED', { params: { name: `${first.name} ${first.surname}` } });
  }
}
