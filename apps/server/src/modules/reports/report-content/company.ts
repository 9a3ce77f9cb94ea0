import type { ReportLanguage } from '@portal/shared/reports-model';
import { SALARY_METRICS, STAT_DOMAINS } from '@portal/shared/reports-model';
import { BENCHMARK_CATEGORIES } from '@portal/shared/survey-model';
import type { CellValue, OwnFigure, RangeChartSection, ReportDocument, SnapshotData, TableColumn, TableSection } from '../report-document.ts';
import { compaRatio, quartileBand } from '../statistics/snapshot.service.ts';
import { cutLabel, methodology, reportFrame } from './cover.ts';
import { type ReportWords, reportWords } from './report-words.ts';
import { benchmarkLabel, carMetricLabel, categoryLabel, rangeBars, table } from './sections.ts';
import { CellIndex, StatReader } from './stat-cells.ts';

/** Figures read as percentages (rates, shares, the bonus target and eligibility); the rest are amounts and counts. */
const isPercentage = (f: OwnFigure) =>
  f.domain === 'turnover' ||
  f.domain === 'benchmark' ||
  (f.domain === 'salary' && f.metric.startsWith('bonus_')) ||
  (f.domain === 'car' && f.metric.includes(':'));

/**
 * The company report (design §3.4): a participant's own figures against the market's quartiles of the same snapshot,
 * with the compa-ratio and the quartile band; nothing of the market where its cell is hidden; a range chart per position
 * with the company's own dot.
 */
export function companyReport(data: SnapshotData, own: readonly OwnFigure[], company: string, language: ReportLanguage): ReportDocument {
  const w = reportWords(data, language);
  const cells = new CellIndex(data.cells);
  const read = new StatReader(data.rules, w);
  const sorted = sortFigures(own, data);
  const amounts = sorted.filter((f) => !isPercentage(f));
  const percentages = sorted.filter(isPercentage);
  return reportFrame(
    'company',
    data,
    w,
    [
      methodology(data, w, [w.t('methodology.ownData')]),
      comparisonTable(w.t('company.position'), amounts, 'money', cells, read),
      comparisonTable(w.t('company.otherFigures'), percentages, 'pct', cells, read),
      ...charts(sorted, cells, w),
    ],
    { company },
  );
}

/**
 * The figures in the report's order: by domain (salary, allowances, car, turnover, benchmarks), position (catalogue
 * order; company-wide figures first), metric, job group and category, region (all Russia last).
 */
function sortFigures(own: readonly OwnFigure[], data: SnapshotData): OwnFigure[] {
  const positionOrder = new Map(data.positions.map((p, i) => [p.id, i]));
  const groupOrder = new Map(data.jobGroups.map((g, i) => [g.id, i]));
  const regionOrder = new Map(data.regions.map((r, i) => [r.id, i]));
  const indexIn = <T>(list: readonly T[], value: T) => (list.includes(value) ? list.indexOf(value) : list.length);
  const orderOf = (map: Map<number, number>, id: number | null | undefined, none: number) =>
    id == null ? none : (map.get(id) ?? Number.MAX_SAFE_INTEGER);
  const rank = (f: OwnFigure) => [
    indexIn(STAT_DOMAINS, f.domain),
    orderOf(positionOrder, f.positionId, -1),
    indexIn<string>(SALARY_METRICS, f.metric),
    orderOf(groupOrder, f.jobGroupId, -1),
    indexIn<string | null>([null, ...BENCHMARK_CATEGORIES], f.category ?? null),
    orderOf(regionOrder, f.regionId, Number.MAX_SAFE_INTEGER),
  ];
  return [...own].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return (
      ra[0]! - rb[0]! ||
      ra[1]! - rb[1]! ||
      ra[2]! - rb[2]! ||
      a.metric.localeCompare(b.metric) ||
      ra[3]! - rb[3]! ||
      ra[4]! - rb[4]! ||
      ra[5]! - rb[5]!
    );
  });
}

