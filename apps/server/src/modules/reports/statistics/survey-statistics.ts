import { BENCHMARK_KEYS } from '@portal/shared';
import {
  CAR_METRICS,
  excludingFreezes,
  FREEZE_SPLIT_ITEMS,
  SALARY_METRICS,
  type SalaryMetric,
  SIZE_BANDS,
  type SizeBand,
  type StatCellValues,
  sizeBandOf,
  TURNOVER_METRICS,
} from '@portal/shared/reports-model';
import { type AnonymityRules, CAR_ACQUISITIONS, CAR_CLASSES, CAR_ELIGIBILITIES, CAR_PRIVATE_USES } from '@portal/shared/survey-model';
import { planAllowancePrevalence } from './allowance-prevalence.ts';
import { planCarModels } from './car-models.ts';
import { CellPlan, dims, groupBy } from './cell-plan.ts';
import { type CellSpec, computeCell, type Dimensions, type Observation, primaryReason, suppress } from './cell-stats.ts';
import { Exact, sum } from './exact.ts';
import { planProfile } from './participant-profile.ts';

/**
 * The statistics of a period's accepted answers (design §3.2–3.3), by domain and cut, with the metric names of
 * reports-model.ts. Pure: the snapshot service loads the answers and stores the cells.
 */

/** A position × region row of a company's grid; money and percentages as PostgreSQL's numeric strings. */
export interface EntryRow {
  companyId: number;
  positionId: number;
  regionId: number;
  headcount: number;
  base: string;
  extraAnnual: string | null;
  eligiblePct: string | null;
  targetPct: string | null;
  actualAvg: string | null;
}
export interface AllowanceRow {
  companyId: number;
  positionId: number;
  regionId: number;
  type: string;
  amount: string | null;
  /** The share of the row's incumbents receiving it, %. */
  share: string | null;
  /** The grid row's incumbents. */
  headcount: number;
}
export interface CarRow {
  companyId: number;
  positionId: number;
  eligibility: string;
  carClass: string | null;
  priceCap: string | null;
  cashAllowance: string | null;
  replacementMonths: number | null;
  fuelLimit: string | null;
  privateUse: string | null;
  acquisition: string | null;
  typicalModelId: number | null;
  /** The typical model's own car class. */
  modelClass: string | null;
}
export interface TurnoverRow {
  companyId: number;
  jobGroupId: number | null;
  start: number | null;
  end: number | null;
  totalLeavers: number | null;
  voluntaryLeavers: number | null;
  firstYearLeavers: number | null;
}
export interface BenchmarkItem {
  key: string;
  unit: 'pct' | 'month' | 'bool' | 'choice';
  choices: string[];
}
export interface BenchmarkRow {
  companyId: number;
  key: string;
  category: string;
  num: string | null;
  bool: boolean | null;
  choice: string | null;
}

export interface SurveyData {
  /** The accepted participants (test companies already left out). */
  companyIds: number[];
  /** Each position's job group. */
  positions: Map<number, number>;
  entries: EntryRow[];
  allowances: AllowanceRow[];
  cars: CarRow[];
  turnover: TurnoverRow[];
  benchmarkItems: BenchmarkItem[];
  benchmarks: BenchmarkRow[];
}

const TWELVE = Exact.int(12);
const HUNDRED = Exact.int(100);
const TEN_THOUSAND = Exact.int(10_000);
const num = (v: string | null) => (v === null ? null : Exact.parse(v));
const int = (v: number | null) => (v === null ? null : Exact.int(v));

/** A company's incumbents of one position, all its regions, by `company:position` (the cars' weights). */
function positionHeadcounts(entries: readonly EntryRow[]): Map<string, number> {
  const heads = new Map<string, number>();
  for (const e of entries) {
    const key = `${e.companyId}:${e.positionId}`;
    heads.set(key, (heads.get(key) ?? 0) + e.headcount);
  }
  return heads;
}

