import type { StatCellValues, SuppressReason } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';
import { Exact, sum } from './exact.ts';

/**
 * One cell's statistics over the companies' averages (design §3.2) and its own anonymity rules (§3.3); the
 * complementary suppression across cells is complementary.ts's.
 */

/** One company's average in a cell, and the incumbents behind it (the weight of the incumbent-weighted mean). */
export interface Observation {
  companyId: number;
  value: Exact;
  weight: Exact;
}

/** How a figure is rounded when stored: money to RUB 100; percentages, months and the like to 0.1. */
export type Unit = 'money' | 'pct' | 'number';

export interface CellSpec {
  unit: Unit;
  /**
   * The cell publishes an incumbent-weighted (or pooled) figure, so no company may hold more than the share limit of
   * its incumbents or of its weighted sum (design §3.3). Company-level answers (car policy, benchmarks) are not weighted.
   */
  weighted: boolean;
  /**
   * Only a prevalence: the share (0–100) the values are, incumbent-weighted or by company; no mean or percentiles.
   * Otherwise the mean and percentiles, and `prevalence` when given (the allowance payers among the position's companies).
   */
  prevalenceOnly?: boolean;
  prevalence?: Exact | null;
}

export type Dimensions = Pick<
  StatCellValues,
  'domain' | 'metric' | 'positionId' | 'jobGroupId' | 'regionId' | 'sizeBand' | 'category' | 'distributorId'
>;

const STEP: Record<Unit, Exact> = { money: Exact.int(100), pct: Exact.parse('0.1'), number: Exact.parse('0.1') };
const TENTH = Exact.parse('0.1');
const HUNDRED = Exact.int(100);
const ONE = Exact.int(1);

const P10 = Exact.of(1n, 10n);
const P25 = Exact.of(1n, 4n);
const P50 = Exact.of(1n, 2n);
const P75 = Exact.of(3n, 4n);
const P90 = Exact.of(9n, 10n);

/** Excel's PERCENTILE.INC: linear interpolation between the closest ranks of the sorted values, rank (n − 1) × p. */
export function percentileInc(sorted: readonly Exact[], p: Exact): Exact {
  if (!sorted.length) throw new RangeError('no values');
  const h = Exact.int(sorted.length - 1).mul(p);
  const lo = Number(h.num / h.den);
  const frac = h.sub(Exact.int(lo));
  const low = sorted[lo]!;
  if (frac.isZero()) return low;
  return low.add(frac.mul(sorted[lo + 1]!.sub(low)));
}

/** Σ weight × value / Σ weight. */
export function weightedMean(obs: readonly Observation[]): Exact | null {
  const weights = sum(obs.map((o) => o.weight));
  if (weights.isZero()) return null;
  return sum(obs.map((o) => o.weight.mul(o.value))).div(weights);
}

export const mean = (values: readonly Exact[]): Exact => sum(values).div(Exact.int(values.length));

/** A figure as stored: rounded to its unit's step, two decimals. */
export const round = (v: Exact | null, unit: Unit): string | null => (v === null ? null : v.roundTo(STEP[unit]).toFixed(2));
const roundPct = (v: Exact | null): string | null => (v === null ? null : v.roundTo(TENTH).toFixed(1));

/** Whether one company holds more than the limit of the cell's incumbents, or of its weighted sum (a pooled total). */
export function dominated(obs: readonly Observation[], maxSharePct: number): boolean {
  const limit = Exact.int(maxSharePct).div(HUNDRED);
  const byCompany = new Map<number, Observation[]>();
  for (const o of obs) {
    const own = byCompany.get(o.companyId);
    if (own) own.push(o);
    else byCompany.set(o.companyId, [o]);
  }
  const shares = [...byCompany.values()].map((own) => ({ weight: sum(own.map((o) => o.weight)), total: sum(own.map((o) => o.weight.mul(o.value))) }));
  const weights = sum(shares.map((c) => c.weight));
  const totals = sum(shares.map((c) => c.total));
  return shares.some(
    (c) => (!weights.isZero() && c.weight.cmp(weights.mul(limit)) > 0) || (totals.cmp(Exact.ZERO) > 0 && c.total.cmp(totals.mul(limit)) > 0),
  );
}

