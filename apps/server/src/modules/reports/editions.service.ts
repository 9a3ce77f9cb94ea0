import type { createReportBody, PeriodReports, Report, TaskStatus, zipBody } from '@portal/shared';
import { FINAL_TASK_STATES, type ReportType } from '@portal/shared/reports-model';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import type { PeriodsService } from '../survey-admin/periods.service.ts';
import { LOG } from '../survey-admin/periods.service.ts';
import * as repo from './editions.repository.ts';
import type { ReportContents } from './report-contents.ts';
import type { ReportJobs } from './report-jobs.ts';
import * as tasksRepo from './tasks.repository.ts';

/** How soon the staff's screen asks again about a task: every second while it is young, every two seconds after. */
const retryAfterMs = (t: { createdAt: Date; state: string }, now: Date) =>
  FINAL_TASK_STATES.includes(t.state as never) ? null : now.getTime() - t.createdAt.getTime() < 30_000 ? 1_000 : 2_000;

/**
 * A period's statistics and report editions for staff (design §4): freezing, creating editions, starting their
 * generation and PDF conversion, zips, and the tasks' progress. The work itself is generation.ts's.
 */
export class EditionsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly periods: PeriodsService,
    private readonly contents: ReportContents,
    private readonly jobs: ReportJobs,
  ) {}

  async list(periodId: number): Promise<PeriodReports> {
    await this.periods.get(this.db, periodId);
    const [snapshot, reports, freeze] = await Promise.all([
      repo.snapshotSummary(this.db, periodId),
      repo.listReports(this.db, periodId),
      tasksRepo.findLiveTask(this.db, 'compute_stats', `period:${periodId}`),
    ]);
    return { snapshot, reports, freezeTaskId: freeze?.id ?? null };
  }

  /** Freezes the period's statistics from its accepted responses, in a task. */
  async freeze(actor: Actor, periodId: number): Promise<{ taskId: number }> {
    const period = await this.periods.get(this.db, periodId);
    if (period.kind !== 'salary') throw new AppError('CONFLICT');
    // Statistics of fewer participants than the rules' minimum would publish nothing at all.
    if (!(await this.contents.enoughParticipants(periodId))) throw new AppError('REPORT_TOO_FEW_RESPONSES');
    const task = await this.jobs.enqueue({ kind: 'compute_stats', periodId, target: `period:${periodId}`, requestedBy: actor.user.id });
    return { taskId: task.id };
  }

  /**
   * The draft edition of a report in a language (or, for company reports, one per participant of the frozen statistics):
   * the unpublished newest edition on the latest snapshot is answered as it is; otherwise a new version is made.
   */
  async create(actor: Actor, type: ReportType, body: z.output<typeof createReportBody>): Promise<Report[]> {
    return this.db.transaction(async (tx) => {
      const period = await this.periods.get(tx, body.periodId, true);
      if ((type === 'credit') !== (period.kind === 'credit')) throw new AppError('CONFLICT');
      const snapshot = type === 'credit' ? null : ((await this.contents.latest(tx, period.id)) ?? null);
      if (type !== 'credit' && !snapshot) throw new AppError('REPORT_NO_SNAPSHOT');
      const companyIds = type === 'company' ? (snapshot?.companyIds ?? []) : [null];
      const ids: number[] = [];
      for (const companyId of companyIds) {
        const key = { periodId: period.id, type, companyId, language: body.language, format: 'xlsx' as const };
        const latest = await repo.latestEdition(tx, key);
        const reusable = latest && latest.status !== 'published' && latest.status !== 'withdrawn' && latest.snapshotId === (snapshot?.id ?? null);
        if (reusable) {
          ids.push(latest.id);
          continue;
        }
        const report = await repo.insertReport(tx, {
          ...key,
          version: (latest?.version ?? 0) + 1,
          snapshotId: snapshot?.id ?? null,
          createdBy: actor.user.id,
        });
        ids.push(report.id);
        await writeLog(tx, this.clock.now(), {
          domain: LOG,
          action: 'report.created',
          entity: 'report',
          entityId: report.id,
          after: { type, companyId, language: body.language, version: report.version },
          ...authorOf(actor),
        });
      }
      return repo.listReports(tx, period.id, ids);
    });
  }

  /** Queues the building of an edition's file; a published edition stays as it was read. */
  async startGeneration(actor: Actor, reportId: number): Promise<{ taskId: number }> {
    const report = await this.editable(this.db, reportId);
    const task = await this.jobs.enqueue({
      kind: report.format === 'pdf' ? 'convert_pdf' : 'generate',
      periodId: report.periodId,
      reportId,
      target: `report:${reportId}`,
      requestedBy: actor.user.id,
    });
    await repo.updateReport(this.db, reportId, { status: 'queued' });
    return { taskId: task.id };
  }

  /** The PDF edition of a built xlsx report, made in a task. */
  async convertToPdf(actor: Actor, reportId: number): Promise<{ taskId: number }> {
    const pdf = await this.db.transaction(async (tx) => {
      const source = await repo.findReport(tx, reportId, true);
      if (!source) throw new AppError('NOT_FOUND');
      if (source.format !== 'xlsx') throw new AppError('CONFLICT');
      if (source.status !== 'ready' && source.status !== 'published') throw new AppError('REPORT_NOT_READY');
      const key = { periodId: source.periodId, type: source.type, companyId: source.companyId, language: source.language, format: 'pdf' as const };
      const latest = await repo.latestEdition(tx, key);
      if (latest && latest.pdfSourceReportId === source.id && latest.status !== 'published') return latest;
      return repo.insertReport(tx, {
        ...key,
        version: source.version,
        snapshotId: source.snapshotId,
        pdfSourceReportId: source.id,
        createdBy: actor.user.id,
      });
    });
    return this.startGeneration(actor, pdf.id);
  }

  private async editable(db: Executor, reportId: number): Promise<repo.ReportRow> {
    const report = await repo.findReport(db, reportId);
    if (!report) throw new AppError('NOT_FOUND');
    if (report.status === 'published' || report.status === 'withdrawn') throw new AppError('CONFLICT');
    return report;
  }

  /** A zip of the period's built reports in a language, made in a task. */
  async createZip(actor: Actor, body: z.output<typeof zipBody>): Promise<{ taskId: number; archiveId: number }> {
    await this.periods.get(this.db, body.periodId);
    const reports = await repo.zippableReports(this.db, body.periodId, body.language);
    if (!reports.length) throw new AppError('REPORT_NOT_READY');
    const archive = await repo.insertArchive(this.db, {
      periodId: body.periodId,
      language: body.language,
      reportIds: reports.map((r) => r.id),
      createdBy: actor.user.id,
    });
    const task = await this.jobs.enqueue({
      kind: 'create_zip',
      periodId: body.periodId,
      archiveId: archive.id,
      target: `archive:${archive.id}`,
      requestedBy: actor.user.id,
    });
    return { taskId: task.id, archiveId: archive.id };
  }

  async tasks(periodId: number | undefined): Promise<TaskStatus[]> {
    const now = this.clock.now();
    return (await tasksRepo.listTasks(this.db, periodId)).map((t) => status(t, now));
  }

  async checkStatus(taskId: number): Promise<TaskStatus> {
    const task = await tasksRepo.taskStatus(this.db, taskId);
    if (!task) throw new AppError('NOT_FOUND');
    return status(task, this.clock.now());
  }
}

function status(t: Awaited<ReturnType<typeof tasksRepo.taskStatus>> & {}, now: Date): TaskStatus {
  return {
    ...t,
    createdAt: t.createdAt.toISOString(),
    startedAt: t.startedAt?.toISOString() ?? null,
    finishedAt: t.finishedAt?.toISOString() ?? null,
    retryAfterMs: retryAfterMs(t, now),
  };
}
