import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { Batcher } from '../../lib/batcher.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { type Ballot, ballotQueries, ballotsOf } from './ballot.repository.ts';
import { assertOpen } from './ballot-rules.ts';
import type { CastingService, VoterBallot } from './casting.service.ts';
import * as repo from './voting.repository.ts';
import type { VotingCeiling } from './voting-ceiling.ts';
import * as codes from './voting-codes.repository.ts';

const CODE_TTL_MS = 15 * 60_000;
const CODE_RESEND_MS = 60_000;
const CODE_MAX_FAILURES = 5;
const CODE_LOCK_MS = 15 * 60_000;

/**
 * The public form (a voting's link, no login): the voting, the e-mail check with its one-time code, and the answer.
 * Unknown, ineligible and already-voted e-mails get the same answer.
 */
export class PublicFormService {
  /** Ballots read together when voters come together, by the voting's slug and e-mail. */
  private readonly publicBallots: Batcher<string, Ballot | undefined>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly casting: CastingService,
    private readonly ceiling: VotingCeiling,
  ) {
    const queries = ballotQueries(db);
    this.publicBallots = new Batcher(async (slug, emails) =>
      ballotsOf(await queries.bySlugAndEmails.execute({ voting: slug, voters: emails }), emails, (v) => v.email),
    );
  }

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
      const existing = await codes.lockCode(tx, v.id, email);
      if (existing?.lockedUntil && existing.lockedUntil > now) throw new AppError('CODE_LOCKED');
      // A code sent less than a minute ago is still the one to use: no new e-mail, so nobody can flood an inbox.
      if (existing && existing.expiresAt.getTime() - CODE_TTL_MS > now.getTime() - CODE_RESEND_MS) return false;
      await codes.saveCode(tx, v.id, email, { codeHash: sha256(`${v.id}:${code}`), expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
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
    return this.casting.castFromPublicForm(b, optionIds);
  }

  /** The ballot of an e-mail on the public form: unknown, ineligible and already voted get the same answer. */
  private async publicBallot(slug: string, email: string, now: Date): Promise<VoterBallot> {
    const b = await this.publicBallots.add(slug, email);
    if (!b) throw new AppError('VOTING_NOT_EXIST');
    // Counted before the e-mail's verdict, so guessing at addresses counts as much as voting.
    await this.ceiling.hit(b.voting);
    assertOpen(b.voting, now, false);
    if (!b.voter || b.voter.voted) throw new AppError('NOT_ELIGIBLE');
    return { ...b, voter: b.voter };
  }

  /** Five wrong codes lock the e-mail out of this voting for 15 minutes; a right one is used up. */
  private async consumeCode(votingId: number, email: string, code: string, now: Date): Promise<void> {
    const outcome = await this.db.transaction(async (tx) => {
      const row = await codes.lockCode(tx, votingId, email);
      if (row?.lockedUntil && row.lockedUntil > now) return 'locked' as const;
      if (row && row.expiresAt > now && row.codeHash === sha256(`${votingId}:${code.trim()}`)) {
        await codes.deleteCode(tx, votingId, email);
        return 'ok' as const;
      }
      if (row) {
        const failures = row.failedAttempts + 1;
        await codes.updateCode(
          tx,
          votingId,
          email,
          failures >= CODE_MAX_FAILURES
            ? { failedAttempts: 0, lockedUntil: new Date(now.getTime() + CODE_LOCK_MS), expiresAt: now }
            : { failedAttempts: failures },
        );
      }
      return 'wrong' as const;
    });
    if (outcome === 'locked') throw new AppError('CODE_LOCKED');
    if (outcome === 'wrong') throw new AppError('CODE_INVALID', { fields: { code: 'errors.codeInvalid' } });
  }
}
