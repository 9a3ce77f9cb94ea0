import { decimalUnits, kopecks } from '@portal/shared';
import { AGEING_BUCKETS, type AgeingBucket, MIN_CREDIT_REPORTERS_FLOOR, OVERDUE_BUCKETS } from '@portal/shared/credit-model';
import type { SuppressReason } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';

/**
 * The credit report's statistics (design §3.1 "Credit report", §3.3): market totals; a row per distributor only when
 * enough manufacturers report it and none dominates it, the rest pooled into "other distributors"; payment terms only
 * as a market-wide distribution. Amounts are added exactly, in kopecks, and rounded only when published.
 */

/** One manufacturer's row for one distributor, as the credit repository reads it (amounts as decimal strings). */
export interface CreditFigures {
  companyId: number;
  distributorId: number;
  distributorNameRu: string;
  distributorNameEn: string;
  receivablesTotal: string;
  notDue: string;
  overdue1To30: string;
  overdue31To60: string;
  overdue61To90: string;
  overdue91To180: string;
  overdue181Plus: string;
  netSalesPeriod: string;
  contractualTermsDays: number;
  /** Days beyond terms to 0.1 day; null on rows saved before it was asked for. */
  daysBeyondTerms: string | null;
}

/** Totals over a set of rows, in kopecks. */
export interface Aggregate {
  manufacturers: number;
  receivables: bigint;
  buckets: Record<AgeingBucket, bigint>;
  sales: bigint;
  /** Σ receivables × days beyond terms (kopeck-tenths of a day), for the dollar-weighted DBT; null if a row has none. */
  dbtWeighted: bigint | null;
  /** The largest manufacturer's share of the receivables, in per cent (exact enough to compare with a threshold). */
  topSharePct: number;
}

export interface DistributorLine extends Aggregate {
  distributorId: number;
  nameRu: string;
  nameEn: string;
}

export interface CreditStatistics {
  /** The rules as applied: the period's minimum of companies, never below the floor. */
  minReporters: number;
  maxSharePct: number;
  /** Null when the market as a whole fails the rules (then nothing is published). */
  market: Aggregate | null;
  marketReason: SuppressReason | null;
  published: DistributorLine[];
  /** "Other distributors": those below the thresholds, and any published row needed to keep the pool itself safe. */
  pooled: (Aggregate & { distributorIds: number[] }) | null;
  /** Why each pooled distributor is not shown on its own (`complementary`: it passed, but the pool needed it). */
  pooledReasons: Map<number, SuppressReason>;
  /** Payment terms over the manufacturers (P25, P50, P75 of each one's receivables-weighted terms), or why not. */
  terms: { p25: number; p50: number; p75: number } | { suppressed: SuppressReason };
}

export function aggregate(rows: CreditFigures[]): Aggregate {
  const buckets = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0n])) as Record<AgeingBucket, bigint>;
  const byCompany = new Map<number, bigint>();
  let receivables = 0n;
  let sales = 0n;
  let dbtWeighted: bigint | null = 0n;
  for (const r of rows) {
    const total = kopecks(r.receivablesTotal);
    receivables += total;
    sales += kopecks(r.netSalesPeriod);
    for (const b of AGEING_BUCKETS) buckets[b] += kopecks(r[b]);
    byCompany.set(r.companyId, (byCompany.get(r.companyId) ?? 0n) + total);
    dbtWeighted = dbtWeighted === null || r.daysBeyondTerms === null ? null : dbtWeighted + total * decimalUnits(r.daysBeyondTerms, 1);
  }
  const top = [...byCompany.values()].reduce((m, v) => (v > m ? v : m), 0n);
  // Shares to a thousandth of a per cent: enough to compare with a whole-per-cent threshold without floating point error.
  const topSharePct = receivables > 0n ? Number((top * 100_000n) / receivables) / 1000 : 0;
  return { manufacturers: byCompany.size, receivables, buckets, sales, dbtWeighted, topSharePct };
}

/** Why an aggregate may not be published, or null when it may. */
function failure(a: Aggregate, minReporters: number, maxSharePct: number): SuppressReason | null {
  if (a.manufacturers < minReporters) return 'min_companies';
  if (a.topSharePct > maxSharePct) return 'dominance';
  return null;
}

/** PERCENTILE.INC: linear interpolation between the sorted values. */
export function percentile(sorted: number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}

/** Each manufacturer's contractual terms, weighted by its receivables (a plain mean when it reports none). */
function termsOfManufacturers(rows: CreditFigures[]): number[] {
  const by = new Map<number, { weighted: bigint; receivables: bigint; days: number[] }>();
  for (const r of rows) {
    const c = by.get(r.companyId) ?? { weighted: 0n, receivables: 0n, days: [] };
    const total = kopecks(r.receivablesTotal);
    c.weighted += total * BigInt(r.contractualTermsDays);
    c.receivables += total;
    c.days.push(r.contractualTermsDays);
    by.set(r.companyId, c);
  }
  return [...by.values()]
    .map((c) => (c.receivables > 0n ? Number((c.weighted * 1000n) / c.receivables) / 1000 : c.days.reduce((s, d) => s + d, 0) / c.days.length))
    .sort((a, b) => a - b);
}

