import type { Locale, Outliers } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import { type ResponseEventAction, type ResponseStatus, STAFF_EDIT_PERIOD_STATUSES } from '@portal/shared/survey-model';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies, responseEvents, surveyReminders, surveyResponses, validationIssues } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { type Actor, authorOf, type LogEntry, writeLog } from '../action-log/action-log.ts';
import { marketCells } from './outliers.repository.ts';
import type { PeriodRow } from './periods.repository.ts';
import { LOG, type PeriodsService } from './periods.service.ts';
import { surveyRecipients } from './recipients.repository.ts';

type ResponseRow = typeof surveyResponses.$inferSelect;
type Target = { periodId: number; companyId: number };

/** A step's name in a language, as the returned-response e-mail says it. */
const stepName = (locale: 'en' | 'ru', key: string) =>
  key.startsWith('page:') ? translate(locale, 'surveyAdmin.steps.page', { key: key.slice(5) }) : translate(locale, `surveyAdmin.steps.${key}`);

const logged = (r: ResponseRow) => ({
  status: r.status,
  progressPct: r.progressPct,
  submittedAt: r.submittedAt?.toISOString() ?? null,
  deadlineOverride: r.deadlineOverride?.toISOString() ?? null,
  staffReason: r.staffReason,
});

/**
 * Staff's review of a company's response (design §1.2, §5 item 4): return with a question, accept, exclude and take back
 * in, a deadline of its own, and the reset. Each is one transaction with its response history entry and log entry.
 */
