import type { CreditReview, CreditReviewRow, creditReviewListQuery } from '@portal/shared';
import { companyMayEdit, STAFF_EDIT_PERIOD_STATUSES } from '@portal/shared/survey-model';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import * as repo from './credit.repository.ts';
import type { CreditEntryService } from './credit-entry.service.ts';
import * as review from './credit-review.repository.ts';
import { LOG } from './distributors.service.ts';

type Target = { periodId: number; companyId: number };

const logged = (company: string, s: repo.SubmissionRow) => ({
  company,
  periodId: s.periodId,
  status: s.status,
  submittedAt: s.submittedAt?.toISOString() ?? null,
  staffQuestion: s.staffQuestion,
});

/**
 * The staff's review of credit submissions, as the salary survey's (design §1.2, §5 item 4): a submitted one is accepted
 * (only accepted data feeds the credit report) or returned with a question, which makes it the company's to change and
 * submit again. Each move is one transaction with its history entry and its log entry.
 */
export class CreditReviewService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly entry: CreditEntryService,
    private readonly publicUrl: string,
  ) {}

  /** A credit period, or 404 (a salary period's answers are reviewed on the completion dashboard). */
  private async period(db: Executor, periodId: number): Promise<repo.CreditPeriodRow> {
    const period = await repo.creditPeriod(db, periodId);
    if (!period) throw new AppError('NOT_FOUND');
    return period;
  }

  /** A page of the period's submissions with their totals and open questions. */
  async list(q: z.output<typeof creditReviewListQuery>): Promise<{ rows: CreditReviewRow[]; total: number }> {
    const period = await this.period(this.db, q.periodId);
    return review.reviewPage(this.db, period.id, q);
  }

  /** One company's submission as the company sees it, read-only, with who accepted it and its history. */
  async get(t: Target): Promise<CreditReview> {
    const period = await this.period(this.db, t.periodId);
    const name = await review.companyName(this.db, t.companyId);
    const submission = await repo.findSubmission(this.db, period.id, t.companyId);
    if (!name || !submission) throw new AppError('NOT_FOUND');
    return {
      company: { id: t.companyId, name },
      submission: await this.entry.view(this.db, period, submission),
      acceptedAt: submission.acceptedAt?.toISOString() ?? null,
      history: await review.historyOf(this.db, submission.id),
    };
  }

  /** The period (staff act while it is open, closed or in review), the company and its submitted submission, locked. */
  private async submitted(tx: Executor, t: Target) {
    const period = await this.period(tx, t.periodId);
    if (!STAFF_EDIT_PERIOD_STATUSES.includes(period.status)) throw new AppError('PERIOD_LOCKED');
    const company = await review.companyName(tx, t.companyId);
    if (!company) throw new AppError('NOT_FOUND');
    const submission = await repo.findSubmission(tx, period.id, t.companyId, true);
    if (submission?.status !== 'submitted') throw new AppError('RESPONSE_MOVE_IMPOSSIBLE');
    return { period, company, submission };
  }

  /** Accepts a submitted submission: its data now feeds the credit report. */
  async accept(actor: Actor, t: Target): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { company, submission } = await this.submitted(tx, t);
      const now = this.clock.now();
      await repo.updateSubmission(tx, submission.id, {
        status: 'accepted',
        acceptedAt: now,
        acceptedBy: actor.user.id,
        version: submission.version + 1,
      });
      await review.addEvent(tx, { submissionId: submission.id, userId: actor.user.id, action: 'accept', at: now, ip: actor.ip });
      await writeLog(tx, now, {
        domain: LOG,
        action: 'creditSubmission.accepted',
        entity: 'creditSubmission',
        entityId: submission.id,
        ...authorOf(actor),
        before: logged(company, submission),
        after: logged(company, { ...submission, status: 'accepted' }),
      });
    });
  }

  /**
   * Returns a submitted submission with a question: the company may change its data again and sees the question until
   * it submits again, and its people holding credit.fill are e-mailed. Only while the company can answer: unlike the
   * salary survey, a credit period has no company deadlines of its own to give, so a closed period would leave the
   * question unanswerable.
   */
  async returnWithQuestion(actor: Actor, t: Target & { question: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { period, company, submission } = await this.submitted(tx, t);
      const now = this.clock.now();
      if (!companyMayEdit(period.status, period.closesAt, 'returned', now)) throw new AppError('CREDIT_RETURN_CLOSED');
      await repo.updateSubmission(tx, submission.id, { status: 'returned', staffQuestion: t.question, version: submission.version + 1 });
      await review.addEvent(tx, {
        submissionId: submission.id,
        userId: actor.user.id,
        action: 'return',
        summary: { question: t.question },
        at: now,
        ip: actor.ip,
      });
      await writeLog(tx, now, {
        domain: LOG,
        action: 'creditSubmission.returned',
        entity: 'creditSubmission',
        entityId: submission.id,
        ...authorOf(actor),
        before: logged(company, submission),
        after: logged(company, { ...submission, status: 'returned', staffQuestion: t.question }),
      });
      const recipients = await review.creditRecipients(tx, t.companyId);
      await enqueueMail(
        tx,
        now,
        recipients.map((r) => ({
          type: 'creditReturned' as const,
          to: r.email,
          locale: r.locale,
          params: {
            name: r.name,
            company,
            title: r.locale === 'ru' ? period.titleRu : period.titleEn,
            question: t.question,
            link: `${this.publicUrl}${r.path}`,
          },
        })),
      );
    });
  }
}
