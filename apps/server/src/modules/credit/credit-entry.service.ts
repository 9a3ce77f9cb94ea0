import { type CreditEntry, type CreditEntryValues, type CreditSubmission, type creditSaveBody, kopecks, type User } from '@portal/shared';
import { AGEING_BUCKETS } from '@portal/shared/credit-model';
import { companyMayEdit } from '@portal/shared/survey-model';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import type { AreasService } from '../survey-access/areas.service.ts';
import * as repo from './credit.repository.ts';
import { addEvent } from './credit-review.repository.ts';
import { type DistributorsService, LOG } from './distributors.service.ts';

type SaveBody = z.output<typeof creditSaveBody>;

const AMOUNTS = ['receivablesTotal', ...AGEING_BUCKETS, 'netSalesPeriod'] as const;

/** Rows compared by value: '1000.00' from the database equals '1000' typed. */
const fingerprint = (entries: (CreditEntry | CreditEntryValues)[]): string =>
  entries
    .map((e) => {
      const id = 'distributorId' in e ? e.distributorId : e.distributor.id;
      const dbt = e.daysBeyondTerms === null ? '' : Number(e.daysBeyondTerms);
      return [id, ...AMOUNTS.map((a) => kopecks(String(e[a]))), Number(e.contractualTermsDays), dbt].join(':');
    })
    .sort()
    .join('|');

/**
 * A company's credit data (design §1.4): company people holding `credit.fill`, for their own company only, enter
 * receivables by distributor as of the period's date while the period is open, save with a version check and submit.
 */
