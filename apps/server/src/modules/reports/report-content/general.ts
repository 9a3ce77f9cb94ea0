import { BENCHMARK_KEYS } from '@portal/shared';
import { FREEZE_SPLIT_ITEMS, type ReportLanguage, type StatCellValues, TURNOVER_METRICS } from '@portal/shared/reports-model';
import { ALLOWANCE_TYPES, BENCHMARK_CATEGORIES, CAREER_LEVELS } from '@portal/shared/survey-model';
import type { CellValue, RangeChartSection, ReportDocument, SnapshotData, TableSection } from '../report-document.ts';
import { allowancePrevalence } from './allowances.ts';
import { cutLabel, methodology, participantList, reportFrame } from './cover.ts';
import { increaseBudgets } from './increase-budgets.ts';
import { participantProfile } from './profile.ts';
import { type ReportWords, reportWords } from './report-words.ts';
import { benchmarkLabel, categoryLabel, itemKey, rangeBars, table } from './sections.ts';
import { CellIndex, StatReader, statColumns } from './stat-cells.ts';
import { trendSections } from './trend.ts';

/** How many positions the key positions summary shows: those the most companies reported. */
const KEY_POSITIONS = 10;

/**
 * The general report (design §3.1): methodology, participants and their profile, key positions, bonus, turnover,
 * increase budgets with and without freezes, practices, allowances by position and across them, and the trend.
 */
export function generalReport(data: SnapshotData, language: ReportLanguage): ReportDocument {
  const w = reportWords(data, language);
  const cells = new CellIndex(data.cells);
  const read = new StatReader(data.rules, w);
  const keyPositions = keyPositionIds(data, cells);
  const benchmarks = cells.ofDomain('benchmark');
  const isIncrease = (c: StatCellValues) => itemKey(c.metric).startsWith('increase_') || itemKey(c.metric) === BENCHMARK_KEYS.freeze;
  // The budgets themselves have their own table, with and without freezes.
  const isBudget = (c: StatCellValues) => FREEZE_SPLIT_ITEMS.some((key) => c.metric.startsWith(key));
  return reportFrame('general', data, w, [
    methodology(data, w),
    participantList(data, w),
    participantProfile(data, cells, read),
    keyPositionsTable(data, cells, read, keyPositions),
    keyPositionsChart(cells, w, keyPositions),
    bonusTable(data, cells, read),
    turnoverTable(data, cells, read),
    increaseBudgets(cells, read),
    benchmarkTable(
      w.t('general.increase'),
      benchmarks.filter((c) => isIncrease(c) && !isBudget(c)),
      read,
    ),
    benchmarkTable(
      w.t('general.practices'),
      benchmarks.filter((c) => !isIncrease(c)),
      read,
    ),
    allowancesTable(data, cells, read),
    allowancePrevalence(w.t('general.benefits'), [null], cells, read),
    ...trendSections(data, cells, read),
  ]);
}

/** The positions most companies reported (their all-Russia base salary cell), in the catalogue's order. */
export function keyPositionIds(data: SnapshotData, cells: CellIndex, count = KEY_POSITIONS): number[] {
  const reported = data.positions
    .map((p) => ({ id: p.id, n: cells.get({ domain: 'salary', metric: 'base', positionId: p.id })?.nCompanies ?? 0 }))
    .filter((p) => p.n > 0)
    .sort((a, b) => b.n - a.n)
    .slice(0, count);
  const chosen = new Set(reported.map((p) => p.id));
  return data.positions.filter((p) => chosen.has(p.id)).map((p) => p.id);
}

function keyPositionsTable(data: SnapshotData, cells: CellIndex, read: StatReader, positionIds: number[]): TableSection {
  const { w } = read;
  const stats = ['nCompanies', 'nIncumbents', 'meanCompany', 'meanIncumbent', 'p25', 'p50', 'p75'] as const;
  const regionIds = data.regions.map((r) => r.id);
  return table(
    {
      heading: w.t('general.keyPositions'),
      columns: [
        { key: 'position', label: w.t('columns.position'), format: 'text' },
        { key: 'region', label: w.t('columns.region'), format: 'text' },
        ...statColumns(w, stats),
      ],
      rows: positionIds.flatMap((id) =>
        cells.cutsOf('salary', 'base', id, regionIds).map((c) => ({ position: w.position(id), region: cutLabel(c, w), ...read.row(c, stats) })),
      ),
    },
    read,
    [w.t('notes.weighting')],
  );
}

function keyPositionsChart(cells: CellIndex, w: ReportWords, positionIds: number[]): RangeChartSection {
  return {
    kind: 'range_chart',
    heading: w.t('general.keyPositionsChart'),
    bars: rangeBars(positionIds.map((id) => ({ label: w.position(id), cell: cells.get({ domain: 'salary', metric: 'base', positionId: id }) }))),
  };
}

