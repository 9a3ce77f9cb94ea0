import type { StatCellValues } from '@portal/shared/reports-model';
import type { RangeChartSection, TableSection } from '../report-document.ts';
import type { ReportWords } from './report-words.ts';
import { type StatReader, suppressionLegend } from './stat-cells.ts';

/** Finishes a table: the legend of its hidden cells (and any notes of its own) under it. */
export function table(section: Omit<TableSection, 'kind'>, read: StatReader, notes: string[] = []): TableSection {
  const legend = suppressionLegend(section.rows, read.rules, read.w);
  return { kind: 'table', ...section, notes: [...notes, ...legend] };
}

/** A P25–P75 bar per cell whose quartiles are published; the own figure (company report) as a dot. */
export function rangeBars(entries: { label: string; cell: StatCellValues | undefined; own?: number | null }[]): RangeChartSection['bars'] {
  return entries.flatMap(({ label, cell, own }) =>
    cell && !cell.suppressReason && cell.p25 !== null && cell.p50 !== null && cell.p75 !== null
      ? [{ label, p25: Number(cell.p25), p50: Number(cell.p50), p75: Number(cell.p75), own }]
      : [],
  );
}

export const itemKey = (metric: string) => metric.split(':')[0]!;

/** A benchmark item's words: `<key>` or `<key>:<choice>` (a choice's prevalence). */
export function benchmarkLabel(metric: string, w: ReportWords): string {
  const [key, choice] = metric.split(':') as [string, string | undefined];
  const item = w.tOr(`benchmark.${key}`, key);
  return choice === undefined ? item : `${item}: ${w.tOr(`choice.${choice}`, choice)}`;
}

export const categoryLabel = (category: string | null, w: ReportWords) =>
  category === null ? w.t('cut.allStaff') : w.tOr(`category.${category}`, category);

/** The catalogue group naming the values of each car share metric (`<prefix>:<value>`). */
const CAR_SHARE_WORDS: Record<string, string> = { eligibility: 'eligibility', private_use: 'privateUse', acquisition: 'acquisition' };

/** A car metric's words: a share (`eligibility:company_car`, `class:C`, …) by its value, else the metric's own. */
export function carMetricLabel(metric: string, w: ReportWords): string {
  const [prefix, value] = metric.split(':') as [string, string | undefined];
  if (value === undefined) return w.tOr(`metric.${metric}`, metric);
  if (prefix === 'class') return w.t('car.carClass', { class: value });
  const group = CAR_SHARE_WORDS[prefix];
  return group ? w.tOr(`${group}.${value}`, metric) : metric;
}