export class CreditEntryService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly areas: AreasService,
    private readonly distributors: DistributorsService,
  ) {}

  /** Refuses (403) a person without `credit.fill` or a company: the distributor search is theirs only. */
  async checkArea(user: User): Promise<void> {
    await this.companyOf(user);
  }

  /** The caller's company after the area check (403 without `credit.fill` or a company). */
  async companyOf(user: User, tx: Executor = this.db): Promise<number> {
    await this.areas.requireArea(user, 'credit.fill', tx);
    if (!user.company) throw new AppError('FORBIDDEN');
    return user.company.id;
  }

  /** A company's submission as its screen shows it (staff read the same, read-only). */
  async view(tx: Executor, period: repo.CreditPeriodRow, submission: repo.SubmissionRow | undefined): Promise<CreditSubmission> {
    const status = submission?.status ?? 'not_started';
    return {
      period: {
        id: period.id,
        code: period.code,
        titleEn: period.titleEn,
        titleRu: period.titleRu,
        status: period.status,
        effectiveDate: period.effectiveDate,
        closesAt: period.closesAt.toISOString(),
      },
      status,
      version: submission?.version ?? 0,
      editable: companyMayEdit(period.status, period.closesAt, status, this.clock.now()),
      lastSavedAt: submission?.lastSavedAt?.toISOString() ?? null,
      submittedAt: submission?.submittedAt?.toISOString() ?? null,
      staffQuestion: submission?.staffQuestion ?? null,
      entries: submission ? await repo.entriesOf(tx, submission.id) : [],
    };
  }

  /** The company's data for a period, by default the running credit period; null when none runs. */
  async get(user: User, periodId?: number): Promise<CreditSubmission | null> {
    const companyId = await this.companyOf(user);
    const period = await repo.creditPeriod(this.db, periodId);
    if (!period || period.status === 'draft') {
      if (periodId) throw new AppError('NOT_FOUND');
      return null;
    }
    return this.view(this.db, period, await repo.findSubmission(this.db, period.id, companyId));
  }

  /**
   * Opens the change: the period open and its as-of date come, the submission locked (made on the first save), its
   * version the one the screen saw (else 409 with the newer data), and still the company's to change.
   */
  private async begin(tx: Executor, user: User, periodId: number, version: number) {
    const companyId = await this.companyOf(user, tx);
    const period = await repo.creditPeriod(tx, periodId);
    if (!period || period.status === 'draft') throw new AppError('NOT_FOUND');
    if (period.status !== 'open' || this.clock.now() > period.closesAt) throw new AppError('SURVEY_UNAVAILABLE');
    // Credit data is historical: figures "as of" a day that has not come yet would be forecasts.
    if (period.effectiveDate > this.clock.now().toISOString().slice(0, 10)) {
      throw new AppError('CREDIT_AS_OF_FUTURE', { params: { date: period.effectiveDate } });
    }
    const submission = await repo.findSubmission(tx, period.id, companyId, true);
    if ((submission?.version ?? 0) !== version) {
      throw new AppError('CREDIT_STALE', { details: await this.view(tx, period, submission) });
    }
    if (submission && !companyMayEdit(period.status, period.closesAt, submission.status, this.clock.now())) throw new AppError('CREDIT_READ_ONLY');
    return { companyId, period, submission };
  }

  async save(actor: Actor, body: SaveBody): Promise<CreditSubmission> {
    return this.db.transaction(async (tx) => {
      const { companyId, period, submission } = await this.begin(tx, actor.user, body.periodId, body.version);
      const unavailable = await this.distributors.unavailable(
        tx,
        body.entries.map((e) => e.distributorId),
      );
      if (unavailable.size) {
        const fields: Record<string, string> = {};
        body.entries.forEach((e, i) => {
          if (unavailable.has(e.distributorId)) fields[`entries.${i}.distributorId`] = 'creditData.validation.distributorUnavailable';
        });
        throw new AppError('VALIDATION', { fields });
      }
      const before = submission ? await repo.entriesOf(tx, submission.id) : [];
      if (fingerprint(before) === fingerprint(body.entries)) throw new AppError('NOTHING_TO_SAVE');
      const now = this.clock.now();
      const saved =
        submission ?? (await repo.insertSubmission(tx, { periodId: period.id, companyId, status: 'in_progress', version: 0, createdAt: now }));
      if (!saved) throw new AppError('CREDIT_STALE', { details: await this.view(tx, period, await repo.findSubmission(tx, period.id, companyId)) });
      await repo.replaceEntries(tx, saved.id, body.entries);
      await repo.updateSubmission(tx, saved.id, {
        // A returned or withdrawn submission is being worked on again.
        status: 'in_progress',
        lastSavedAt: now,
        lastSavedBy: actor.user.id,
        version: saved.version + 1,
      });
      await addEvent(tx, {
        submissionId: saved.id,
        userId: actor.user.id,
        action: 'save',
        summary: { distributors: body.entries.length },
        at: now,
        ip: actor.ip,
      });
      await writeLog(tx, now, {
        domain: LOG,
        action: 'creditSubmission.saved',
        entity: 'creditSubmission',
        entityId: saved.id,
        ...authorOf(actor),
        before: { periodId: period.id, companyId, distributors: before.map((e) => e.distributor.id) },
        after: { periodId: period.id, companyId, distributors: body.entries.map((e) => e.distributorId) },
      });
      return this.view(tx, period, await repo.findSubmission(tx, period.id, companyId));
    });
  }

  async submit(actor: Actor, body: { periodId: number; version: number }): Promise<CreditSubmission> {
    return this.db.transaction(async (tx) => {
      const { companyId, period, submission } = await this.begin(tx, actor.user, body.periodId, body.version);
      if (!submission || !(await repo.entriesOf(tx, submission.id)).length) throw new AppError('CREDIT_EMPTY');
      const now = this.clock.now();
      await repo.updateSubmission(tx, submission.id, {
        status: 'submitted',
        submittedAt: now,
        submittedBy: actor.user.id,
        // Submitting again answers the staff's question; the history keeps it.
        staffQuestion: null,
        version: submission.version + 1,
      });
      await addEvent(tx, { submissionId: submission.id, userId: actor.user.id, action: 'submit', at: now, ip: actor.ip });
      await writeLog(tx, now, {
        domain: LOG,
        action: 'creditSubmission.submitted',
        entity: 'creditSubmission',
        entityId: submission.id,
        ...authorOf(actor),
        before: { periodId: period.id, companyId, status: submission.status },
        after: { periodId: period.id, companyId, status: 'submitted' },
      });
      return this.view(tx, period, await repo.findSubmission(tx, period.id, companyId));
    });
  }
}