/** Bonus target % among eligible incumbents, position by position in career-level order, with the eligibility prevalence. */
function bonusTable(data: SnapshotData, cells: CellIndex, read: StatReader): TableSection {
  const { w } = read;
  const stats = ['nCompanies', 'nIncumbents', 'p25', 'p50', 'p75'] as const;
  const byLevel = [...data.positions].sort(
    (a, b) =>
      CAREER_LEVELS.indexOf(a.careerLevel as (typeof CAREER_LEVELS)[number]) - CAREER_LEVELS.indexOf(b.careerLevel as (typeof CAREER_LEVELS)[number]),
  );
  const rows = byLevel.flatMap((p) => {
    const target = cells.get({ domain: 'salary', metric: 'bonus_target_pct', positionId: p.id });
    if (!target) return [];
    const eligible = cells.get({ domain: 'salary', metric: 'bonus_eligible', positionId: p.id });
    return [
      {
        careerLevel: p.careerLevel,
        position: w.position(p.id),
        ...read.row(target, stats),
        prevalencePct: eligible ? read.value(eligible, 'prevalencePct') : null,
      },
    ];
  });
  return table(
    {
      heading: w.t('general.bonus'),
      columns: [
        { key: 'careerLevel', label: w.t('columns.careerLevel'), format: 'text' },
        { key: 'position', label: w.t('columns.position'), format: 'text' },
        ...statColumns(w, stats, 'pct'),
        { key: 'prevalencePct', label: w.t('metric.bonus_eligible'), format: 'pct' },
      ],
      rows,
    },
    read,
  );
}

/** Turnover rates of the whole company and of each job group: P25–P75 of the companies' rates and the pooled rate. */
function turnoverTable(data: SnapshotData, cells: CellIndex, read: StatReader): TableSection {
  const { w } = read;
  const stats = ['nCompanies', 'nIncumbents', 'p25', 'p50', 'p75', 'meanIncumbent'] as const;
  const groups: (number | null)[] = [null, ...data.jobGroups.map((g) => g.id)];
  const rows = groups.flatMap((jobGroupId) =>
    TURNOVER_METRICS.flatMap((metric) => {
      const cell = cells.get({ domain: 'turnover', metric, jobGroupId });
      return cell
        ? [
            {
              jobGroup: jobGroupId === null ? w.t('cut.wholeCompany') : w.jobGroup(jobGroupId),
              metric: w.t(`metric.${metric}`),
              ...read.row(cell, stats),
            },
          ]
        : [];
    }),
  );
  const columns = statColumns(w, stats, 'pct').map((c) => (c.key === 'meanIncumbent' ? { ...c, label: w.t('columns.pooled') } : c));
  return table(
    {
      heading: w.t('general.turnover'),
      columns: [
        { key: 'jobGroup', label: w.t('columns.jobGroup'), format: 'text' },
        { key: 'metric', label: w.t('columns.metric'), format: 'text' },
        ...columns,
      ],
      rows,
    },
    read,
    [w.t('notes.turnover')],
  );
}

/** Benchmark answers: numbers as statistics, yes/no and choices as prevalence; item by item, staff categories in their order. */
function benchmarkTable(heading: string, items: StatCellValues[], read: StatReader): TableSection {
  const { w } = read;
  const stats = ['nCompanies', 'meanCompany', 'p25', 'p50', 'p75', 'prevalencePct'] as const;
  const firstSeen = new Map<string, number>();
  for (const c of items) if (!firstSeen.has(c.metric)) firstSeen.set(c.metric, firstSeen.size);
  const categoryOrder = (c: StatCellValues) => (c.category === null ? -1 : BENCHMARK_CATEGORIES.indexOf(c.category as 'all'));
  const sorted = [...items].sort((a, b) => firstSeen.get(a.metric)! - firstSeen.get(b.metric)! || categoryOrder(a) - categoryOrder(b));
  const columns = statColumns(w, stats, 'pct').map((c) => (c.key === 'meanCompany' ? { ...c, label: w.t('columns.mean') } : c));
  return table(
    {
      heading,
      columns: [
        { key: 'item', label: w.t('columns.item'), format: 'text' },
        { key: 'category', label: w.t('columns.category'), format: 'text' },
        ...columns,
      ],
      rows: sorted.map((c) => ({ item: benchmarkLabel(c.metric, w), category: categoryLabel(c.category, w), ...read.row(c, stats) })),
    },
    read,
    [w.t('notes.prevalence')],
  );
}

/** Each allowance per position: the share of companies paying it and the median among those that do. */
function allowancesTable(data: SnapshotData, cells: CellIndex, read: StatReader): TableSection {
  const { w } = read;
  const rows: Record<string, CellValue>[] = data.positions.flatMap((p) =>
    ALLOWANCE_TYPES.flatMap((type) => {
      const cell = cells.get({ domain: 'allowance', metric: type, positionId: p.id });
      return cell
        ? [{ position: w.position(p.id), allowance: w.t(`allowance.${type}`), ...read.row(cell, ['nCompanies', 'prevalencePct', 'p50']) }]
        : [];
    }),
  );
  return table(
    {
      heading: w.t('general.allowances'),
      columns: [
        { key: 'position', label: w.t('columns.position'), format: 'text' },
        { key: 'allowance', label: w.t('columns.allowance'), format: 'text' },
        ...statColumns(w, ['nCompanies', 'prevalencePct']),
        { key: 'p50', label: w.t('columns.p50Payers'), format: 'money' },
      ],
      rows,
    },
    read,
    [w.t('notes.prevalence')],
  );
}
