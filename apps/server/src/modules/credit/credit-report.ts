import { AGEING_BUCKETS, type AgeingBucket, MIN_CREDIT_REPORTERS_FLOOR } from '@portal/shared/credit-model';
import { translate } from '@portal/shared/i18n';
import type { ReportLanguage, SuppressReason } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';
import type { CellValue, ReportDocument, TableSection } from '../reports/report-document.ts';

/**
 * The credit report's statistics and content (design §3.1 "Credit report", §3.3): market totals, ageing and DSO; a row
 * per distributor only when enough manufacturers report it and none dominates it, the rest pooled into "other
 * distributors"; payment terms only as a market-wide distribution; and a manufacturer's own exposure beside the market.
 * Amounts are added exactly, in kopecks.
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
}

/** Totals over a set of rows, in kopecks. */
export interface Aggregate {
  manufacturers: number;
  receivables: bigint;
  buckets: Record<AgeingBucket, bigint>;
  sales: bigint;
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
  /** Payment terms over the manufacturers (P25, P50, P75 of each one's receivables-weighted terms), or why not. */
  terms: { p25: number; p50: number; p75: number } | { suppressed: SuppressReason };
}

const kop = (rub: string): bigint => {
  const [whole = '0', frac = ''] = rub.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};

const OVERDUE: readonly AgeingBucket[] = AGEING_BUCKETS.filter((b) => b !== 'notDue');

function aggregate(rows: CreditFigures[]): Aggregate {
  const buckets = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0n])) as Record<AgeingBucket, bigint>;
  const byCompany = new Map<number, bigint>();
  let receivables = 0n;
  let sales = 0n;
  for (const r of rows) {
    const total = kop(r.receivablesTotal);
    receivables += total;
    sales += kop(r.netSalesPeriod);
    for (const b of AGEING_BUCKETS) buckets[b] += kop(r[b]);
    byCompany.set(r.companyId, (byCompany.get(r.companyId) ?? 0n) + total);
  }
  const top = [...byCompany.values()].reduce((m, v) => (v > m ? v : m), 0n);
  // Shares to a thousandth of a per cent: enough to compare with a whole-per-cent threshold without floating point error.
  const topSharePct = receivables > 0n ? Number((top * 100_000n) / receivables) / 1000 : 0;
  return { manufacturers: byCompany.size, receivables, buckets, sales, topSharePct };
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
    const total = kop(r.receivablesTotal);
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
    return { minReporters, maxSharePct, market: null, marketReason, published: [], pooled: null, terms: { suppressed: marketReason } };

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
    terms: { p25: percentile(manufacturerTerms, 0.25), p50: percentile(manufacturerTerms, 0.5), p75: percentile(manufacturerTerms, 0.75) },
  };
}

// ---- rounding (design §3.3: credit amounts to RUB 1 m, shares to 0.1 %)

/** Kopecks as whole millions of roubles, half away from zero. */
export const millions = (k: bigint): number => Number((k + 50_000_000n) / 100_000_000n);

/** A part of a whole in per cent, to 0.1, half up; null of nothing. */
export const sharePct = (part: bigint, whole: bigint): number | null => (whole > 0n ? Number((part * 2000n + whole) / (2n * whole)) / 10 : null);

/** Days sales outstanding: receivables ÷ sales of the period × its days, to 0.1 day; null without sales. */
export const dso = (receivables: bigint, sales: bigint, days: number): number | null =>
  sales > 0n ? Number((receivables * BigInt(days) * 20n + sales) / (2n * sales)) / 10 : null;

const overdueOf = (a: Aggregate): bigint => OVERDUE.reduce((s, b) => s + a.buckets[b], 0n);
const over90Of = (a: Aggregate): bigint => a.buckets.overdue91To180 + a.buckets.overdue181Plus;

