import { type acknowledgeBody, type completeBody, completionBlockers, type copyPriorBody, type SaveResult, type withdrawBody } from '@portal/shared';
import type { StepKey } from '@portal/shared/survey-model';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { surveyRecipients } from '../survey-admin/recipients.repository.ts';
import type { Caller, QuestionnaireService, SurveyContext } from './questionnaire.service.ts';
import * as repo from './survey.repository.ts';

type Completion = { status: repo.ResponseRow['status']; version: number; submittedAt: string | null };
const completion = (r: repo.ResponseRow): Completion => ({ status: r.status, version: r.version, submittedAt: r.submittedAt?.toISOString() ?? null });

/** Completion and withdrawal, acknowledgements of warnings and staff queries, and copy from last year. */
export class CompletionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly q: QuestionnaireService,
    private readonly publicUrl: string,
  ) {}

  /**
   * setCompleteStatus: every step checked again; with nothing blocking, the response is submitted with a snapshot of
   * the contact; otherwise 409 with the blockers by step (and nothing changes).
   */
  complete(caller: Caller, body: z.output<typeof completeBody>): Promise<Completion> {
    return this.db.transaction(async (tx) => {
      const ctx = await this.q.context(caller.user, body, tx, body.kind, true);
      if (!this.q.mayEdit(ctx)) {
        if (ctx.response.status === 'submitted' || ctx.response.status === 'accepted') throw new AppError('SURVEY_READ_ONLY');
        throw new AppError('SURVEY_UNAVAILABLE');
      }
      const keys = await this.q.stepKeys(tx, ctx.period.id);
      const { steps, issues } = await this.q.recompute(tx, ctx, keys);
      const blockers = completionBlockers(steps, issues);
      if (blockers.length) throw new AppError('SURVEY_INCOMPLETE', { details: { blockers } });
      const contact = await repo.contactOf(tx, ctx.companyId, body.kind);
      const now = this.clock.now();
      const response = await repo.updateResponse(tx, ctx.response.id, {
        status: 'submitted',
        submittedAt: now,
        submittedBy: caller.user.id,
        contactSnapshot: contact
          ? { name: contact.name, position: contact.position, phone: contact.phone, email: contact.email, companyFullName: contact.companyFullName }
          : null,
        version: ctx.response.version + 1,
      });
      await repo.writeEvent(tx, {
        responseId: response.id,
        userId: caller.user.id,
        action: 'submit',
        stepKey: null,
        summary: { progressPct: 100 },
        at: now,
        ip: caller.ip,
      });
      await this.notifySubmitted(tx, now, ctx);
      return completion(response);
    });
  }

  /**
   * Tells the company's survey people (and its respondent contact) that the survey is with the association, with a link
   * to the answers as submitted, and the association's staff, with a link to the completion dashboard.
   */
  private async notifySubmitted(tx: Executor, now: Date, ctx: SurveyContext): Promise<void> {
    const company = (await surveyRecipients(tx, [ctx.companyId])).get(ctx.companyId) ?? [];
    const staff = (await repo.associationStaff(tx)).map((s) => ({ ...s, path: `/aipm/reports/company?period=${ctx.period.id}` }));
    await enqueueMail(
      tx,
      now,
      [...company, ...staff].map((r) => ({
        type: 'surveySubmitted',
        to: r.email,
        locale: r.locale,
        params: {
          name: r.name,
          company: ctx.companyName,
          title: r.locale === 'ru' ? ctx.period.titleRu : ctx.period.titleEn,
          link: `${this.publicUrl}${r.path}`,
        },
      })),
    );
  }

  /** The company takes its completed response back to change it, until its deadline. */
  withdraw(caller: Caller, body: z.output<typeof withdrawBody>): Promise<Completion> {
    return this.db.transaction(async (tx) => {
      const ctx = await this.q.context(caller.user, body, tx, body.kind, true);
      const current = ctx.response;
      const now = this.clock.now();
      if (current.status !== 'submitted' || ctx.period.status !== 'open' || now > this.q.deadline({ ...ctx, response: current }))
        throw new AppError('SURVEY_NOT_WITHDRAWABLE');
      const response = await repo.updateResponse(tx, current.id, { status: 'withdrawn', version: current.version + 1 });
      await repo.writeEvent(tx, {
        responseId: response.id,
        userId: caller.user.id,
        action: 'withdraw',
        stepKey: null,
        summary: {},
        at: now,
        ip: caller.ip,
      });
      return completion(response);
    });
  }

  /** A warning acknowledged, or a staff query answered, with a comment: it no longer blocks completion. */
  async acknowledge(caller: Caller, body: z.output<typeof acknowledgeBody>): Promise<SaveResult> {
    const ctx = await this.q.context(caller.user, body);
    const issue = (await repo.issuesOf(this.db, ctx.response.id)).find((i) => i.id === body.issueId);
    if (!issue || issue.severity === 'error') throw new AppError('NOT_FOUND');
    return this.q.save(
      caller,
      body,
      'acknowledge',
      [issue.stepKey as StepKey],
      async (tx, c) => {
        const done = await repo.acknowledge(tx, c.response.id, body.issueId, caller.user.id, this.clock.now(), body.comment);
        if (!done) throw new AppError('NOT_FOUND');
        return { changed: issue.ackComment !== body.comment, summary: { issueId: issue.id, ruleCode: issue.ruleCode, comment: body.comment } };
      },
      async (tx, c) => (await repo.issuesOf(tx, c.response.id)).length,
    );
  }

  /**
   * Copy from last year: the positions (through the lineage) and regions the period still has, their allowances and
   * car policy, and the pages, into the draft where it has none yet; the copied figures are flagged "to update".
   */
  copyFromLastYear(caller: Caller, body: z.output<typeof copyPriorBody>): Promise<SaveResult> {
    return this.q.save(
      caller,
      body,
      'copy_prior',
      'all',
      async (tx, ctx) => {
        const period = await repo.priorPeriodOf(tx, ctx.period);
        const prior = period ? await repo.responseOf(tx, period.id, ctx.companyId) : undefined;
        if (!period || !prior) throw new AppError('PAST_RESPONSES_UNAVAILABLE');
        const rows = await repo.copyPriorGrid(tx, { responseId: prior.id }, { responseId: ctx.response.id, periodId: ctx.period.id });
        await repo.copyPriorPages(tx, { responseId: prior.id, periodId: period.id }, { responseId: ctx.response.id, periodId: ctx.period.id });
        ctx.response = await repo.updateResponse(tx, ctx.response.id, { copiedFromResponseId: prior.id });
        return { changed: true, summary: { fromResponseId: prior.id, rows } };
      },
      async () => null,
    );
  }
}
