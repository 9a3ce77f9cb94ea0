import {
  canMove,
  NEXT_ACTION,
  ROLE_PREFIX,
  type User,
  type VotingAction,
  type VotingDetail,
  type VotingStatus,
  type votingBody,
  type votingListQuery,
} from '@portal/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { type Db, type Executor, readTogether } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken } from '../../lib/crypto.ts';
import { enqueueMail, type OutgoingMail } from '../../mail/outbox.ts';
import { writeLog } from '../action-log/action-log.ts';
import { countResponses, deleteResponses } from './responses.repository.ts';
import * as repo from './voting.repository.ts';

type VotingInput = z.output<typeof votingBody>;
const LOG = 'vote';

/** The outbox topic of a voting's notices and reminders. */
export const votingTopic = (id: number) => `voting:${id}`;

/** Votings as staff run them: create, edit, delete, the status table and its schedule, publishing, notices and reminders. */
export class VotingService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  list = (query: z.output<typeof votingListQuery>) => repo.listVotings(this.db, query);
  archive = (query: z.output<typeof votingListQuery>) => repo.listVotings(this.db, query, ['archived']);

  async create(actor: User, input: VotingInput, ip: string): Promise<VotingDetail> {
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      const id = await repo.insertVoting(tx, {
        ...this.columns(input),
        slug: randomToken().slice(0, 22),
        authorId: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      await this.saveChildren(tx, id, input);
      const after = settingsOf(await this.detail(id, tx));
      await writeLog(tx, now, { domain: LOG, action: 'voting.created', entity: 'voting', entityId: id, actorId: actor.id, after, ip });
      return id;
    });
    return this.detail(id);
  }

  /** Saves edits; votes already cast are deleted for good, and only when the caller confirmed how many. */
  async update(actor: User, id: number, input: VotingInput, confirmDeleteVotes: boolean, ip: string): Promise<VotingDetail> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const before = await this.locked(tx, id);
      const settings = settingsOf(await this.detail(id, tx));
      const votes = await countResponses(tx, id);
      if (votes > 0 && !confirmDeleteVotes) throw new AppError('VOTES_WILL_BE_DELETED', { params: { count: votes } });
      if (votes > 0) await deleteResponses(tx, id);
      await repo.updateVoting(tx, id, { ...this.columns(input), validCount: 0, effectiveMax: null, updatedAt: now });
      await repo.deleteChildren(tx, id);
      await this.saveChildren(tx, id, input);
      // A voting past its start keeps a ceiling: the maximum set, or the eligible voters of the new settings.
      if (before.status !== 'planned') {
        const edited = await this.locked(tx, id);
        await repo.updateVoting(tx, id, {
          effectiveMax: input.maxResponses ?? (await repo.countEligible(tx, edited)),
          eligiblePeople: await repo.countEligible(tx, edited, 'person'),
        });
      }
      await writeLog(tx, now, {
        domain: LOG,
        action: 'voting.updated',
        entity: 'voting',
        entityId: id,
        actorId: actor.id,
        before: settings,
        after: { ...settingsOf(await this.detail(id, tx)), ...(votes > 0 ? { deletedVotes: votes } : {}) },
        ip,
      });
    });
    return this.detail(id);
  }

  /** Deletes a planned voting; the votes of one sent back to planning go with it only when the caller confirms. */
  async remove(actor: User, id: number, confirmDeleteVotes: boolean, ip: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const voting = await this.locked(tx, id);
      if (voting.status !== 'planned') throw new AppError('VOTING_NOT_PLANNED');
      const votes = await countResponses(tx, id);
      if (votes > 0 && !confirmDeleteVotes) throw new AppError('VOTING_DELETE_HAS_VOTES', { params: { count: votes } });
      await repo.deleteVoting(tx, id);
      await writeLog(tx, now, {
        domain: LOG,
        action: 'voting.deleted',
        entity: 'voting',
        entityId: id,
        actorId: actor.id,
        before: { title: voting.title },
        after: votes > 0 ? { deletedVotes: votes } : null,
        ip,
      });
    });
  }

  /** nextStatus: the move from `from` (planned → started → stopped → archived); refused if the voting has moved meanwhile. */
  async next(actor: User, id: number, from: VotingStatus, ip: string): Promise<VotingDetail> {
    const action = NEXT_ACTION[from];
    if (!action) throw new AppError('VOTING_MOVE_IMPOSSIBLE');
    return this.move(actor, id, action, ip, { expected: from });
  }

  resume = (actor: User, id: number, endsAt: string | undefined, ip: string) =>
    this.move(actor, id, 'resume', ip, { endsAt: endsAt ? new Date(endsAt) : undefined });

  toPlan = (actor: User, id: number, ip: string) => this.move(actor, id, 'toPlan', ip, {});

  /** Publishes or withdraws the results of a stopped or archived voting: a flag, not a status; votes stay. */
  async publish(actor: User, id: number, publishResults: boolean, showCounts: boolean, ip: string): Promise<VotingDetail> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const v = await this.locked(tx, id);
      if (v.status !== 'stopped' && v.status !== 'archived') throw new AppError('VOTING_MOVE_IMPOSSIBLE');
      await repo.updateVoting(tx, id, { publishResults, showCounts, updatedAt: now });
      await writeLog(tx, now, {
        domain: LOG,
        action: publishResults ? 'voting.published' : 'voting.withdrawn',
        entity: 'voting',
        entityId: id,
        actorId: actor.id,
        before: { publishResults: v.publishResults, showCounts: v.showCounts },
        after: { publishResults, showCounts },
        ip,
      });
    });
    return this.detail(id);
  }

  /** Applies one move of the status table in a transaction, with its side effects and its log entry. */
  async move(
    actor: User | null,
    id: number,
    action: VotingAction,
    ip: string | null,
    opts: { expected?: VotingStatus; endsAt?: Date },
  ): Promise<VotingDetail> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const v = await this.locked(tx, id);
      if ((opts.expected && v.status !== opts.expected) || !canMove(v.status, action)) throw new AppError('VOTING_MOVE_IMPOSSIBLE');
      const changes: Partial<repo.VotingValues> = { updatedAt: now };
      if (action === 'start' || action === 'resume') {
        const endsAt = opts.endsAt ?? v.endsAt;
        if (endsAt <= now) throw new AppError('VOTING_END_PASSED', { fields: { endsAt: 'errors.votingEndPassed' } });
        changes.endsAt = endsAt;
        changes.stoppedAt = null;
        changes.status = 'started';
        changes.quorumReached = null;
        if (action === 'start') {
          // Starting by hand before the start date moves the start to now.
          if (v.startsAt > now) changes.startsAt = now;
          const eligible = await repo.countEligible(tx, v);
          changes.effectiveMax = Math.max(v.maxResponses ?? eligible, v.validCount);
          changes.eligiblePeople = v.unit === 'person' ? eligible : await repo.countEligible(tx, v, 'person');
          await enqueueMail(tx, now, this.notices('votingStarted', v, endsAt, await repo.eligibleRecipients(tx, v, false)));
        }
      } else if (action === 'stop') {
        changes.status = 'stopped';
        changes.stoppedAt = now;
        changes.quorumReached = v.quorum === null ? null : v.validCount >= v.quorum;
      } else if (action === 'archive') {
        changes.status = 'archived';
      } else {
        changes.status = 'planned';
        changes.stoppedAt = null;
        changes.effectiveMax = null;
        changes.eligiblePeople = null;
        changes.quorumReached = null;
      }
      await repo.updateVoting(tx, id, changes);
      await writeLog(tx, now, {
        domain: LOG,
        action: `voting.${action}`,
        entity: 'voting',
        entityId: id,
        actorId: actor?.id ?? null,
        before: { status: v.status },
        after: { status: changes.status, validResponses: v.validCount, quorumReached: changes.quorumReached ?? null, automatic: actor === null },
        ip,
      });
    });
    return this.detail(id);
  }

  /** Starts the votings set to start by themselves and stops every voting past its end. */
  async tick(): Promise<number> {
    const now = this.clock.now();
    const due = await repo.dueVotings(this.db, now);
    for (const v of due) {
      await this.move(null, v.id, v.status === 'planned' ? 'start' : 'stop', null, { expected: v.status }).catch(() => undefined);
    }
    return due.length;
  }

  async detail(id: number, db: Executor = this.db): Promise<VotingDetail> {
    const v = await repo.findVoting(db, id);
    if (!v) throw new AppError('NOT_FOUND');
    const [options, admitted, eligibleVoters, author] = await readTogether(db, [
      () => repo.optionsOf(db, id),
      () => repo.companiesOf(db, id),
      () => repo.countEligible(db, v),
      () => repo.authorName(db, v.authorId),
    ]);
    return {
      ...repo.toSummary({ ...v, responses: v.validCount, maxResponses: v.effectiveMax ?? v.maxResponses }),
      maxResponsesSet: v.maxResponses,
      question: v.question,
      autoStart: v.autoStart,
      options,
      multiple: v.multiple,
      minAnswers: v.minAnswers,
      maxAnswers: v.maxAnswers,
      quorum: v.quorum,
      unit: v.unit,
      eligibility: v.eligibility,
      companies: admitted,
      secret: v.secret,
      requireCode: v.requireCode,
      showCounts: v.showCounts,
      quorumReached: v.quorumReached,
      eligibleVoters,
      author,
      link: `${this.config.publicUrl}/voting-form/${v.slug}`,
      createdAt: v.createdAt.toISOString(),
    };
  }

  /** E-mails the eligible voters whose vote is not in yet. */
  async remind(actor: User, id: number, ip: string): Promise<{ sent: number }> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const v = await this.locked(tx, id);
      if (v.status !== 'started') throw new AppError('VOTING_MOVE_IMPOSSIBLE');
      const recipients = await repo.eligibleRecipients(tx, v, true);
      await enqueueMail(tx, now, this.notices('votingReminder', v, v.endsAt, recipients));
      await writeLog(tx, now, {
        domain: LOG,
        action: 'voting.reminded',
        entity: 'voting',
        entityId: id,
        actorId: actor.id,
        after: { sent: recipients.length },
        ip,
      });
      return { sent: recipients.length };
    });
  }

  /** The start notice or the reminder, one message per recipient, linking to the voting in their own area of the portal. */
  private notices(type: 'votingStarted' | 'votingReminder', v: repo.VotingRow, endsAt: Date, recipients: repo.Recipient[]): OutgoingMail[] {
    const params = { title: v.title, endsAt: endsAt.toISOString().slice(0, 16).replace('T', ' ') };
    return recipients.map((r) => ({
      type,
      to: r.email,
      locale: r.locale,
      topic: votingTopic(v.id),
      params: { ...params, name: r.name, link: `${this.config.publicUrl}${ROLE_PREFIX[r.role]}/voting/list/${v.id}` },
    }));
  }

  private columns(input: VotingInput) {
    const { options: _o, companyIds: _c, startsAt, endsAt, ...rest } = input;
    return { ...rest, startsAt: new Date(startsAt), endsAt: new Date(endsAt) };
  }

  private async saveChildren(tx: Executor, id: number, input: VotingInput): Promise<void> {
    await repo.insertOptions(tx, id, input.options);
    if (input.eligibility === 'companies') {
      const known = await repo.knownCompanyIds(tx, input.companyIds);
      if (known.length !== new Set(input.companyIds).size) throw new AppError('VALIDATION', { fields: { companyIds: 'validation.chooseCompanies' } });
      await repo.admitCompanies(tx, id, known);
    }
  }

  private async locked(tx: Executor, id: number) {
    const v = await repo.findVoting(tx, id, true);
    if (!v) throw new AppError('NOT_FOUND');
    return v;
  }
}

/** A voting's settings as staff edit them and as the log compares them (the companies by name). */
export function settingsOf(d: VotingDetail) {
  return {
    title: d.title,
    question: d.question,
    language: d.language,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    autoStart: d.autoStart,
    options: d.options.map((o) => ({ seq: o.seq, name: o.name, comment: o.comment })),
    multiple: d.multiple,
    minAnswers: d.minAnswers,
    maxAnswers: d.maxAnswers,
    quorum: d.quorum,
    maxResponses: d.maxResponsesSet,
    unit: d.unit,
    eligibility: d.eligibility,
    companies: d.companies.map((c) => c.name),
    secret: d.secret,
    requireCode: d.requireCode,
    publishResults: d.publishResults,
    showCounts: d.showCounts,
  };
}