/** The whole cell's reason to be hidden, if any: too few companies or incumbents, or one company dominating. */
export function primaryReason(
  nCompanies: number,
  incumbents: Exact,
  obs: readonly Observation[],
  spec: CellSpec,
  rules: AnonymityRules,
): SuppressReason | null {
  if (nCompanies < rules.minCompanies) return 'min_companies';
  if (incumbents.cmp(Exact.int(rules.minIncumbents)) < 0) return 'min_incumbents';
  if (spec.weighted && dominated(obs, rules.maxCompanySharePct)) return 'dominance';
  return null;
}

/** Hides a cell: its counts stay, every figure goes, and it says why. */
export function suppress(cell: StatCellValues, reason: SuppressReason): void {
  Object.assign(cell, {
    meanCompany: null,
    meanIncumbent: null,
    p10: null,
    p25: null,
    p50: null,
    p75: null,
    p90: null,
    prevalencePct: null,
    suppressReason: reason,
    tailReason: null,
  });
}

/**
 * A cell's statistics with its own rules applied: one observation per company (a company's average); counts per variable
 * (only the companies given are counted); no minimum or maximum is ever computed.
 */
export function computeCell(dims: Dimensions, obs: readonly Observation[], spec: CellSpec, rules: AnonymityRules): StatCellValues {
  const incumbents = sum(obs.map((o) => o.weight));
  const cell: StatCellValues = {
    ...dims,
    nCompanies: new Set(obs.map((o) => o.companyId)).size,
    nIncumbents: Number(incumbents.roundTo(Exact.int(1)).num),
    meanCompany: null,
    meanIncumbent: null,
    p10: null,
    p25: null,
    p50: null,
    p75: null,
    p90: null,
    prevalencePct: null,
    suppressReason: null,
    tailReason: null,
    sourcePeriodId: null,
  };
  const reason = primaryReason(cell.nCompanies, incumbents, obs, spec, rules);
  if (reason) {
    suppress(cell, reason);
    return cell;
  }
  const values = obs.map((o) => o.value);
  if (spec.prevalenceOnly) {
    cell.prevalencePct = roundPct(spec.weighted ? weightedMean(obs) : mean(values));
    return cell;
  }
  const sorted = [...values].sort((a, b) => a.cmp(b));
  cell.meanCompany = round(mean(values), spec.unit);
  if (spec.weighted) cell.meanIncumbent = round(weightedMean(obs), spec.unit);
  cell.p25 = round(percentileInc(sorted, P25), spec.unit);
  cell.p50 = round(percentileInc(sorted, P50), spec.unit);
  cell.p75 = round(percentileInc(sorted, P75), spec.unit);
  if (cell.nCompanies < rules.minCompaniesP10P90 || incumbents.cmp(Exact.int(rules.minIncumbentsP10P90)) < 0) cell.tailReason = 'p10p90_min';
  else {
    cell.p10 = round(percentileInc(sorted, P10), spec.unit);
    cell.p90 = round(percentileInc(sorted, P90), spec.unit);
  }
  if (spec.prevalence) cell.prevalencePct = roundPct(spec.prevalence);
  return cell;
}

/**
 * A count as the statistic (the participants in a size band, the companies naming a car model): the companies and
 * incumbents given, published only when they alone pass the rules (and, when `weighted`, no company holds more than the
 * share limit of the incumbents), with the companies' share of a population as the prevalence.
 */
export function countCell(
  dims: Dimensions,
  members: readonly { companyId: number; weight: Exact }[],
  spec: { weighted: boolean; population: number },
  rules: AnonymityRules,
): StatCellValues {
  const obs = members.map((m) => ({ companyId: m.companyId, value: ONE, weight: m.weight }));
  const cell = computeCell(dims, obs, { unit: 'number', weighted: spec.weighted, prevalenceOnly: true }, rules);
  if (!cell.suppressReason) cell.prevalencePct = roundPct(Exact.int(cell.nCompanies).mul(HUNDRED).div(Exact.int(spec.population)));
  return cell;
}