/** What a figure is: the metric, with the staff category a benchmark answer is for. */
function metricLabel(f: OwnFigure, w: ReportWords): string {
  if (f.domain === 'benchmark') return f.category ? `${benchmarkLabel(f.metric, w)} (${categoryLabel(f.category, w)})` : benchmarkLabel(f.metric, w);
  if (f.domain === 'allowance') return w.t(`allowance.${f.metric}`);
  if (f.domain === 'car') return carMetricLabel(f.metric, w);
  return w.tOr(`metric.${f.metric}`, f.metric);
}

/** Whose figure it is: a position, a job group (turnover), or the whole company. */
function subjectLabel(f: OwnFigure, w: ReportWords): string {
  if (f.positionId !== null) return w.position(f.positionId);
  if (f.jobGroupId != null) return w.jobGroup(f.jobGroupId);
  return w.t('cut.wholeCompany');
}

/** One row per own figure: the market's quartiles, compa-ratio and band (the statistics' own rules), or the hidden cell's reason in each. */
function comparisonTable(heading: string, figures: OwnFigure[], format: TableColumn['format'], cells: CellIndex, read: StatReader): TableSection {
  const { w } = read;
  const rows = figures.map((f) => {
    const value = Number(f.value);
    const cell = cells.get(f);
    const base = {
      position: subjectLabel(f, w),
      region: cutLabel({ regionId: f.regionId, sizeBand: null }, w),
      metric: metricLabel(f, w),
      own: value,
    };
    if (cell?.suppressReason) {
      const hidden = read.hidden(cell.suppressReason);
      return { ...base, p25: hidden, p50: hidden, p75: hidden, compaRatio: hidden, band: hidden };
    }
    const [p25, p50, p75] = [cell?.p25, cell?.p50, cell?.p75].map((v) => (v == null ? null : Number(v)));
    const ratio = cell ? compaRatio(f.value, cell) : null;
    const band = cell ? quartileBand(f.value, cell) : null;
    const market: Record<string, CellValue> = {
      p25: p25 ?? null,
      p50: p50 ?? null,
      p75: p75 ?? null,
      compaRatio: ratio === null ? null : Number(ratio),
      band: band === null ? null : w.t(`band.${band}`),
    };
    return { ...base, ...market };
  });
  return table(
    {
      heading,
      columns: [
        { key: 'position', label: w.t('columns.position'), format: 'text' },
        { key: 'region', label: w.t('columns.region'), format: 'text' },
        { key: 'metric', label: w.t('columns.metric'), format: 'text' },
        { key: 'own', label: w.t('columns.own'), format },
        { key: 'p25', label: w.t('columns.p25'), format },
        { key: 'p50', label: w.t('columns.p50'), format },
        { key: 'p75', label: w.t('columns.p75'), format },
        { key: 'compaRatio', label: w.t('columns.compaRatio'), format: 'ratio' },
        { key: 'band', label: w.t('columns.band'), format: 'text' },
      ],
      rows,
    },
    read,
    [w.t('notes.compaRatio')],
  );
}

/** A chart per position with own base salaries: a bar per region (and all Russia) whose market quartiles are published. */
function charts(figures: OwnFigure[], cells: CellIndex, w: ReportWords): RangeChartSection[] {
  const byPosition = new Map<number, OwnFigure[]>();
  for (const f of figures)
    if (f.domain === 'salary' && f.metric === 'base' && f.positionId !== null)
      byPosition.set(f.positionId, [...(byPosition.get(f.positionId) ?? []), f]);
  return [...byPosition].flatMap(([positionId, own]) => {
    const bars = rangeBars(
      own.map((f) => ({ label: cutLabel({ regionId: f.regionId, sizeBand: null }, w), cell: cells.get(f), own: Number(f.value) })),
    );
    return bars.length === 0 ? [] : [{ kind: 'range_chart' as const, heading: w.t('company.chart', { position: w.position(positionId) }), bars }];
  });
}
