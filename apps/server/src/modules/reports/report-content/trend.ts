import { BENCHMARK_KEYS } from '@portal/shared';
import { FREEZE_SPLIT_ITEMS, PROFILE_METRIC } from '@portal/shared/reports-model';
import { BENCHMARK_CATEGORIES } from '@portal/shared/survey-model';
import type { CellValue, RangeChartSection, SnapshotData, TableColumn, TableSection } from '../report-document.ts';
import { categoryLabel, rangeBars, table } from './sections.ts';
import type { CellIndex, StatReader } from './stat-cells.ts';

/**
 * The headline figures over the years (design §3.1): this period and the earlier ones the freeze copied (up to four,
 * oldest first), a row each: participants, incumbents covered, the medians of the increase budgets by staff category
 * and of turnover; and a chart of the actual budget's quartiles. Figures are as each period published or hid them.
 */
export function trendSections(data: SnapshotData, cells: CellIndex, read: StatReader): [TableSection, RangeChartSection] {
  const { w } = read;
  const ru = w.language === 'ru';
  const periods = [
    ...data.trendPeriods.map((p) => ({ sourcePeriodId: p.id as number | null, code: p.code, title: ru ? p.titleRu : p.titleEn })),
    { sourcePeriodId: null, code: data.period.code, title: ru ? data.period.titleRu : data.period.titleEn },
  ];
  const categories = [null, ...BENCHMARK_CATEGORIES].filter((category) =>
    periods.some((p) => FREEZE_SPLIT_ITEMS.some((metric) => cells.get({ domain: 'benchmark', metric, category, sourcePeriodId: p.sourcePeriodId }))),
  );
  const medians = [
    ...FREEZE_SPLIT_ITEMS.flatMap((metric) =>
      categories.map((category) => ({
        key: `${metric}:${category ?? ''}`,
        label: w.t(`trend.${metric}`, { category: categoryLabel(category, w) }),
        query: { domain: 'benchmark' as const, metric, category },
      })),
    ),
    ...(['total_rate', 'voluntary_rate'] as const).map((metric) => ({
      key: metric,
      label: w.t(`trend.${metric}`),
      query: { domain: 'turnover' as const, metric },
    })),
  ];
  const rows = periods.map(({ sourcePeriodId, title }) => {
    const profile = cells.get({ domain: 'profile', metric: PROFILE_METRIC, sourcePeriodId });
    const row: Record<string, CellValue> = { period: title, ...(profile ? read.countRow(profile, ['nCompanies', 'nIncumbents']) : {}) };
    for (const m of medians) {
      const cell = cells.get({ ...m.query, sourcePeriodId });
      row[m.key] = cell ? read.value(cell, 'p50') : null;
    }
    return row;
  });
  const columns: TableColumn[] = [
    { key: 'period', label: w.t('columns.period'), format: 'text' },
    { key: 'nCompanies', label: w.t('columns.nCompanies'), format: 'int' },
    { key: 'nIncumbents', label: w.t('columns.incumbentsCovered'), format: 'int' },
    ...medians.map((m) => ({ key: m.key, label: m.label, format: 'pct' as const })),
  ];
  const trend = table({ heading: w.t('general.trend'), columns, rows }, read, [
    w.t(data.trendPeriods.length ? 'notes.trend' : 'trend.noEarlierData'),
  ]);
  const chart: RangeChartSection = {
    kind: 'range_chart',
    heading: w.t('general.trendChart'),
    format: 'pct',
    bars: rangeBars(
      categories.flatMap((category) =>
        periods.map((p) => ({
          label: `${p.code} · ${categoryLabel(category, w)}`,
          cell: cells.get({ domain: 'benchmark', metric: BENCHMARK_KEYS.budget, category, sourcePeriodId: p.sourcePeriodId }),
        })),
      ),
    ),
  };
  return [trend, chart];
}
