import type { ReportLanguage } from '@portal/shared/reports-model';
import { SALARY_METRICS } from '@portal/shared/reports-model';
import type { CellValue, OwnFigure, RangeChartSection, ReportDocument, SnapshotData, TableColumn, TableSection } from '../report-document.ts';
import { cutLabel, methodology, reportFrame } from './cover.ts';
import { compaRatio, quartileBand } from './own-position.ts';
import { type ReportWords, reportWords } from './report-words.ts';
import { benchmarkLabel, rangeBars, table } from './sections.ts';
import { CellIndex, StatReader } from './stat-cells.ts';

/** Figures read as percentages (rates, shares, the bonus target and eligibility); the rest are amounts and counts. */
const isPercentage = (f: OwnFigure) =>
  f.domain === 'turnover' || f.domain === 'benchmark' || (f.domain === 'salary' && f.metric.startsWith('bonus_'));

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

/** The figures in the report's order: position (catalogue order; company-wide figures first), metric, region (roll-up last). */
function sortFigures(own: readonly OwnFigure[], data: SnapshotData): OwnFigure[] {
  const positionOrder = new Map(data.positions.map((p, i) => [p.id, i]));
  const regionOrder = new Map(data.regions.map((r, i) => [r.id, i]));
  const metricOrder = (m: string) => {
    const i = SALARY_METRICS.indexOf(m as (typeof SALARY_METRICS)[number]);
    return i < 0 ? SALARY_METRICS.length : i;
  };
  const rank = (f: OwnFigure) => [
    f.positionId === null ? -1 : (positionOrder.get(f.positionId) ?? Number.MAX_SAFE_INTEGER),
    metricOrder(f.metric),
    f.regionId === null ? Number.MAX_SAFE_INTEGER : (regionOrder.get(f.regionId) ?? Number.MAX_SAFE_INTEGER),
  ];
  return [...own].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0]! - rb[0]! || ra[1]! - rb[1]! || a.metric.localeCompare(b.metric) || ra[2]! - rb[2]!;
  });
}

function metricLabel(f: OwnFigure, w: ReportWords): string {
  if (f.domain === 'benchmark') return benchmarkLabel(f.metric, w);
  if (f.domain === 'allowance') return w.t(`allowance.${f.metric}`);
  return w.tOr(`metric.${f.metric}`, f.metric);
}

/** One row per own figure: the market's quartiles, compa-ratio and band, or the hidden cell's reason in each of them. */
function comparisonTable(heading: string, figures: OwnFigure[], format: TableColumn['format'], cells: CellIndex, read: StatReader): TableSection {
  const { w } = read;
  const rows = figures.map((f) => {
    const value = Number(f.value);
    const cell = cells.get(f);
    const base = {
      position: f.positionId === null ? w.t('cut.wholeCompany') : w.position(f.positionId),
      region: cutLabel({ regionId: f.regionId, sizeBand: null }, w),
      metric: metricLabel(f, w),
      own: value,
    };
    if (cell?.suppressReason) {
      const hidden = read.hidden(cell.suppressReason);
      return { ...base, p25: hidden, p50: hidden, p75: hidden, compaRatio: hidden, band: hidden };
    }
    const [p25, p50, p75] = [cell?.p25, cell?.p50, cell?.p75].map((v) => (v == null ? null : Number(v)));
    const market: Record<string, CellValue> = { p25: p25 ?? null, p50: p50 ?? null, p75: p75 ?? null, compaRatio: null, band: null };
    if (p25 != null && p50 != null && p75 != null) {
      market.compaRatio = compaRatio(value, p50);
      market.band = w.t(`band.${quartileBand(value, { p25, p50, p75 })}`);
    }
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
