import type { Report, TaskStatus } from '@portal/shared';
import { MARKET_REPORT_TYPES, REPORT_LANGUAGES, type ReportLanguage, type ReportType } from '@portal/shared/reports-model';
import type { SurveyKind } from '@portal/shared/survey-model';

/** One line of the editions table: a report type in a language, with its Excel edition and the PDF made from it. */
export interface EditionRow {
  type: ReportType;
  language: ReportLanguage;
  xlsx: Report | undefined;
  pdf: Report | undefined;
}

/** The period's market reports: the salary survey's general, car and full ones, or the credit report (company reports have their page). */
export const periodReportTypes = (kind: SurveyKind): readonly ReportType[] => (kind === 'credit' ? ['credit'] : MARKET_REPORT_TYPES);

/** The newest edition (highest version; the later row on a tie) of those that pass. */
function newest(reports: readonly Report[], pass: (r: Report) => boolean): Report | undefined {
  let found: Report | undefined;
  for (const r of reports) if (pass(r) && (!found || r.version > found.version || (r.version === found.version && r.id > found.id))) found = r;
  return found;
}

/** A type's Excel edition in a language and the PDF converted from it (a PDF of an older Excel edition is not this one's). */
export function editionRows(reports: readonly Report[], types: readonly ReportType[]): EditionRow[] {
  return types.flatMap((type) =>
    REPORT_LANGUAGES.map((language) => {
      const xlsx = newest(reports, (r) => r.type === type && r.language === language && r.format === 'xlsx' && r.companyId === null);
      const pdf = xlsx ? newest(reports, (r) => r.format === 'pdf' && r.pdfSourceReportId === xlsx.id) : undefined;
      return { type, language, xlsx, pdf };
    }),
  );
}

/** A participant's company report in each language (its Excel edition). */
export interface CompanyRow {
  companyId: number;
  companyName: string;
  editions: Record<ReportLanguage, Report | undefined>;
}

export function companyRows(reports: readonly Report[]): CompanyRow[] {
  const byCompany = new Map<number, CompanyRow>();
  for (const r of reports) {
    if (r.type !== 'company' || r.companyId === null || r.format !== 'xlsx') continue;
    const row = byCompany.get(r.companyId) ?? {
      companyId: r.companyId,
      companyName: r.companyName ?? '',
      editions: { en: undefined, ru: undefined },
    };
    const held = row.editions[r.language];
    if (!held || r.version > held.version || (r.version === held.version && r.id > held.id)) row.editions[r.language] = r;
    byCompany.set(r.companyId, row);
  }
  return [...byCompany.values()].sort((a, b) => a.companyName.localeCompare(b.companyName));
}

/** A file exists to download (and to convert, publish or zip). */
export const isReady = (r: Report | undefined): r is Report => r !== undefined && (r.status === 'ready' || r.status === 'published');

/** Building now: a task holds it. */
export const isBuilding = (r: Report | undefined): boolean =>
  r !== undefined && (r.taskId !== null || r.status === 'queued' || r.status === 'generating');

/** The market reports stand on frozen statistics; the credit report reads the credit data as it is. */
export const needsSnapshot = (type: ReportType): boolean => type !== 'credit';

/**
 * Create the line's first edition, or a new one when the newest stands on statistics frozen before the latest ones or
 * was withdrawn (the server answers an unpublished edition on the latest statistics as it is).
 */
export function mayCreate(row: Pick<EditionRow, 'type' | 'xlsx'>, snapshotId: number | null): boolean {
  if (needsSnapshot(row.type) && snapshotId === null) return false;
  const { xlsx } = row;
  if (!xlsx) return true;
  if (isBuilding(xlsx)) return false;
  return xlsx.status === 'withdrawn' || (needsSnapshot(row.type) && xlsx.snapshotId !== snapshotId);
}

/** Generate a draft, or retry a failed build; a ready edition is rebuilt as a new edition (create) on newer statistics instead. */
export const mayGenerate = (r: Report | undefined): r is Report =>
  r !== undefined && !isBuilding(r) && (r.status === 'draft' || r.status === 'failed');

/** Convert a ready Excel edition that has no PDF yet, or whose PDF failed. */
export const mayConvert = (row: Pick<EditionRow, 'xlsx' | 'pdf'>): boolean =>
  isReady(row.xlsx) && !isBuilding(row.xlsx) && (row.pdf === undefined || (row.pdf.status === 'failed' && !isBuilding(row.pdf)));

/** The newest run of a report, for the error of a failed one (the history is newest first). */
export const lastTaskOf = (tasks: readonly TaskStatus[] | undefined, reportId: number): TaskStatus | undefined =>
  tasks?.find((task) => task.reportId === reportId);

/** A run's length in whole seconds: until it finished, or until now while it runs. */
export function durationSeconds(task: Pick<TaskStatus, 'startedAt' | 'finishedAt'>, now: number): number | null {
  if (!task.startedAt) return null;
  const end = task.finishedAt ? Date.parse(task.finishedAt) : now;
  return Math.max(0, Math.round((end - Date.parse(task.startedAt)) / 1000));
}
