import type { ReportFormat, ReportLanguage, ReportType } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';
import { carReport } from '../report-content/car.ts';
import { companyReport } from '../report-content/company.ts';
import { fullReport } from '../report-content/full.ts';
import { generalReport } from '../report-content/general.ts';
import type { OwnFigure, ReportDocument, SnapshotData } from '../report-document.ts';
import type { SalaryCut, SurveyData } from '../statistics/survey-statistics.ts';
import { renderPdf } from './pdf.ts';
import { type ReaderMark, stampPdf, stampXlsx } from './watermark.ts';
import { renderXlsx } from './xlsx.ts';

/** The CPU-heavy work of the reports, run on the render thread (render-thread.ts) so the server keeps answering. */
export type RenderJob =
  | {
      kind: 'build';
      type: Exclude<ReportType, 'credit'>;
      format: ReportFormat;
      language: ReportLanguage;
      data: SnapshotData;
      own: OwnFigure[];
      company: string;
    }
  | { kind: 'render'; format: ReportFormat; document: ReportDocument }
  | { kind: 'stamp'; format: ReportFormat; bytes: Uint8Array; mark: ReaderMark };
/**
 * The answers a statistics job computes: the period's, read by the thread itself through a connection of its own
 * (PostgreSQL), or read by the server and copied over (PGlite, which only the server's thread can reach).
 */
export type SurveyInput = { periodId: number } | { data: SurveyData };

/**
 * Statistics answered with their cells, not a file: a freeze's (compute-snapshot.ts), or the staff's interactive cut
 * (survey-statistics.ts `salaryCut`).
 */
export type StatisticsJob =
  | { kind: 'statistics'; survey: SurveyInput; rules: AnonymityRules }
  | { kind: 'cut'; survey: SurveyInput; rules: AnonymityRules; cut: SalaryCut };

function documentOf(job: Extract<RenderJob, { kind: 'build' }>): ReportDocument {
  switch (job.type) {
    case 'general':
      return generalReport(job.data, job.language);
    case 'car':
      return carReport(job.data, job.language);
    case 'full':
      return fullReport(job.data, job.language);
    case 'company':
      return companyReport(job.data, job.own, job.company, job.language);
  }
}

const render = (document: ReportDocument, format: ReportFormat) => (format === 'pdf' ? renderPdf(document) : renderXlsx(document));

export async function runRenderJob(job: RenderJob): Promise<Buffer> {
  switch (job.kind) {
    case 'build':
      return render(documentOf(job), job.format);
    case 'render':
      return render(job.document, job.format);
    case 'stamp': {
      const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
      return job.format === 'pdf' ? stampPdf(bytes, job.mark) : stampXlsx(bytes, job.mark);
    }
  }
}
