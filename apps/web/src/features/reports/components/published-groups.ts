import type { PublishedReport } from '@portal/shared';

/** One survey period's reports in the history, newest edition first. */
export interface PeriodGroup {
  periodId: number;
  periodCode: string;
  periodTitleEn: string;
  periodTitleRu: string;
  reports: PublishedReport[];
}

const newestFirst = (a: PublishedReport, b: PublishedReport) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id;

/** The reports by period, the period with the latest publication first. */
export function groupByPeriod(reports: readonly PublishedReport[]): PeriodGroup[] {
  const groups = new Map<number, PeriodGroup>();
  for (const report of [...reports].sort(newestFirst)) {
    const group = groups.get(report.periodId);
    if (group) group.reports.push(report);
    else
      groups.set(report.periodId, {
        periodId: report.periodId,
        periodCode: report.periodCode,
        periodTitleEn: report.periodTitleEn,
        periodTitleRu: report.periodTitleRu,
        reports: [report],
      });
  }
  return [...groups.values()];
}

/** How long a published report counts as new on the home page. */
export const NEW_REPORT_DAYS = 30;

/** The reports published in the last NEW_REPORT_DAYS before `now`, newest first. */
export function newReports(reports: readonly PublishedReport[], now: Date): PublishedReport[] {
  const since = now.getTime() - NEW_REPORT_DAYS * 86_400_000;
  return reports.filter((r) => new Date(r.publishedAt).getTime() >= since).sort(newestFirst);
}
