import {
  issueKey,
  type Locale,
  overallProgress,
  type SaveResult,
  type SurveyIssue,
  type SurveyOverview,
  type SurveyScope,
  stepStatus,
  surveySteps,
  type User,
} from '@portal/shared';
import {
  companyDeadline,
  companyMayEdit,
  type ResponseEventAction,
  STAFF_EDIT_PERIOD_STATUSES,
  type StepKey,
  type SurveyKind,
} from '@portal/shared/survey-model';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { writeLog } from '../action-log/action-log.ts';
import type { AreasService } from '../survey-access/areas.service.ts';
import { type CheckTarget, checkStep, type KnownGrid } from './step-checks.ts';
import * as repo from './survey.repository.ts';

/** Who acts, from where (the response history keeps both). */
export interface Caller {
  user: User;
  ip: string;
}

/** The response a call is about, resolved from the session (company people) or the request (staff). */
export interface SurveyContext extends CheckTarget {
  companyName: string;
  /** Staff or admin acting for the company. */
  staff: boolean;
}

const isStaff = (user: User) => user.role === 'staff' || user.role === 'admin';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A save's outcome: what it changed (for the history), or nothing ("Nothing to save."). */
export interface Change {
  changed: boolean;
  summary: Record<string, unknown>;
  /** The grid after the change, when the change knows it (the checks then need not read it back). */
  grid?: KnownGrid;
}

/**
 * The questionnaire's frame: which response a caller reaches, the edit window and version check around every save,
 * and the recomputation of a step's issues and the response's progress that every save ends with (design §2).
 */