/** A company's size for the size bands: the incumbents of all its grid rows. */
export function companySizes(entries: readonly EntryRow[]): Map<number, number> {
  const sizes = new Map<number, number>();
  for (const e of entries) sizes.set(e.companyId, (sizes.get(e.companyId) ?? 0) + e.headcount);
  return sizes;
}

/**
 * One salary metric of a grid row (per variable: null when the row lacks what it needs). Annual base is base × 12 plus
 * the guaranteed extras; target and actual total cash add the bonus of the eligible share; the bonus target is taken
 * among eligible incumbents only (zero targets included); eligibility is a share of incumbents.
 */
export function salaryValue(metric: SalaryMetric, e: ParsedEntry): Exact | null {
  switch (metric) {
    case 'base':
      return e.base;
    case 'annual_base':
      return e.annual;
    case 'tcc_target':
      if (e.eligible === null) return null;
      if (e.eligible.isZero()) return e.annual;
      return e.target === null ? null : e.annual.add(e.base.mul(TWELVE).mul(e.eligible).mul(e.target).div(TEN_THOUSAND));
    case 'tcc_actual':
      if (e.eligible === null) return null;
      if (e.eligible.isZero()) return e.annual;
      return e.actual === null ? null : e.annual.add(e.actual.mul(e.eligible).div(HUNDRED));
    case 'bonus_target_pct':
      return e.eligible === null || e.eligible.isZero() ? null : e.target;
    case 'bonus_eligible':
      return e.eligible;
  }
}

/** A grid row's figures read once, for all the metrics. */
interface ParsedEntry {
  row: EntryRow;
  base: Exact;
  annual: Exact;
  eligible: Exact | null;
  target: Exact | null;
  actual: Exact | null;
}
export function parseEntry(row: EntryRow): ParsedEntry {
  const base = Exact.parse(row.base);
  return {
    row,
    base,
    annual: base.mul(TWELVE).add(num(row.extraAnnual) ?? Exact.ZERO),
    eligible: num(row.eligiblePct),
    target: num(row.targetPct),
    actual: num(row.actualAvg),
  };
}

const SALARY_SPECS: Record<SalaryMetric, CellSpec> = {
  base: { unit: 'money', weighted: true },
  annual_base: { unit: 'money', weighted: true },
  tcc_target: { unit: 'money', weighted: true },
  tcc_actual: { unit: 'money', weighted: true },
  bonus_target_pct: { unit: 'pct', weighted: true },
  bonus_eligible: { unit: 'pct', weighted: true, prevalenceOnly: true },
};

/** Each company once: its incumbent-weighted average over the rows given (a company in several regions of a roll-up). */
export function companyAverages(rows: readonly { companyId: number; value: Exact; weight: Exact }[]): Observation[] {
  return [...groupBy(rows, (r) => r.companyId)].map(([companyId, own]) => {
    if (own.length === 1) return { companyId, value: own[0]!.value, weight: own[0]!.weight };
    const weight = sum(own.map((r) => r.weight));
    const total = sum(own.map((r) => r.value.mul(r.weight)));
    return { companyId, value: weight.isZero() ? total : total.div(weight), weight };
  });
}

/**
 * Salary per position: each region, the roll-up over the regions (region null) and each company size band (region
 * null); the regions and the bands are sibling groups under the roll-up.
 */
function planSalary(plan: CellPlan, data: SurveyData, rules: AnonymityRules, bandOf: (companyId: number) => SizeBand | null, bands: boolean): void {
  for (const [positionId, rows] of groupBy(data.entries.map(parseEntry), (e) => e.row.positionId)) {
    const jobGroupId = data.positions.get(positionId) ?? null;
    for (const metric of SALARY_METRICS) {
      const spec = SALARY_SPECS[metric];
      const valued = rows.flatMap((e) => {
        const value = salaryValue(metric, e);
        return value === null ? [] : [{ companyId: e.row.companyId, regionId: e.row.regionId, value, weight: Exact.int(e.row.headcount) }];
      });
      if (!valued.length) continue;
      const cell = (regionId: number | null, sizeBand: SizeBand | null, part: typeof valued) =>
        plan.add(() =>
          computeCell(dims({ domain: 'salary', metric, positionId, jobGroupId, regionId, sizeBand }), companyAverages(part), spec, rules),
        );
      const parent = cell(null, null, valued);
      const regions = [...groupBy(valued, (v) => v.regionId)].map(([regionId, part]) => cell(regionId, null, part));
      plan.groups.push({ parent, siblings: regions });
      if (!bands) continue;
      const byBand = groupBy(valued, (v) => bandOf(v.companyId));
      const bandCells = SIZE_BANDS.filter((b) => byBand.has(b)).map((b) => cell(null, b, byBand.get(b)!));
      plan.groups.push({ parent, siblings: bandCells });
    }
  }
}

