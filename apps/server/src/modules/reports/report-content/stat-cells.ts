import { SIZE_BANDS, type SizeBand, type StatCellValues, type StatDomain, type SuppressReason } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';
import type { CellValue, TableColumn } from '../report-document.ts';
import type { ReportWords } from './report-words.ts';

/** The cut a statistic is looked up by; a dimension left out is the roll-up over it. */
export interface CellQuery {
  domain: StatDomain;
  metric: string;
  positionId?: number | null;
  jobGroupId?: number | null;
  regionId?: number | null;
  sizeBand?: SizeBand | null;
  category?: string | null;
  /** A trend cell's earlier period (null or left out: the snapshot's own period). */
  sourcePeriodId?: number | null;
}

// A position's cells may or may not carry its job group, so the job group only tells cells apart when no position does.
const keyOf = (q: CellQuery) =>
  [
    q.domain,
    q.metric,
    q.positionId ?? '',
    q.positionId == null ? (q.jobGroupId ?? '') : '',
    q.regionId ?? '',
    q.sizeBand ?? '',
    q.category ?? '',
    q.sourcePeriodId ?? '',
  ].join('|');

/** The snapshot's cells by their cut, read once per report. */
export class CellIndex {
  readonly #cells = new Map<string, StatCellValues>();
  constructor(readonly cells: readonly StatCellValues[]) {
    for (const c of cells) if (c.distributorId === null) this.#cells.set(keyOf(c), c);
  }
  get(q: CellQuery): StatCellValues | undefined {
    return this.#cells.get(keyOf(q));
  }
  /** A position's cells of one metric: by region (in the order given), then by company size band if asked, then the roll-up. */
  cutsOf(domain: StatDomain, metric: string, positionId: number, regionIds: readonly number[], withSizeBands = false): StatCellValues[] {
    const cuts: CellQuery[] = [
      ...regionIds.map((regionId) => ({ domain, metric, positionId, regionId })),
      ...(withSizeBands ? SIZE_BANDS.map((sizeBand) => ({ domain, metric, positionId, sizeBand })) : []),
      { domain, metric, positionId },
    ];
    return cuts.map((q) => this.get(q)).filter((c) => c !== undefined);
  }

  /** The snapshot's own cells of a domain (no trend cell). */
  ofDomain(domain: StatDomain): StatCellValues[] {
    return this.cells.filter((c) => c.domain === domain && c.distributorId === null && c.sourcePeriodId === null);
  }
}

export const STATS = ['nCompanies', 'nIncumbents', 'meanCompany', 'meanIncumbent', 'p10', 'p25', 'p50', 'p75', 'p90', 'prevalencePct'] as const;
export type Stat = (typeof STATS)[number];
const TAILS: readonly Stat[] = ['p10', 'p90'];
const COUNTS: readonly Stat[] = ['nCompanies', 'nIncumbents'];

/** The label a hidden statistic shows: the threshold it missed, with the period's own numbers. */
export function suppressedLabel(reason: SuppressReason, rules: AnonymityRules, w: ReportWords): string {
  const n = { min_companies: rules.minCompanies, min_incumbents: rules.minIncumbents, p10p90_min: rules.minCompaniesP10P90 }[reason as string];
  return w.t(`suppressed.${reason}`, { n: n ?? '' });
}

/** Reads the statistics of one cell as a table shows them: numbers, or why they are hidden. */
export class StatReader {
  constructor(
    readonly rules: AnonymityRules,
    readonly w: ReportWords,
  ) {}

  hidden(reason: SuppressReason): CellValue {
    return { suppressed: reason, label: suppressedLabel(reason, this.rules, this.w) };
  }

  /** Counts are always shown (they are what the thresholds are about); a hidden cell's figures say why. */
  value(cell: StatCellValues, stat: Stat): CellValue {
    if (COUNTS.includes(stat)) return cell[stat as 'nCompanies' | 'nIncumbents'];
    if (cell.suppressReason) return this.hidden(cell.suppressReason);
    if (cell.tailReason && TAILS.includes(stat)) return this.hidden(cell.tailReason);
    const raw = cell[stat as Exclude<Stat, 'nCompanies' | 'nIncumbents'>];
    return raw === null ? null : Number(raw);
  }

  row(cell: StatCellValues, stats: readonly Stat[]): Record<string, CellValue> {
    return Object.fromEntries(stats.map((s) => [s, this.value(cell, s)]));
  }

  /** A cell whose counts are the statistic (the participant profile, an allowance's payers, a car model's companies): hidden with the rest. */
  countRow(cell: StatCellValues, stats: readonly Stat[]): Record<string, CellValue> {
    return Object.fromEntries(stats.map((s) => [s, cell.suppressReason ? this.hidden(cell.suppressReason) : this.value(cell, s)]));
  }
}

const STAT_FORMAT: Record<Stat, TableColumn['format']> = {
  nCompanies: 'int',
  nIncumbents: 'int',
  meanCompany: 'money',
  meanIncumbent: 'money',
  p10: 'money',
  p25: 'money',
  p50: 'money',
  p75: 'money',
  p90: 'money',
  prevalencePct: 'pct',
};
const STAT_LABEL: Record<Stat, string> = {
  nCompanies: 'columns.nCompanies',
  nIncumbents: 'columns.nIncumbents',
  meanCompany: 'columns.meanCompany',
  meanIncumbent: 'columns.meanIncumbent',
  p10: 'columns.p10',
  p25: 'columns.p25',
  p50: 'columns.p50',
  p75: 'columns.p75',
  p90: 'columns.p90',
  prevalencePct: 'columns.prevalence',
};

/** The columns of some statistics; `valueFormat` is how the figures read (money, or % for rates and prevalences). */
export function statColumns(w: ReportWords, stats: readonly Stat[], valueFormat: TableColumn['format'] = 'money'): TableColumn[] {
  return stats.map((s) => ({
    key: s,
    label: w.t(STAT_LABEL[s]),
    format: STAT_FORMAT[s] === 'money' ? valueFormat : STAT_FORMAT[s],
  }));
}

/** The legend of the reasons a table's hidden cells show, only those it has. */
export function suppressionLegend(rows: readonly Record<string, CellValue>[], rules: AnonymityRules, w: ReportWords): string[] {
  const reasons = new Set<SuppressReason>();
  for (const row of rows) for (const v of Object.values(row)) if (v !== null && typeof v === 'object') reasons.add(v.suppressed);
  const notes: string[] = [];
  if (reasons.has('min_companies') || reasons.has('min_incumbents'))
    notes.push(w.t('legend.minCount', { companies: rules.minCompanies, incumbents: rules.minIncumbents }));
  if (reasons.has('p10p90_min')) notes.push(w.t('legend.tail', { companies: rules.minCompaniesP10P90, incumbents: rules.minIncumbentsP10P90 }));
  if (reasons.has('dominance')) notes.push(w.t('legend.dominance', { share: rules.maxCompanySharePct }));
  if (reasons.has('complementary')) notes.push(w.t('legend.complementary'));
  return notes;
}