export class QuestionnaireService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly areas: AreasService,
  ) {}

  /**
   * The caller's response for the period: a company person's own company (never one named in the request), with the
   * area; staff the company they name. A period no longer open is 410 for companies. The row is made on first use.
   */
  async context(user: User, scope: SurveyScope, tx: Executor = this.db, kind: SurveyKind = 'salary', lock = false): Promise<SurveyContext> {
    await this.areas.requireArea(user, 'salary.fill', tx);
    const staff = isStaff(user);
    let companyId: number;
    if (staff) {
      if (!scope.companyId) throw new AppError('VALIDATION', { fields: { companyId: 'validation.required' } });
      companyId = scope.companyId;
    } else {
      const own = user.company?.id;
      if (!own || (scope.companyId && scope.companyId !== own)) throw new AppError('FORBIDDEN');
      companyId = own;
    }
    const companyName = await repo.companyName(tx, companyId);
    if (!companyName) throw new AppError('NOT_FOUND');
    const period = await repo.periodFor(tx, kind, scope.periodId);
    if (!period) throw new AppError('NOT_FOUND');
    if (staff ? period.status === 'draft' : period.status !== 'open') throw new AppError('SURVEY_UNAVAILABLE');
    let response = await repo.ensureResponse(tx, period.id, companyId, lock);
    const ctx = { period, companyId, companyName, response, staff };
    if (response.stepsTotal === 0 && (await repo.stepsOf(tx, response.id)).length === 0) {
      // First opening: every step's required count, so the progress bar and the staff dashboard start right.
      await this.recompute(tx, ctx, await this.stepKeys(tx, period.id));
      response = (await repo.responseOf(tx, period.id, companyId, lock))!;
    }
    return { ...ctx, response };
  }

  async stepKeys(db: Executor, periodId: number): Promise<StepKey[]> {
    return surveySteps(await repo.pagesOf(db, periodId));
  }

  deadline = (ctx: SurveyContext) => companyDeadline(ctx.period.closesAt, ctx.response.deadlineOverride);

  /** Whether the caller may change the answers now. */
  mayEdit(ctx: SurveyContext): boolean {
    if (ctx.staff) return STAFF_EDIT_PERIOD_STATUSES.includes(ctx.period.status);
    return companyMayEdit(ctx.period.status, this.deadline(ctx), ctx.response.status, this.clock.now());
  }

  private assertEditable(ctx: SurveyContext): void {
    if (this.mayEdit(ctx)) return;
    if (ctx.staff || ctx.period.status !== 'open' || this.clock.now() > this.deadline(ctx)) throw new AppError('SURVEY_UNAVAILABLE');
    throw new AppError('SURVEY_READ_ONLY');
  }

  /**
   * One save, in one transaction: the edit window, the version it was based on (a stale one is 409 with the newer
   * data, never overwritten), the change itself, the step's issues and the progress recomputed, the version bumped and
   * the history written. A save that changes nothing is "Nothing to save.".
   */
  async save(
    caller: Caller,
    scope: SurveyScope & { version: number },
    action: ResponseEventAction,
    steps: StepKey[] | 'all',
    change: (tx: Executor, ctx: SurveyContext) => Promise<Change>,
    newer: (tx: Executor, ctx: SurveyContext) => Promise<unknown>,
  ): Promise<SaveResult> {
    return this.db.transaction(async (tx) => {
      // The response row is locked for the transaction: saves of one company queue, never interleave.
      const ctx = await this.context(caller.user, scope, tx, 'salary', true);
      this.assertEditable(ctx);
      if (ctx.response.version !== scope.version)
        throw new AppError('SURVEY_STALE', { details: { version: ctx.response.version, data: await newer(tx, ctx) } });
      const { changed, summary, grid } = await change(tx, ctx);
      if (!changed) throw new AppError('NOTHING_TO_SAVE');
      const keys = steps === 'all' ? await this.stepKeys(tx, ctx.period.id) : steps;
      return this.commit(tx, ctx, caller, action, keys, summary, grid);
    });
  }

  /** Recomputes the steps, moves the response on (version, last saved, status) and writes its history. */
  async commit(
    tx: Executor,
    ctx: SurveyContext,
    caller: Caller,
    action: ResponseEventAction,
    keys: StepKey[],
    summary: Record<string, unknown>,
    grid?: KnownGrid,
  ): Promise<SaveResult> {
    const now = this.clock.now();
    ctx.response = await repo.updateResponse(tx, ctx.response.id, {
      version: ctx.response.version + 1,
      lastSavedAt: now,
      lastSavedBy: caller.user.id,
      startedAt: ctx.response.startedAt ?? now,
      // A returned or withdrawn response goes back to in progress on its next save.
      status: ['not_started', 'returned', 'withdrawn'].includes(ctx.response.status) ? 'in_progress' : ctx.response.status,
    });
    const result = await this.recompute(tx, ctx, keys, grid);
    await repo.writeEvent(tx, {
      responseId: ctx.response.id,
      userId: caller.user.id,
      action,
      stepKey: keys.length === 1 ? keys[0]! : null,
      summary: { ...summary, ...(ctx.staff ? { staffEdit: true } : {}) },
      at: now,
      ip: caller.ip,
    });
    // A staff edit of a company's answers is a staff action: the survey's log names it (the history has the cells).
    if (ctx.staff)
      await writeLog(tx, now, {
        domain: 'survey',
        action: 'surveyResponse.edited',
        entity: 'company',
        entityId: ctx.companyId,
        after: { period: ctx.period.code, steps: keys.join(', '), change: action },
        actorId: caller.user.id,
        ip: caller.ip,
      });
    return { ...result, version: ctx.response.version, savedAt: now.toISOString() };
  }

  /**
   * Checks the given steps again: their issues replaced (an acknowledged warning that still applies keeps its
   * acknowledgement; staff queries stay), their step rows, and the response's progress columns the dashboard reads.
   */
  async recompute(tx: Executor, ctx: CheckTarget, keys: StepKey[], grid?: KnownGrid): Promise<Omit<SaveResult, 'version' | 'savedAt'>> {
    const now = this.clock.now();
    const all = await this.stepKeys(tx, ctx.period.id);
    const existing = await repo.issuesOf(tx, ctx.response.id);
    for (const key of keys.filter((k) => all.includes(k))) {
      const { count, issues } = await checkStep(tx, ctx, key, grid);
      const before = new Map(existing.filter((i) => i.stepKey === key && i.severity === 'warning' && i.acknowledgedAt).map((i) => [issueKey(i), i]));
      await repo.replaceIssues(
        tx,
        ctx.response.id,
        key,
        issues.map((i) => {
          const ack = i.severity === 'warning' ? before.get(issueKey(i)) : undefined;
          return { ...i, acknowledgedBy: ack?.acknowledgedBy, acknowledgedAt: ack?.acknowledgedAt, ackComment: ack?.ackComment };
        }),
      );
      const errors = issues.filter((i) => i.severity === 'error').length;
      const queries = existing.filter((i) => i.stepKey === key && i.severity === 'staff_query' && !i.acknowledgedAt).length;
      const warnings = issues.filter((i) => i.severity === 'warning' && !before.has(issueKey(i))).length + queries;
      await repo.upsertStep(tx, {
        responseId: ctx.response.id,
        stepKey: key,
        status: stepStatus({ ...count, errors }),
        answeredRequired: count.answered,
        requiredTotal: count.required,
        errorsOpen: errors,
        warningsOpen: warnings,
        updatedAt: now,
      });
    }
    if (keys.length === all.length) await repo.removeStepsExcept(tx, ctx.response.id, all);
    return this.progressOf(tx, ctx.response.id, all, true);
  }

  /** The steps in order, the progress and the open issues; with `store`, the response's progress columns are written. */
  async progressOf(db: Executor, responseId: number, order: StepKey[], store = false): Promise<Omit<SaveResult, 'version' | 'savedAt'>> {
    const rows = new Map((await repo.stepsOf(db, responseId)).map((s) => [s.stepKey, s]));
    const steps = order.map((key) => {
      const s = rows.get(key);
      return {
        key,
        status: s?.status ?? 'not_started',
        answeredRequired: s?.answeredRequired ?? 0,
        requiredTotal: s?.requiredTotal ?? 0,
        errorsOpen: s?.errorsOpen ?? 0,
        warningsOpen: s?.warningsOpen ?? 0,
      };
    });
    const progress = overallProgress(steps.map((s) => ({ answered: s.answeredRequired, required: s.requiredTotal, status: s.status })));
    const issues = (await repo.issuesOf(db, responseId)).map(issueOut);
    if (store)
      await repo.updateResponse(db, responseId, {
        progressPct: progress.pct,
        stepsComplete: progress.stepsComplete,
        stepsTotal: progress.stepsTotal,
        errorsOpen: steps.reduce((n, s) => n + s.errorsOpen, 0),
        warningsOpen: steps.reduce((n, s) => n + s.warningsOpen, 0),
      });
    return { steps, progress, issues };
  }

  /** getSurvey: the period, the response, the steps with their chips, the progress and the issues. */
  async overview(user: User, scope: SurveyScope, locale: Locale): Promise<SurveyOverview> {
    const ctx = await this.context(user, scope, this.db);
    const pages = await repo.pagesOf(this.db, ctx.period.id);
    const { steps, progress, issues } = await this.progressOf(this.db, ctx.response.id, surveySteps(pages));
    const { period, response } = ctx;
    const now = this.clock.now();
    return {
      period: {
        id: period.id,
        code: period.code,
        title: locale === 'ru' ? period.titleRu : period.titleEn,
        status: period.status,
        deadline: this.deadline(ctx).toISOString(),
        effectiveDate: period.effectiveDate,
        bonusYear: period.bonusYear,
        minimumWage: period.minimumWage,
        hasPrior: period.priorPeriodId !== null,
      },
      company: { id: ctx.companyId, name: ctx.companyName },
      response: {
        status: response.status,
        version: response.version,
        lastSavedAt: iso(response.lastSavedAt),
        submittedAt: iso(response.submittedAt),
        copiedFromPrior: response.copiedFromResponseId !== null,
        staffReason: response.staffReason,
      },
      editable: this.mayEdit(ctx),
      withdrawable: response.status === 'submitted' && period.status === 'open' && now <= this.deadline(ctx),
      steps,
      progress,
      issues,
      pages: pages.map((p) => ({ key: p.key, kind: p.kind, title: locale === 'ru' ? p.titleRu : p.titleEn })),
    };
  }
}

export const issueOut = (i: repo.IssueRow): SurveyIssue => ({
  id: i.id,
  stepKey: i.stepKey,
  target: i.target,
  field: i.field,
  ruleCode: i.ruleCode,
  severity: i.severity,
  params: i.params,
  acknowledgedAt: iso(i.acknowledgedAt),
  ackComment: i.ackComment,
});
