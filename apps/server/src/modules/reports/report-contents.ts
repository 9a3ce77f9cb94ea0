import type { cutBody } from '@portal/shared';
import type { ReportFormat } from '@portal/shared/reports-model';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CreditReportService } from '../credit/credit-report.service.ts';
import type { PeriodsService } from '../survey-admin/periods.service.ts';
import type { ReportRow } from './editions.repository.ts';
import { reportFileName } from './generation.ts';
import type { SurveyInput } from './render/render-job.ts';
import type { RenderThread } from './render/render-thread.ts';
import type { ReaderMark } from './render/watermark.ts';
import type { Progress } from './report-jobs.ts';
import { catalogueOf, participantResponses, periodAnswers } from './statistics/snapshot.repository.ts';
import { freezeSnapshot, interactiveCut, latestSnapshot, loadSnapshotData, ownFigures } from './statistics/snapshot.service.ts';

/**
 * From frozen statistics to files: which builder makes each type of report, which renderer each format, and the
 * reader's stamp. The one place the statistics, the report contents and the renderers meet.
 */
export class ReportContents {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly periods: PeriodsService,
    private readonly thread: RenderThread,
    private readonly credit: CreditReportService,
  ) {}

  /** The period's latest frozen statistics, if any. */
  latest(tx: Executor, periodId: number) {
    return latestSnapshot(tx, periodId);
  }

  /**
   * The participants (give to get): the companies whose accepted answers the period's latest statistics hold, or whose
   * credit data a credit period's report holds.
   */
  async participants(tx: Executor, periodId: number): Promise<number[]> {
    if ((await this.periods.get(tx, periodId)).kind === 'credit') return this.credit.participants(tx, periodId);
    return (await latestSnapshot(tx, periodId))?.companyIds ?? [];
  }

  /** Whether a period has as many accepted participants as its rules ask of any statistic. */
  async enoughParticipants(periodId: number): Promise<boolean> {
    const period = await this.periods.get(this.db, periodId);
    return (await participantResponses(this.db, periodId)).length >= period.rules.minCompanies;
  }

  /**
   * The answers as the render thread gets them. On PostgreSQL it reads them itself, through a connection of its own: a
   * survey's hundred thousand rows are then parsed on no thread that answers requests, and the server's pool keeps its
   * connections for them. PGlite lives in the server's thread alone, so there they are read here and copied over.
   */
  private async survey(periodId: number): Promise<SurveyInput> {
    return this.thread.readsAnswers ? { periodId } : { data: await periodAnswers(this.db, periodId) };
  }

  freeze(periodId: number, userId: number | null, progress: Progress) {
    return freezeSnapshot(this.db, { periodId, userId, now: this.clock.now() }, progress, async (periodId, rules, onProgress) =>
      this.thread.statistics(await this.survey(periodId), rules, onProgress),
    );
  }

  /** Builds an edition's file (from the frozen statistics, or a credit period's data) in its format, on the render thread. */
  async render(report: ReportRow, progress: Progress): Promise<{ name: string; bytes: Buffer }> {
    await progress({ stage: 'loading', done: 0, total: 2 });
    const period = await this.periods.get(this.db, report.periodId);
    if (report.type === 'credit') {
      const document = await this.credit.document(report.periodId, report.language);
      await progress({ stage: 'rendering', done: 1, total: 2 });
      return { name: reportFileName(report, period.code), bytes: await this.thread.run({ kind: 'render', format: report.format, document }) };
    }
    const data = await loadSnapshotData(this.db, report.snapshotId as number);
    const companyId = report.companyId;
    const company = companyId === null ? '' : (data.participants.find((p) => p.id === companyId)?.name ?? '');
    const own = companyId === null ? [] : await ownFigures(this.db, data.snapshotId, companyId);
    await progress({ stage: 'rendering', done: 1, total: 2 });
    const bytes = await this.thread.run({ kind: 'build', type: report.type, format: report.format, language: report.language, data, own, company });
    return { name: reportFileName(report, period.code, company || null), bytes };
  }

  /** The reader's name and company on every page or sheet. */
  stamp(bytes: Buffer, format: ReportFormat, mark: ReaderMark): Promise<Buffer> {
    return this.thread.run({ kind: 'stamp', format, bytes, mark });
  }

  /**
   * The staff's interactive cut: the monthly base salary per position (all its regions together) for a group of regions
   * and a size band, computed live under the period's rules, on the render thread (as a freeze).
   */
  async cut(body: z.output<typeof cutBody>) {
    await this.periods.get(this.db, body.periodId);
    const { companies, cells } = await interactiveCut(
      this.db,
      { periodId: body.periodId, regionIds: body.regionIds.length ? body.regionIds : null, sizeBand: body.sizeBand ?? null },
      async (periodId, rules, cut) => this.thread.cut(await this.survey(periodId), rules, cut),
    );
    const { positions } = await catalogueOf(this.db, body.periodId, []);
    const byId = new Map(positions.map((p) => [p.id, p]));
    const rows = cells.flatMap((c) => {
      const p = c.positionId === null ? undefined : byId.get(c.positionId);
      if (!p || c.domain !== 'salary' || c.metric !== 'base' || c.regionId !== null) return [];
      const { nCompanies, nIncumbents, meanCompany, meanIncumbent, p10, p25, p50, p75, p90, suppressReason, tailReason } = c;
      const position = { positionId: p.id, positionCode: p.code, titleEn: p.titleEn, titleRu: p.titleRu, jobGroupId: p.jobGroupId };
      return [{ ...position, nCompanies, nIncumbents, meanCompany, meanIncumbent, p10, p25, p50, p75, p90, suppressReason, tailReason }];
    });
    return { companies, rows };
  }
}