/** The days of the month of the as-of date: credit data is monthly, so its sales are the month's. */
export const daysOfMonth = (isoDate: string): number => {
  const [y, m] = isoDate.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

// ---- the document

export interface CreditReportInput {
  language: ReportLanguage;
  period: { titleEn: string; titleRu: string; effectiveDate: string };
  rules: AnonymityRules;
  rows: CreditFigures[];
  /** The reader's company: its own exposure is shown beside the market. */
  companyId?: number | null;
}

/** The credit report as content, in the report's language. */
export function creditReportDocument(input: CreditReportInput): ReportDocument {
  const { language: lang } = input;
  const t = (key: string, params: Record<string, string | number> = {}) => translate(lang, `creditData.report.${key}`, params);
  const stats = creditStatistics(input.rows, input.rules);
  const days = daysOfMonth(input.period.effectiveDate);
  const hidden = (reason: SuppressReason): CellValue => ({
    suppressed: reason,
    label: reason === 'dominance' ? t('dominance') : t('suppressed', { min: stats.minReporters }),
  });
  const name = (l: { nameRu: string; nameEn: string }) => (lang === 'ru' ? l.nameRu : l.nameEn);
  const sections: ReportDocument['sections'] = [
    {
      kind: 'text',
      heading: t('methodHeading'),
      paragraphs: [
        t('method1', { date: input.period.effectiveDate }),
        t('method2', { companies: stats.market?.manufacturers ?? new Set(input.rows.map((r) => r.companyId)).size, days }),
        t('method3', { min: stats.minReporters, share: stats.maxSharePct }),
        t('method4'),
      ],
    },
  ];
  const { market } = stats;
  const m = (v: (a: Aggregate) => CellValue): CellValue => (market ? v(market) : hidden(stats.marketReason ?? 'min_companies'));
  sections.push({
    kind: 'table',
    heading: t('marketHeading'),
    columns: [
      { key: 'metric', label: t('metric'), format: 'text' },
      { key: 'value', label: t('value'), format: 'ratio' },
    ],
    rows: [
      { metric: t('reporters'), value: m((a) => a.manufacturers) },
      { metric: t('receivablesM'), value: m((a) => millions(a.receivables)) },
      { metric: t('overdueM'), value: m((a) => millions(overdueOf(a))) },
      { metric: t('overdueShare'), value: m((a) => sharePct(overdueOf(a), a.receivables)) },
      { metric: t('dso'), value: m((a) => dso(a.receivables, a.sales, days)) },
    ],
  });
  sections.push({
    kind: 'table',
    heading: t('ageingHeading'),
    columns: [
      { key: 'bucket', label: t('bucket'), format: 'text' },
      { key: 'amount', label: t('amountM'), format: 'int' },
      { key: 'share', label: t('share'), format: 'pct' },
    ],
    rows: AGEING_BUCKETS.map((b) => ({
      bucket: translate(lang, `creditData.buckets.${b}`),
      amount: m((a) => millions(a.buckets[b])),
      share: m((a) => sharePct(a.buckets[b], a.receivables)),
    })),
  });
  if (market) {
    const line = (label: string, a: Aggregate): Record<string, CellValue> => ({
      distributor: label,
      manufacturers: a.manufacturers,
      receivables: millions(a.receivables),
      overdue: millions(overdueOf(a)),
      overdueShare: sharePct(overdueOf(a), a.receivables),
      over90Share: sharePct(over90Of(a), a.receivables),
      dso: dso(a.receivables, a.sales, days),
    });
    const table: TableSection = {
      kind: 'table',
      heading: t('distributorsHeading'),
      columns: [
        { key: 'distributor', label: t('distributor'), format: 'text' },
        { key: 'manufacturers', label: t('manufacturers'), format: 'int' },
        { key: 'receivables', label: t('receivablesM'), format: 'int' },
        { key: 'overdue', label: t('overdueM'), format: 'int' },
        { key: 'overdueShare', label: t('overdueShare'), format: 'pct' },
        { key: 'over90Share', label: t('overdue90Share'), format: 'pct' },
        { key: 'dso', label: t('dso'), format: 'ratio' },
      ],
      rows: [...stats.published.map((l) => line(name(l), l)), ...(stats.pooled ? [line(t('otherDistributors'), stats.pooled)] : [])],
      notes: stats.pooled ? [t('pooledNote', { count: stats.pooled.distributorIds.length })] : [],
    };
    sections.push(table);
  }
  const terms = stats.terms;
  sections.push({
    kind: 'table',
    heading: t('termsHeading'),
    columns: [
      { key: 'p25', label: t('p25'), format: 'ratio' },
      { key: 'p50', label: t('p50'), format: 'ratio' },
      { key: 'p75', label: t('p75'), format: 'ratio' },
    ],
    rows: [
      'suppressed' in terms
        ? { p25: hidden(terms.suppressed), p50: hidden(terms.suppressed), p75: hidden(terms.suppressed) }
        : { p25: Math.round(terms.p25), p50: Math.round(terms.p50), p75: Math.round(terms.p75) },
    ],
    notes: [t('termsNote')],
  });
  const own = input.companyId ? input.rows.filter((r) => r.companyId === input.companyId) : [];
  if (own.length) {
    const published = new Map(stats.published.map((l) => [l.distributorId, l]));
    sections.push({
      kind: 'table',
      heading: t('ownHeading'),
      columns: [
        { key: 'distributor', label: t('distributor'), format: 'text' },
        { key: 'own', label: t('ownReceivablesM'), format: 'int' },
        { key: 'ownOverdue', label: t('ownOverdueShare'), format: 'pct' },
        { key: 'market', label: t('marketReceivablesM'), format: 'int' },
        { key: 'marketOverdue', label: t('marketOverdueShare'), format: 'pct' },
      ],
      rows: own.map((r) => {
        const mine = aggregate([r]);
        const line = published.get(r.distributorId);
        const against: Aggregate | null = line ?? stats.pooled;
        const label = line ? name(line) : `${name({ nameRu: r.distributorNameRu, nameEn: r.distributorNameEn })} (${t('otherDistributors')})`;
        return {
          distributor: label,
          own: millions(mine.receivables),
          ownOverdue: sharePct(overdueOf(mine), mine.receivables),
          market: against ? millions(against.receivables) : hidden(stats.marketReason ?? 'min_companies'),
          marketOverdue: against ? sharePct(overdueOf(against), against.receivables) : hidden(stats.marketReason ?? 'min_companies'),
        };
      }),
      notes: [t('ownNote')],
    });
  }
  const title = lang === 'ru' ? input.period.titleRu : input.period.titleEn;
  return {
    type: 'credit',
    language: lang,
    title: t('title'),
    subtitle: t('subtitle', { period: title, date: input.period.effectiveDate }),
    confidentiality: t('confidentiality'),
    sections,
  };
}