/** Allowances per position: prevalence among the position's companies, and the amounts among the payers. */
function planAllowances(plan: CellPlan, data: SurveyData, rules: AnonymityRules): void {
  const companiesOf = new Map([...groupBy(data.entries, (e) => e.positionId)].map(([p, rows]) => [p, new Set(rows.map((r) => r.companyId)).size]));
  for (const rows of groupBy(data.allowances, (a) => `${a.positionId}:${a.type}`).values()) {
    const { positionId, type } = rows[0]!;
    const payers = rows.flatMap((a) => {
      const amount = num(a.amount);
      return amount && amount.cmp(Exact.ZERO) > 0 ? [{ companyId: a.companyId, value: amount, weight: Exact.int(a.headcount) }] : [];
    });
    const population = companiesOf.get(positionId) ?? 0;
    if (!payers.length || !population) continue;
    plan.add(() => {
      const obs = companyAverages(payers);
      const prevalence = Exact.int(obs.length).mul(HUNDRED).div(Exact.int(population));
      return computeCell(
        dims({ domain: 'allowance', metric: type, positionId, jobGroupId: data.positions.get(positionId) ?? null }),
        obs,
        { unit: 'money', weighted: true, prevalence },
        rules,
      );
    });
  }
}

/** Car policy per position: the amounts and months by company; eligibility, class, private use and acquisition as shares of companies. */
function planCars(plan: CellPlan, data: SurveyData, rules: AnonymityRules, headcount: Map<string, number>): void {
  const fields: Record<(typeof CAR_METRICS)[number], (c: CarRow) => Exact | null> = {
    price_cap: (c) => num(c.priceCap),
    cash_allowance: (c) => num(c.cashAllowance),
    replacement_months: (c) => int(c.replacementMonths),
    fuel_limit: (c) => num(c.fuelLimit),
  };
  const units: Record<(typeof CAR_METRICS)[number], CellSpec['unit']> = {
    price_cap: 'money',
    cash_allowance: 'money',
    replacement_months: 'number',
    fuel_limit: 'money',
  };
  for (const [positionId, rows] of groupBy(data.cars, (c) => c.positionId)) {
    const at = (metric: string) => dims({ domain: 'car', metric, positionId, jobGroupId: data.positions.get(positionId) ?? null });
    const weight = (c: CarRow) => Exact.int(headcount.get(`${c.companyId}:${positionId}`) ?? 0);
    for (const metric of CAR_METRICS) {
      const obs = rows.flatMap((c) => {
        const value = fields[metric](c);
        return value === null ? [] : [{ companyId: c.companyId, value, weight: weight(c) }];
      });
      if (obs.length) plan.add(() => computeCell(at(metric), obs, { unit: units[metric], weighted: false }, rules));
    }
    const shares = (metric: string, rowsWith: CarRow[], has: (c: CarRow) => boolean) =>
      plan.add(() =>
        computeCell(
          at(metric),
          rowsWith.map((c) => ({ companyId: c.companyId, value: has(c) ? HUNDRED : Exact.ZERO, weight: weight(c) })),
          { unit: 'pct', weighted: false, prevalenceOnly: true },
          rules,
        ),
      );
    for (const e of CAR_ELIGIBILITIES) shares(`eligibility:${e}`, rows, (c) => c.eligibility === e);
    const classed = rows.filter((c) => c.carClass !== null);
    if (classed.length) for (const k of CAR_CLASSES) shares(`class:${k}`, classed, (c) => c.carClass === k);
    const choices: [string, readonly string[], (c: CarRow) => string | null][] = [
      ['private_use', CAR_PRIVATE_USES, (c) => c.privateUse],
      ['acquisition', CAR_ACQUISITIONS, (c) => c.acquisition],
    ];
    for (const [prefix, values, of] of choices) {
      const answered = rows.filter((c) => of(c) !== null);
      if (answered.length) for (const v of values) shares(`${prefix}:${v}`, answered, (c) => of(c) === v);
    }
  }
}

