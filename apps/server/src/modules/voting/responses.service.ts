import { randomInt } from 'node:crypto';
import { closedReason, type User, type VoterVoting } from '@portal/shared';
import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { companies, users, votingCodes, votingResponses, votings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { Batcher } from '../../lib/batcher.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { renderTemplate } from '../../mail/templates.ts';
import { writeLog } from '../action-log/action-log.ts';
import { BallotBox, type CastOutcome } from './ballot-box.ts';
import { eligibleVoter } from './eligibility.ts';
import * as repo from './voting.repository.ts';
import type { VotingService } from './voting.service.ts';
import type { VotingCeiling } from './voting-ceiling.ts';

const LOG = 'vote';
const CODE_TTL_MS = 15 * 60_000;
const CODE_RESEND_MS = 60_000;
const CODE_MAX_FAILURES = 5;
const CODE_LOCK_MS = 15 * 60_000;
const RECEIPT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type Source = 'portal' | 'public' | 'staff';
type Ballot = repo.Ballot;
type Voter = NonNullable<Ballot['voter']>;

const receiptCode = () => Array.from({ length: 10 }, () => RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)]).join('');
const unitKey = (v: repo.VotingRow, voter: Voter) => (v.unit === 'company' ? `c:${voter.companyId}` : `u:${voter.id}`);

