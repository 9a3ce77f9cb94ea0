import type { PublishedReport } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { groupByPeriod, NEW_REPORT_DAYS, newReports } from './published-groups.ts';

const report = (id: number, periodId: number, publishedAt: string): PublishedReport => ({
  id,
  periodId,
  periodCode: `S${periodId}`,
  periodTitleEn: `Survey ${periodId}`,
  periodTitleRu: `Опрос ${periodId}`,
  type: 'general',
  companyName: null,
  language: 'en',
  format: 'xlsx',
  version: 1,
  size: 1000,
  publishedAt,
});

describe('groupByPeriod', () => {
  it('puts the period with the latest publication first, each with its newest report first', () => {
    const reports = [
      report(1, 10, '2025-06-01T10:00:00.000Z'),
      report(2, 11, '2026-06-01T10:00:00.000Z'),
      report(3, 10, '2025-07-01T10:00:00.000Z'),
      report(4, 11, '2026-05-01T10:00:00.000Z'),
    ];
    const groups = groupByPeriod(reports);
    expect(groups.map((g) => [g.periodId, g.periodCode, g.reports.map((r) => r.id)])).toEqual([
      [11, 'S11', [2, 4]],
      [10, 'S10', [3, 1]],
    ]);
    // The caller's list is not reordered.
    expect(reports.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('orders reports published at the same moment by the newest id', () => {
    const at = '2026-06-01T10:00:00.000Z';
    expect(groupByPeriod([report(5, 1, at), report(6, 1, at)])[0]?.reports.map((r) => r.id)).toEqual([6, 5]);
  });

  it('has no group without reports', () => {
    expect(groupByPeriod([])).toEqual([]);
  });
});

describe('newReports', () => {
  const now = new Date('2026-06-30T12:00:00.000Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  it('keeps those published in the last days, newest first', () => {
    const reports = [
      report(1, 1, daysAgo(NEW_REPORT_DAYS + 1)),
      report(2, 1, daysAgo(2)),
      report(3, 2, daysAgo(NEW_REPORT_DAYS)),
      report(4, 2, daysAgo(0)),
    ];
    expect(newReports(reports, now).map((r) => r.id)).toEqual([4, 2, 3]);
  });
});