export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly periods: PeriodsService,
    private readonly publicUrl: string,
  ) {}

  /** The period (staff may act on responses while it is open, closed or in review), the company and its response. */
  private async target(tx: Tx, t: Target): Promise<{ period: PeriodRow; company: string; response: ResponseRow | undefined }> {
    const period = await this.periods.get(tx, t.periodId);
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, t.companyId));
    if (!company) throw new AppError('NOT_FOUND');
    if (!STAFF_EDIT_PERIOD_STATUSES.includes(period.status)) throw new AppError('PERIOD_LOCKED');
    const [response] = await tx
      .select()
      .from(surveyResponses)
      .where(and(eq(surveyResponses.periodId, t.periodId), eq(surveyResponses.companyId, t.companyId)))
      .for('update');
    return { period, company: company.name, response };
  }

  /** The response, created (not started) when the company has not opened the survey yet. */
  private async ensure(tx: Tx, t: Target, response: ResponseRow | undefined): Promise<ResponseRow> {
    if (response) return response;
    const [created] = await tx.insert(surveyResponses).values({ periodId: t.periodId, companyId: t.companyId }).returning();
    return created!;
  }

  private async record(
    tx: Tx,
    actor: Actor,
    now: Date,
    before: ResponseRow,
    change: Partial<typeof surveyResponses.$inferInsert>,
    event: { action: ResponseEventAction; stepKey?: string; summary?: Record<string, unknown> },
    log: Pick<LogEntry, 'action'>,
    company: string,
  ): Promise<void> {
    const [after] = await tx
      .update(surveyResponses)
      .set({ ...change, version: before.version + 1 })
      .where(eq(surveyResponses.id, before.id))
      .returning();
    await tx.insert(responseEvents).values({
      responseId: before.id,
      userId: actor.user.id,
      action: event.action,
      stepKey: event.stepKey ?? null,
      summary: { ...event.summary, before: before.status, after: after!.status },
      at: now,
      ip: actor.ip,
    });
    await writeLog(tx, now, {
      domain: LOG,
      action: log.action,
      entity: 'company',
      entityId: before.companyId,
      ...authorOf(actor),
      before: { company, periodId: before.periodId, ...logged(before) },
      after: { company, periodId: before.periodId, ...logged(after!) },
    });
  }

  private requireStatus(response: ResponseRow | undefined, ...statuses: ResponseStatus[]): ResponseRow {
    if (!response || !statuses.includes(response.status)) throw new AppError('RESPONSE_MOVE_IMPOSSIBLE');
    return response;
  }

  /**
   * Returns a submitted response with a question on a step: a staff query (it blocks completion until the company answers
   * it), and an e-mail to the company's respondents.
   */
  async returnWithQuestion(actor: Actor, t: Target & { stepKey: string; text: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { period, company, response } = await this.target(tx, t);
      const submitted = this.requireStatus(response, 'submitted');
      const now = this.clock.now();
      await tx.insert(validationIssues).values({
        responseId: submitted.id,
        stepKey: t.stepKey,
        target: 'staff',
        ruleCode: 'staff_query',
        severity: 'staff_query',
        params: { text: t.text },
        createdBy: actor.user.id,
        createdAt: now,
      });
      await this.record(
        tx,
        actor,
        now,
        submitted,
        { status: 'returned', staffReason: t.text },
        { action: 'return', stepKey: t.stepKey, summary: { text: t.text } },
        { action: 'surveyResponse.returned' },
        company,
      );
      const recipients = (await surveyRecipients(tx, [t.companyId])).get(t.companyId) ?? [];
      await enqueueMail(
        tx,
        now,
        recipients.map((r) => ({
          type: 'surveyReturned',
          to: r.email,
          locale: r.locale,
          params: {
            name: r.name,
            company,
            title: r.locale === 'ru' ? period.titleRu : period.titleEn,
            step: stepName(r.locale, t.stepKey),
            question: t.text,
            link: `${this.publicUrl}${r.path}`,
          },
        })),
      );
      if (recipients.length) {
        await tx.insert(surveyReminders).values({
          periodId: t.periodId,
          companyId: t.companyId,
          kind: 'returned',
          sentTo: recipients.map((r) => r.email),
          sentAt: now,
          sentBy: actor.user.id,
        });
      }
    });
  }

  /**
   * The market check of a company's response (design §2): its grid rows more than 3× above or below the median of the
   * same cell in the period's other submitted or accepted responses. Staff only: no company-facing call reads it.
   */
  async outliers(locale: Locale, t: Target): Promise<Outliers> {
    const period = await this.periods.get(this.db, t.periodId);
    const [company] = await this.db.select({ id: companies.id }).from(companies).where(eq(companies.id, t.companyId));
    if (!company) throw new AppError('NOT_FOUND');
    const { minCompanies } = period.rules;
    const { rows, cells } = await marketCells(this.db, { ...t, minCompanies, locale });
    return {
      minCompanies,
      rows,
      compared: cells.length,
      outliers: cells.filter((c) => c.outlier).map(({ outlier: _, ...row }) => row),
    };
  }

  /** Accepts a submitted response: only accepted ones feed the statistics. */
  async accept(actor: Actor, t: Target): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { company, response } = await this.target(tx, t);
      const submitted = this.requireStatus(response, 'submitted');
      const now = this.clock.now();
      await this.record(
        tx,
        actor,
        now,
        submitted,
        { status: 'accepted', acceptedAt: now, acceptedBy: actor.user.id },
        { action: 'accept' },
        { action: 'surveyResponse.accepted' },
        company,
      );
    });
  }

  /** Excludes a company's response, whatever its state (a company that never started too), with the reason. */
  async exclude(actor: Actor, t: Target & { reason: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { company, response } = await this.target(tx, t);
      if (response?.status === 'excluded') throw new AppError('RESPONSE_MOVE_IMPOSSIBLE');
      const now = this.clock.now();
      const row = await this.ensure(tx, t, response);
      await this.record(
        tx,
        actor,
        now,
        row,
        { status: 'excluded', staffReason: t.reason },
        { action: 'exclude', summary: { reason: t.reason } },
        { action: 'surveyResponse.excluded' },
        company,
      );
    });
  }

  /** Takes an excluded response back in: in progress if the company had begun, else not started. */
  async reopen(actor: Actor, t: Target): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { company, response } = await this.target(tx, t);
      const excluded = this.requireStatus(response, 'excluded');
      await this.record(
        tx,
        actor,
        this.clock.now(),
        excluded,
        { status: excluded.startedAt ? 'in_progress' : 'not_started', staffReason: null },
        { action: 'reopen' },
        { action: 'surveyResponse.reopened' },
        company,
      );
    });
  }

  /** Gives a company a deadline of its own, later than the period's; null gives it the period's again. */
  async extend(actor: Actor, t: Target & { deadline: string | null }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { period, company, response } = await this.target(tx, t);
      const deadline = t.deadline ? new Date(t.deadline) : null;
      if (deadline && deadline <= period.closesAt) {
        throw new AppError('VALIDATION', { fields: { deadline: 'surveyAdmin.validation.extendBeforeDeadline' } });
      }
      const row = await this.ensure(tx, t, response);
      await this.record(
        tx,
        actor,
        this.clock.now(),
        row,
        { deadlineOverride: deadline },
        { action: 'extend_deadline', summary: { deadline: t.deadline } },
        { action: 'surveyResponse.deadlineExtended' },
        company,
      );
    });
  }

  /**
   * Resets a company's response: the row and every answer under it go (the database cascades), the reason and what
   * was there stay in the log. Never once the period is published: its reports are built on them.
   */
  async reset(actor: Actor, t: Target & { reason: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const period = await this.periods.get(tx, t.periodId);
      if (period.status === 'published' || period.status === 'archived') throw new AppError('RESPONSE_PUBLISHED');
      const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, t.companyId));
      const [response] = await tx
        .select()
        .from(surveyResponses)
        .where(and(eq(surveyResponses.periodId, t.periodId), eq(surveyResponses.companyId, t.companyId)))
        .for('update');
      if (!company || !response) throw new AppError('NOT_FOUND');
      const now = this.clock.now();
      await tx.delete(surveyResponses).where(eq(surveyResponses.id, response.id));
      await writeLog(tx, now, {
        domain: LOG,
        action: 'surveyResponse.reset',
        entity: 'company',
        entityId: t.companyId,
        ...authorOf(actor),
        before: { company: company.name, periodId: t.periodId, ...logged(response) },
        after: { company: company.name, periodId: t.periodId, reason: t.reason },
      });
    });
  }

  /** Marks a company as a staff-only test company (its answers never count) or an ordinary one again. */
  async setTestCompany(actor: Actor, companyId: number, isTest: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [company] = await tx
        .select({ name: companies.name, isTest: companies.isTest })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('update');
      if (!company) throw new AppError('NOT_FOUND');
      if (company.isTest === isTest) return;
      await tx.update(companies).set({ isTest }).where(eq(companies.id, companyId));
      await writeLog(tx, this.clock.now(), {
        domain: LOG,
        action: 'company.testFlagged',
        entity: 'company',
        entityId: companyId,
        ...authorOf(actor),
        before: { company: company.name, isTest: company.isTest },
        after: { company: company.name, isTest },
      });
    });
  }
}