/** Turnover per job group (null: the whole company): each company's rate, and the pooled rate as the incumbent-weighted mean. */
function planTurnover(plan: CellPlan, data: SurveyData, rules: AnonymityRules): void {
  const leavers: Record<(typeof TURNOVER_METRICS)[number], (t: TurnoverRow) => number | null> = {
    total_rate: (t) => t.totalLeavers,
    voluntary_rate: (t) => t.voluntaryLeavers,
    first_year_rate: (t) => t.firstYearLeavers,
  };
  for (const [jobGroupId, rows] of groupBy(data.turnover, (t) => t.jobGroupId)) {
    for (const metric of TURNOVER_METRICS) {
      const obs = rows.flatMap((t) => {
        const n = leavers[metric](t);
        if (n === null || t.start === null || t.end === null || t.start + t.end === 0) return [];
        const average = Exact.of(BigInt(t.start + t.end), 2n);
        return [{ companyId: t.companyId, value: Exact.int(n).mul(HUNDRED).div(average), weight: average }];
      });
      if (obs.length) plan.add(() => computeCell(dims({ domain: 'turnover', metric, jobGroupId }), obs, { unit: 'pct', weighted: true }, rules));
    }
  }
}

/**
 * Benchmarks per item and category: numbers as statistics, yes/no and choices as shares of companies; with `freezes`,
 * the increase budgets again without the companies that froze salaries in the category.
 */
function planBenchmarks(plan: CellPlan, data: SurveyData, rules: AnonymityRules, sizes: Map<number, number>, freezes: boolean): void {
  const items = new Map(data.benchmarkItems.map((i) => [i.key, i]));
  const frozen = new Set(
    data.benchmarks.filter((b) => b.key === BENCHMARK_KEYS.freeze && b.bool === true).map((b) => `${b.companyId}:${b.category}`),
  );
  for (const rows of groupBy(data.benchmarks, (b) => `${b.key}\u0000${b.category}`).values()) {
    const { key, category } = rows[0]!;
    const item = items.get(key);
    if (!item) continue;
    const at = (metric: string) => dims({ domain: 'benchmark', metric, category });
    const weight = (companyId: number) => Exact.int(sizes.get(companyId) ?? 0);
    const shares = (metric: string, answered: BenchmarkRow[], has: (b: BenchmarkRow) => boolean) =>
      plan.add(() =>
        computeCell(
          at(metric),
          answered.map((b) => ({ companyId: b.companyId, value: has(b) ? HUNDRED : Exact.ZERO, weight: weight(b.companyId) })),
          { unit: 'pct', weighted: false, prevalenceOnly: true },
          rules,
        ),
      );
    if (item.unit === 'bool') {
      const answered = rows.filter((b) => b.bool !== null);
      if (answered.length) shares(key, answered, (b) => b.bool === true);
    } else if (item.unit === 'choice') {
      const answered = rows.filter((b) => b.choice !== null);
      if (answered.length) for (const choice of item.choices) shares(`${key}:${choice}`, answered, (b) => b.choice === choice);
    } else {
      const obs = rows.flatMap((b) => (b.num === null ? [] : [{ companyId: b.companyId, value: Exact.parse(b.num), weight: weight(b.companyId) }]));
      const spec: CellSpec = { unit: item.unit === 'pct' ? 'pct' : 'number', weighted: false };
      if (obs.length) plan.add(() => computeCell(at(key), obs, spec, rules));
      if (freezes && (FREEZE_SPLIT_ITEMS as readonly string[]).includes(key)) {
        const kept = obs.filter((o) => !frozen.has(`${o.companyId}:${category}`));
        const rest = obs.filter((o) => frozen.has(`${o.companyId}:${category}`));
        if (kept.length) plan.add(() => withoutFreezes(at(excludingFreezes(key)), kept, rest, spec, rules, key !== BENCHMARK_KEYS.budget));
      }
    }
  }
}

