import type { cutBody } from '@portal/shared';
import type { ReportFormat } from '@portal/shared/reports-model';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PeriodsService } from '../survey-admin/periods.service.ts';
import type { ReportRow } from './editions.repository.ts';
import { reportFileName } from './generation.ts';
import { renderPdf } from './render/pdf.ts';
import { type ReaderMark, stampPdf, stampXlsx } from './render/watermark.ts';
import { renderXlsx } from './render/xlsx.ts';
import { carReport } from './report-content/car.ts';
import { companyReport } from './report-content/company.ts';
import { fullReport } from './report-content/full.ts';
import { generalReport } from './report-content/general.ts';
import type { ReportDocument } from './report-document.ts';
import type { Progress } from './report-jobs.ts';
import { catalogueOf } from './statistics/snapshot.repository.ts';
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
  ) {}

  /** The period's latest frozen statistics, if any. */
  latest(tx: Executor, periodId: number) {
    return latestSnapshot(tx, periodId);
  }

  /** The companies whose accepted answers the period's latest statistics hold (the participants: give to get). */
  async participants(tx: Executor, periodId: number): Promise<number[]> {
    return (await latestSnapshot(tx, periodId))?.companyIds ?? [];
  }

  freeze(periodId: number, userId: number | null, progress: Progress) {
    return freezeSnapshot(this.db, { periodId, userId, now: this.clock.now() }, progress);
  }

  private async document(report: ReportRow): Promise<ReportDocument> {
    const data = await loadSnapshotData(this.db, report.snapshotId as number);
    switch (report.type) {
      case 'general':
        return generalReport(data, report.language);
      case 'car':
        return carReport(data, report.language);
      case 'full':
        return fullReport(data, report.language);
      case 'company': {
        const companyId = report.companyId as number;
        const company = data.participants.find((p) => p.id === companyId)?.name ?? '';
        return companyReport(data, await ownFigures(this.db, data.snapshotId, companyId), company, report.language);
      }
      case 'credit':
        throw new Error('credit reports are built by the credit module');
    }
  }

  /** Builds an edition's file: its document from the frozen statistics, rendered in its format. */
  async render(report: ReportRow, progress: Progress): Promise<{ name: string; bytes: Buffer }> {
    await progress({ stage: 'loading', done: 0, total: 3 });
    const period = await this.periods.get(this.db, report.periodId);
    const doc = await this.document(report);
    await progress({ stage: 'rendering', done: 1, total: 3 });
    const bytes = report.format === 'pdf' ? await renderPdf(doc) : await renderXlsx(doc);
    await progress({ stage: 'rendering', done: 2, total: 3 });
    const company = report.type === 'company' ? doc.subtitle : null;
    return { name: reportFileName(report, period.code, company), bytes };
  }

  /** The reader's name and company on every page or sheet. */
  stamp(bytes: Buffer, format: ReportFormat, mark: ReaderMark): Promise<Buffer> {
    return format === 'pdf' ? stampPdf(bytes, mark) : stampXlsx(bytes, mark);
  }

  /**
   * The staff's interactive cut: the monthly base salary per position (all its regions together) for a group of regions
   * and a size band, computed live under the period's rules.
   */
  async cut(body: z.output<typeof cutBody>) {
    await this.periods.get(this.db, body.periodId);
    const { companies, cells } = await interactiveCut(this.db, {
      periodId: body.periodId,
      regionIds: body.regionIds.length ? body.regionIds : null,
      sizeBand: body.sizeBand ?? null,
    });
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