/** Applies the rules of design §3.3 to a period's rows. */
export function creditStatistics(rows: CreditFigures[], rules: AnonymityRules): CreditStatistics {
  const minReporters = Math.max(MIN_CREDIT_REPORTERS_FLOOR, rules.minCompanies);
  const maxSharePct = rules.maxCompanySharePct;
  const market = aggregate(rows);
  const marketReason = rows.length ? failure(market, minReporters, maxSharePct) : 'min_companies';
  if (marketReason)
    return {
      minReporters,
      maxSharePct,
      market: null,
      marketReason,
      published: [],
      pooled: null,
      pooledReasons: new Map(),
      terms: { suppressed: marketReason },
    };

  const byDistributor = new Map<number, CreditFigures[]>();
  for (const r of rows) byDistributor.set(r.distributorId, [...(byDistributor.get(r.distributorId) ?? []), r]);
  const lines: (DistributorLine & { rows: CreditFigures[] })[] = [...byDistributor.entries()].map(([distributorId, own]) => ({
    distributorId,
    nameRu: (own[0] as CreditFigures).distributorNameRu,
    nameEn: (own[0] as CreditFigures).distributorNameEn,
    rows: own,
    ...aggregate(own),
  }));
  const published = lines.filter((l) => !failure(l, minReporters, maxSharePct)).sort((a, b) => (a.receivables > b.receivables ? -1 : 1));
  let pooledLines = lines.filter((l) => !published.includes(l));
  // Complementary suppression: the pool is the market less the published rows, so it must pass the rules itself, and
  // a pool of one distributor would be that distributor. The smallest published rows join it until it is safe.
  const poolSafe = () => {
    if (!pooledLines.length) return true;
    return pooledLines.length >= 2 && !failure(aggregate(pooledLines.flatMap((l) => l.rows)), minReporters, maxSharePct);
  };
  while (!poolSafe() && published.length) pooledLines = [...pooledLines, published.pop() as (typeof lines)[number]];

  const manufacturerTerms = termsOfManufacturers(rows);
  const strip = ({ rows: _rows, ...line }: (typeof lines)[number]): DistributorLine => line;
  return {
    minReporters,
    maxSharePct,
    market,
    marketReason: null,
    published: published.map(strip),
    pooled: pooledLines.length
      ? { ...aggregate(pooledLines.flatMap((l) => l.rows)), distributorIds: pooledLines.map((l) => l.distributorId).sort((a, b) => a - b) }
      : null,
    pooledReasons: new Map(pooledLines.map((l) => [l.distributorId, failure(l, minReporters, maxSharePct) ?? 'complementary'])),
    terms: { p25: percentile(manufacturerTerms, 0.25), p50: percentile(manufacturerTerms, 0.5), p75: percentile(manufacturerTerms, 0.75) },
  };
}

// ---- rounding (design §3.3: credit amounts to RUB 1 m, shares and days to 0.1)

/** Kopecks as whole millions of roubles, half away from zero. */
export const millions = (k: bigint): number => Number((k + 50_000_000n) / 100_000_000n);

/** A part of a whole in per cent, to 0.1, half up; null of nothing. */
export const sharePct = (part: bigint, whole: bigint): number | null => (whole > 0n ? Number((part * 2000n + whole) / (2n * whole)) / 10 : null);

/** Days sales outstanding: receivables ÷ sales of the period × its days, to 0.1 day; null without sales. */
export const dso = (receivables: bigint, sales: bigint, days: number): number | null =>
  sales > 0n ? Number((receivables * BigInt(days) * 20n + sales) / (2n * sales)) / 10 : null;

/**
 * Dollar-weighted days beyond terms: each row's DBT weighted by its receivables, to 0.1 day, half up; 0 with nothing
 * outstanding; null when a row lacks it.
 */
export const dbt = (a: Pick<Aggregate, 'receivables' | 'dbtWeighted'>): number | null => {
  if (a.dbtWeighted === null) return null;
  return a.receivables > 0n ? Number((a.dbtWeighted * 2n + a.receivables) / (2n * a.receivables)) / 10 : 0;
};

export const overdueOf = (a: Aggregate): bigint => OVERDUE_BUCKETS.reduce((s, b) => s + a.buckets[b], 0n);
export const over90Of = (a: Aggregate): bigint => a.buckets.overdue91To180 + a.buckets.overdue181Plus;

/** The days of the month of the as-of date: credit data is monthly, so its sales are the month's. */
export const daysOfMonth = (isoDate: string): number => {
  const [y, m] = isoDate.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};