/**
 * A budget over the companies without a freeze. The frozen companies' figures are then the whole's less these, so where
 * the whole is published and they alone would not be, this is hidden too; unless `guarded` is off, for the actual
 * budget: a freeze requires it to be 0 (survey rules), so those figures are no secret.
 */
function withoutFreezes(at: Dimensions, kept: Observation[], rest: Observation[], spec: CellSpec, rules: AnonymityRules, guarded: boolean) {
  const cell = computeCell(at, kept, spec, rules);
  const hidden = (obs: Observation[]) =>
    primaryReason(new Set(obs.map((o) => o.companyId)).size, sum(obs.map((o) => o.weight)), obs, spec, rules) !== null;
  if (guarded && !cell.suppressReason && rest.length > 0 && hidden(rest) && !hidden([...kept, ...rest])) suppress(cell, 'complementary');
  return cell;
}

/**
 * Every cell of a snapshot, planned: salary, allowances, cars, turnover and benchmarks; and, unless `ownOnly` (a
 * company's own figures), what only a market has: the participant profile, the allowances' prevalence across
 * positions, the typical car models and the budgets without freezes.
 */
export function planStatistics(data: SurveyData, rules: AnonymityRules, ownOnly = false): CellPlan {
  const sizes = companySizes(data.entries);
  const positionHeads = positionHeadcounts(data.entries);
  const plan = new CellPlan();
  if (!ownOnly) planProfile(plan, data, rules, sizes);
  planSalary(plan, data, rules, (id) => (sizes.has(id) ? sizeBandOf(sizes.get(id)!) : null), true);
  planAllowances(plan, data, rules);
  if (!ownOnly) planAllowancePrevalence(plan, data, rules);
  planCars(plan, data, rules, positionHeads);
  if (!ownOnly) planCarModels(plan, data, rules, positionHeads);
  planTurnover(plan, data, rules);
  planBenchmarks(plan, data, rules, sizes, !ownOnly);
  return plan;
}

/** Every cell of a snapshot (or, `ownOnly`, of a company's own figures), suppressed and rounded as stored. */
export const surveyStatistics = (data: SurveyData, rules: AnonymityRules, ownOnly = false): StatCellValues[] =>
  planStatistics(data, rules, ownOnly).run();

/** A cut of the answers: the regions (null: all) and the companies' size band (null: all). */
export interface SalaryCut {
  regionIds: readonly number[] | null;
  sizeBand: SizeBand | null;
}

/**
 * The interactive cut (design §5 item 11): salary per position over the chosen regions and the companies of one size
 * band, each region and the cut's roll-up, with the same rules and complementary suppression. Companies are banded by
 * their whole grid, not by the rows the cut keeps.
 */
export function salaryCut(data: SurveyData, rules: AnonymityRules, cut: SalaryCut): { companies: number; cells: StatCellValues[] } {
  const sizes = companySizes(data.entries);
  const regions = cut.regionIds ? new Set(cut.regionIds) : null;
  const entries = data.entries.filter(
    (e) => (!regions || regions.has(e.regionId)) && (!cut.sizeBand || sizeBandOf(sizes.get(e.companyId) ?? 0) === cut.sizeBand),
  );
  const plan = new CellPlan();
  planSalary(plan, { ...data, entries }, rules, () => null, false);
  return { companies: new Set(entries.map((e) => e.companyId)).size, cells: plan.run().map((c) => ({ ...c, sizeBand: cut.sizeBand })) };
}