/** Responses: cast by voters, from the public form or by staff; rejected, deleted, restored; never counted twice. */
export class ResponsesService {
  private readonly box: BallotBox;
  /** Ballots read together when voters come together, by the voting's slug and e-mail, or by ids. */
  private readonly publicBallots: Batcher<string, Ballot | undefined>;
  private readonly portalBallots: Batcher<number, Ballot | undefined>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly votings: VotingService,
    private readonly ceiling: VotingCeiling,
  ) {
    this.box = new BallotBox(db, clock);
    const queries = repo.ballotQueries(db);
    this.publicBallots = new Batcher(async (slug, emails) =>
      ballotsOf(await queries.bySlugAndEmails.execute({ voting: slug, voters: emails }), emails, (v) => v.email),
    );
    this.portalBallots = new Batcher(async (votingId, userIds) =>
      ballotsOf(await queries.byIds.execute({ voting: Number(votingId), voters: userIds }), userIds, (v) => v.id),
    );
  }

  /** A voter answers in the portal. */
  async vote(user: User, votingId: number, optionIds: number[]) {
    const b = await this.eligibleBallot(votingId, user.id);
    return this.cast(b, b.voter, optionIds, 'portal', null);
  }

  /** Staff record a response on someone's behalf (a paper ballot), while the voting runs or once it has stopped. */
  async recordOnBehalf(actor: User, votingId: number, userId: number, optionIds: number[], ip: string) {
    const b = await this.eligibleBallot(votingId, userId);
    return this.cast(b, b.voter, optionIds, 'staff', { actor, ip });
  }

  private async eligibleBallot(votingId: number, userId: number) {
    const b = await this.portalBallots.add(String(votingId), userId);
    if (!b) throw new AppError('NOT_FOUND');
    if (!b.voter) throw new AppError('NOT_ELIGIBLE');
    return { ...b, voter: b.voter };
  }

  /**
   * Casts one response. The statement that writes it (repo.castResponses) takes a place only while the voting
   * is open, unchanged and below its maximum (a CHECK constraint holds it there too), and the unique index keeps
   * one valid response per voter or company; whatever the concurrency, a response acknowledged here is committed
   * and counted once. Voters' responses go through the ballot box, which writes those arriving together in one
   * statement; a response staff record is written alone, with its log entry, in one transaction.
   */
  private async cast(b: Ballot, voter: Voter, optionIds: number[], source: Source, staff: { actor: User; ip: string } | null) {
    const v = b.voting;
    const now = this.clock.now();
    this.assertOpen(v, now, source === 'staff');
    this.assertAnswers(v, b.optionIds, optionIds);
    const receipt = receiptCode();
    const batch = { votingId: v.id, votingUpdatedAt: v.updatedAt, source, recordedBy: staff?.actor.id ?? null, whileStopped: source === 'staff' };
    const entry: repo.CastEntry = {
      userId: voter.id,
      companyId: voter.companyId,
      unitKey: unitKey(v, voter),
      optionIds: [...new Set(optionIds)],
      receipt,
      at: now,
      mail: {
        to: voter.email,
        ...renderTemplate(b.receipt, 'voteReceipt', voter.locale, {
          name: voter.name,
          title: v.title,
          at: now.toISOString().slice(0, 19).replace('T', ' '),
          receipt,
        }),
      },
    };
    const outcome = staff
      ? await this.db.transaction(async (tx): Promise<CastOutcome> => {
          const { open, cast } = await repo.castResponses(tx, { ...batch, now, entries: [entry] });
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
    if (outcome === 'noPlace') throw await this.whyNoPlace(v, now, source === 'staff');
    if (outcome === 'duplicate') throw await this.alreadyVoted(v, voter, source);
    return { receipt, at: now.toISOString() };
  }

  /** Why no place was taken: the voting closed meanwhile (the status messages), was edited (reload), or is full. */
  private async whyNoPlace(seen: repo.VotingRow, now: Date, byStaff: boolean): Promise<AppError> {
    const v = await repo.findVoting(this.db, seen.id);
    if (!v) return new AppError('NOT_FOUND');
    try {
      this.assertOpen(v, now, byStaff);
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
    const [first] = await this.db
      .select({ name: users.name, surname: users.surname, userId: users.id })
      .from(votingResponses)
      .innerJoin(users, eq(users.id, votingResponses.userId))
      .where(and(eq(votingResponses.votingId, v.id), eq(votingResponses.unitKey, unitKey(v, voter)), eq(votingResponses.status, 'valid')));
    if (!first || first.userId === voter.id) return new AppError('ALREADY_VOTED');
    return new AppError('COMPANY_ALREADY_VOTED', { params: { name: `${first.name} ${first.surname}` } });
  }

  private assertOpen(v: repo.VotingRow, now: Date, byStaff: boolean): void {
    if (byStaff && v.status === 'stopped') return;
    const closed = closedReason(v, now.getTime());
    if (closed) throw new AppError(closed === 'notBegun' ? 'VOTING_NOT_BEGUN' : 'VOTING_OVER');
  }

  /** The answers must be options of this voting, distinct, between the minimum and the maximum. */
  private assertAnswers(v: repo.VotingRow, optionIdsOfVoting: number[], optionIds: number[]): void {
    const options = new Set(optionIdsOfVoting);
    const chosen = new Set(optionIds);
    const valid = [...chosen].every((id) => options.has(id)) && chosen.size === optionIds.length;
    if (!valid) throw new AppError('VALIDATION', { fields: { optionIds: 'validation.invalid' } });
    if (chosen.size < v.minAnswers || chosen.size > v.maxAnswers) {
      throw new AppError('VALIDATION', { fields: { optionIds: 'validation.answersRange' }, params: { min: v.minAnswers, max: v.maxAnswers } });
    }
  }

  /** Staff correct the answers of a response (not in a secret voting). */
  async correct(actor: User, responseId: number, optionIds: number[], ip: string): Promise<void> {
    const now = this.clock.now();
    const { response, voting, voter } = await this.responseWithVoting(this.db, responseId);
    if (voting.secret) throw new AppError('SECRET_VOTING');
    const options = await repo.optionsOf(this.db, voting.id);
    this.assertAnswers(
      voting,
      options.map((o) => o.id),
      optionIds,
    );
    await this.db.transaction(async (tx) => {
      await tx.update(votingResponses).set({ optionIds, updatedAt: now }).where(eq(votingResponses.id, responseId));
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
      if (response.status === 'valid') await repo.moveCount(tx, voting.id, -1);
      await tx
        .update(votingResponses)
        .set({ status: to, reason: reason ?? response.reason, updatedAt: now })
        .where(eq(votingResponses.id, responseId));
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
          if (!(await repo.moveCount(tx, voting.id, 1))) throw new AppError('PLACE_TAKEN');
        }
        await tx.update(votingResponses).set({ status: restored, updatedAt: now }).where(eq(votingResponses.id, responseId));
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

  /** The responses of a voting, newest first; the answers are left out when the voting is secret. */
  async list(votingId: number, page: number, pageSize: number, status?: 'valid' | 'rejected' | 'deleted') {
    const v = await repo.findVoting(this.db, votingId);
    if (!v) throw new AppError('NOT_FOUND');
    const where = and(eq(votingResponses.votingId, votingId), status ? eq(votingResponses.status, status) : undefined);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({
          id: votingResponses.id,
          userId: users.id,
          name: users.name,
          surname: users.surname,
          email: users.email,
          companyId: companies.id,
          companyName: companies.name,
          at: votingResponses.createdAt,
          optionIds: votingResponses.optionIds,
          status: votingResponses.status,
          reason: votingResponses.reason,
          source: votingResponses.source,
        })
        .from(votingResponses)
        .innerJoin(users, eq(users.id, votingResponses.userId))
        .leftJoin(companies, eq(companies.id, votingResponses.companyId))
        .where(where)
        .orderBy(desc(votingResponses.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(votingResponses)
        .where(where),
    ]);
    return {
      total: counted?.n ?? 0,
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

  // ---- what voters see

  /** Votings the caller may answer now (started, within their dates). */
  async activeFor(user: User): Promise<VoterVoting[]> {
    const now = this.clock.now();
    const ids = await this.votingsOf(user, sql`${votings.status} = 'started' AND ${votings.endsAt} > ${now}`);
    return Promise.all(ids.map((id) => this.voterView(user, id)));
  }

  /** Past votings the caller could answer. */
  async archiveFor(user: User): Promise<VoterVoting[]> {
    const ids = await this.votingsOf(user, sql`${votings.status} IN ('stopped', 'archived')`);
    return Promise.all(ids.map((id) => this.voterView(user, id)));
  }

  async byIdFor(user: User, id: number): Promise<VoterVoting> {
    const v = await repo.findVoting(this.db, id);
    if (!v || v.status === 'planned' || !(await repo.eligiblePerson(this.db, v, eq(users.id, user.id)))) throw new AppError('NOT_FOUND');
    return this.voterView(user, id);
  }

  private async votingsOf(user: User, condition: SQL): Promise<number[]> {
    const rows = await this.db
      .select({ id: votings.id })
      .from(votings)
      .where(
        and(
          condition,
          sql`EXISTS (SELECT 1 FROM ${users} JOIN ${companies} ON ${companies.id} = ${users.companyId}
            WHERE ${users.id} = ${user.id} AND ${eligibleVoter({ id: sql.raw('"votings"."id"'), eligibility: sql.raw('"votings"."eligibility"') })})`,
        ),
      )
      .orderBy(desc(votings.endsAt))
      .limit(100);
    return rows.map((r) => r.id);
  }

  private async voterView(user: User, id: number): Promise<VoterVoting> {
    const v = await repo.findVoting(this.db, id);
    if (!v) throw new AppError('NOT_FOUND');
    const options = await repo.optionsOf(this.db, id);
    const [mine] = await this.db
      .select({
        optionIds: votingResponses.optionIds,
        at: votingResponses.createdAt,
        receipt: votingResponses.receipt,
        status: votingResponses.status,
      })
      .from(votingResponses)
      .where(and(eq(votingResponses.votingId, id), eq(votingResponses.userId, user.id)))
      .orderBy(desc(votingResponses.id))
      .limit(1);
    let companyVotedBy: string | null = null;
    if (v.unit === 'company' && user.company && !(mine && mine.status === 'valid')) {
      const [other] = await this.db
        .select({ name: users.name, surname: users.surname })
        .from(votingResponses)
        .innerJoin(users, eq(users.id, votingResponses.userId))
        .where(and(eq(votingResponses.votingId, id), eq(votingResponses.unitKey, `c:${user.company.id}`), eq(votingResponses.status, 'valid')));
      companyVotedBy = other ? `${other.name} ${other.surname}` : null;
    }
    const published = v.publishResults && (v.status === 'stopped' || v.status === 'archived');
    const stats = published ? await this.votings.stats(id) : null;
    // Only percentages: no count, and no total a count could be worked out from.
    const results =
      stats && !v.showCounts
        ? {
            ...stats,
            options: stats.options.map((o) => ({ ...o, count: null })),
            responses: null,
            maxResponses: null,
            quorum: null,
            eligibleVoters: null,
          }
        : stats;
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

  // ---- the public form

  async publicVoting(slug: string) {
    const v = await repo.findVotingBySlug(this.db, slug);
    if (!v) throw new AppError('VOTING_NOT_EXIST');
    return {
      title: v.title,
      question: v.question,
      language: v.language,
      status: v.status,
      startsAt: v.startsAt.toISOString(),
      endsAt: repo.endOf(v).toISOString(),
      options: await repo.optionsOf(this.db, v.id),
      multiple: v.multiple,
      minAnswers: v.minAnswers,
      maxAnswers: v.maxAnswers,
      requireCode: v.requireCode,
    };
  }

  /**
   * Checks that an e-mail may vote (the same answer for unknown, ineligible and already voted) and sends a
   * one-time code, at most one a minute.
   */
  async checkUser(slug: string, email: string): Promise<{ codeSent: boolean; newCode: boolean }> {
    const now = this.clock.now();
    const { voting: v, voter } = await this.publicBallot(slug, email, now);
    if (!v.requireCode) return { codeSent: false, newCode: false };
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const newCode = await this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(votingCodes)
        .where(and(eq(votingCodes.votingId, v.id), eq(votingCodes.email, email)))
        .for('update');
      if (existing?.lockedUntil && existing.lockedUntil > now) throw new AppError('CODE_LOCKED');
      // A code sent less than a minute ago is still the one to use: no new e-mail, so nobody can flood an inbox.
      if (existing && existing.expiresAt.getTime() - CODE_TTL_MS > now.getTime() - CODE_RESEND_MS) return false;
      const values = { codeHash: sha256(`${v.id}:${code}`), expiresAt: new Date(now.getTime() + CODE_TTL_MS) };
      await tx
        .insert(votingCodes)
        .values({ votingId: v.id, email, ...values })
        .onConflictDoUpdate({ target: [votingCodes.votingId, votingCodes.email], set: values });
      await enqueueMail(tx, now, { type: 'votingCode', to: email, locale: v.language, params: { name: voter.name, title: v.title, code } });
      return true;
    });
    return { codeSent: true, newCode };
  }

  /** Answers from the public form, after the one-time code when the voting asks for it. */
  async voteByEmail(slug: string, email: string, code: string | undefined, optionIds: number[]) {
    const now = this.clock.now();
    const b = await this.publicBallot(slug, email, now);
    if (b.voting.requireCode) await this.consumeCode(b.voting.id, email, code ?? '', now);
    return this.cast(b, b.voter, optionIds, 'public', null);
  }

  /** The ballot of an e-mail on the public form: unknown, ineligible and already voted get the same answer. */
  private async publicBallot(slug: string, email: string, now: Date) {
    const b = await this.publicBallots.add(slug, email);
    if (!b) throw new AppError('VOTING_NOT_EXIST');
    // Counted before the e-mail's verdict, so guessing at addresses counts as much as voting.
    await this.ceiling.hit(b.voting);
    this.assertOpen(b.voting, now, false);
    if (!b.voter || b.voter.voted) throw new AppError('NOT_ELIGIBLE');
    return { ...b, voter: b.voter };
  }

  /** Five wrong codes lock the e-mail out of this voting for 15 minutes; a right one is used up. */
  private async consumeCode(votingId: number, email: string, code: string, now: Date): Promise<void> {
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(votingCodes)
        .where(and(eq(votingCodes.votingId, votingId), eq(votingCodes.email, email)))
        .for('update');
      if (row?.lockedUntil && row.lockedUntil > now) return 'locked' as const;
      if (row && row.expiresAt > now && row.codeHash === sha256(`${votingId}:${code.trim()}`)) {
        await tx.delete(votingCodes).where(and(eq(votingCodes.votingId, votingId), eq(votingCodes.email, email)));
        return 'ok' as const;
      }
      if (row) {
        const failures = row.failedAttempts + 1;
        await tx
          .update(votingCodes)
          .set(
            failures >= CODE_MAX_FAILURES
              ? { failedAttempts: 0, lockedUntil: new Date(now.getTime() + CODE_LOCK_MS), expiresAt: now }
              : { failedAttempts: failures },
          )
          .where(and(eq(votingCodes.votingId, votingId), eq(votingCodes.email, email)));
      }
      return 'wrong' as const;
    });
    if (outcome === 'locked') throw new AppError('CODE_LOCKED');
    if (outcome === 'wrong') throw new AppError('CODE_INVALID', { fields: { code: 'errors.codeInvalid' } });
  }

  /** A response with its voting and the voter's name (for the log). */
  private async responseWithVoting(db: Executor, responseId: number, lock = false) {
    const query = db
      .select({ response: getTableColumns(votingResponses), voter: sql<string>`${users.name} || ' ' || ${users.surname}` })
      .from(votingResponses)
      .innerJoin(users, eq(users.id, votingResponses.userId))
      .where(eq(votingResponses.id, responseId));
    const [row] = lock ? await query.for('update', { of: votingResponses }) : await query;
    if (!row) throw new AppError('NOT_FOUND');
    const voting = await repo.findVoting(db, row.response.votingId, lock);
    if (!voting) throw new AppError('NOT_FOUND');
    return { response: row.response, voting, voter: row.voter };
  }
}

/** Each voter's ballot from the rows of a ballot query: theirs, or the voting's without a voter; none without the voting. */
function ballotsOf<K>(rows: Ballot[], keys: K[], keyOf: (voter: NonNullable<Ballot['voter']>) => K): (Ballot | undefined)[] {
  const mine = new Map(rows.flatMap((r) => (r.voter ? [[keyOf(r.voter), r] as const] : [])));
  return keys.map((k) => mine.get(k) ?? (rows[0] ? { ...rows[0], voter: null } : undefined));
}

/** The chosen options as the log shows them: "2. Bob". */
const answerNames = (options: { id: number; seq: number; name: string }[], optionIds: number[]) =>
  optionIds.map((id) => {
    const o = options.find((x) => x.id === id);
    return o ? `${o.seq}. ${o.name}` : `#${id}`;
  });

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
