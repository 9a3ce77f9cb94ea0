import { AGEING_BUCKETS } from '@portal/shared/credit-model';
import { translate } from '@portal/shared/i18n';
import type { ReportLanguage, SuppressReason } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';
import type { CellValue, ReportDocument, TableSection } from '../reports/report-document.ts';
import { type ChangeWords, change, changeCells, HEADLINE_FORMATS, type Headline, type HeadlineKey, headline, lineOf } from './credit-changes.ts';
import {
  type Aggregate,
  aggregate,
  type CreditFigures,
  type CreditStatistics,
  creditStatistics,
  daysOfMonth,
  millions,
  over90Of,
  overdueOf,
  sharePct,
} from './credit-statistics.ts';

/**
 * The credit report as content (design §3.1 "Credit report"): the method; market totals with their change since the
 * last credit period; the trend of the last 12 periods; ageing; the distributors shown on their own and the pool, with
 * their changes; payment terms market-wide only; and a manufacturer's own exposure beside the market.
 */

/** One credit period's data as the report reads it. */
export interface CreditPeriodFigures {
  period: { titleEn: string; titleRu: string; effectiveDate: string };
  rules: AnonymityRules;
  rows: CreditFigures[];
}

export interface CreditReportInput extends CreditPeriodFigures {
  language: ReportLanguage;
  /** The reader's company: its own exposure is shown beside the market. */
  companyId?: number | null;
  /** The credit periods before this one that have data, newest first: the trend, and the last one the changes are from. */
  earlier?: CreditPeriodFigures[];
}

/** The periods the trend shows, this one included. */
export const TREND_PERIODS = 12;

const HEADLINE_KEYS: readonly HeadlineKey[] = ['manufacturers', 'receivables', 'overdue', 'overdueShare', 'dso', 'dbt'];
const HEADLINE_LABELS: Record<HeadlineKey, string> = {
  manufacturers: 'reporters',
  receivables: 'receivablesM',
  overdue: 'overdueM',
  overdueShare: 'overdueShare',
  dso: 'dso',
  dbt: 'dbt',
};

/** A period with its statistics under its own rules. */
interface Computed {
  figures: CreditPeriodFigures;
  stats: CreditStatistics;
  days: number;
}
const computed = (figures: CreditPeriodFigures): Computed => ({
  figures,
  stats: creditStatistics(figures.rows, figures.rules),
  days: daysOfMonth(figures.period.effectiveDate),
});

/** The market's headline figures of a period, or why they are hidden. */
const marketOf = ({ stats, days }: Computed): Headline | { hidden: SuppressReason } =>
  stats.market ? headline(stats.market, days) : { hidden: stats.marketReason ?? 'min_companies' };

/** The credit report as content, in the report's language. */
export function creditReportDocument(input: CreditReportInput): ReportDocument {
  const { language: lang } = input;
  const t = (key: string, params: Record<string, string | number> = {}) => translate(lang, `creditData.report.${key}`, params);
  const now = computed(input);
  const { stats, days } = now;
  const last = input.earlier?.[0] ? computed(input.earlier[0]) : null;
  const hiddenIn =
    (s: CreditStatistics) =>
    (reason: SuppressReason): CellValue => ({
      suppressed: reason,
      label: reason === 'dominance' ? t('dominance') : t('suppressed', { min: s.minReporters }),
    });
  const hidden = hiddenIn(stats);
  const words: ChangeWords = { hidden, hiddenThen: (reason) => ({ suppressed: reason, label: t('hiddenThen') }), none: t('none') };
  const figure = (v: number | null): CellValue => v ?? words.none;
  const name = (l: { nameRu: string; nameEn: string }) => (lang === 'ru' ? l.nameRu : l.nameEn);
  const asOf = (c: Computed) => t('asOf', { date: c.figures.period.effectiveDate });

  const sections: ReportDocument['sections'] = [
    {
      kind: 'text',
      heading: t('methodHeading'),
      paragraphs: [
        t('method1', { date: input.period.effectiveDate }),
        t('method2', { companies: stats.market?.manufacturers ?? new Set(input.rows.map((r) => r.companyId)).size, days }),
        t('method3', { min: stats.minReporters, share: stats.maxSharePct }),
        t('method4'),
        t('method5'),
        t('method6', { count: TREND_PERIODS }),
      ],
    },
  ];

  // Market totals: a row per headline figure, with the last period's and the change when there is one.
  const market = marketOf(now);
  const before = last ? marketOf(last) : null;
  const hiddenBefore = last ? hiddenIn(last.stats) : hidden;
  const changes = before ? changeCells(market, before, HEADLINE_KEYS, words) : {};
  sections.push({
    kind: 'table',
    heading: t('marketHeading'),
    columns: [
      { key: 'metric', label: t('metric'), format: 'text' },
      { key: 'value', label: asOf(now), format: 'figure' },
      ...(last
        ? ([
            { key: 'last', label: asOf(last), format: 'figure' },
            { key: 'change', label: t('change'), format: 'figure' },
            { key: 'changePct', label: t('changePct'), format: 'pct' },
          ] as const)
        : []),
    ],
    rows: HEADLINE_KEYS.map((key) => ({
      metric: t(HEADLINE_LABELS[key]),
      value: 'hidden' in market ? hidden(market.hidden) : figure(market[key]),
      ...(before
        ? {
            last: 'hidden' in before ? hiddenBefore(before.hidden) : figure(before[key]),
            change: changes[key] ?? null,
            changePct: changes[`${key}Pct`] ?? null,
          }
        : {}),
    })),
    notes: [last ? t('changeNote') : t('noEarlier')],
  });

  sections.push(trendTable(now, input.earlier ?? [], t, hiddenIn, words));

  const m = (v: (a: Aggregate) => CellValue): CellValue => (stats.market ? v(stats.market) : hidden(stats.marketReason ?? 'min_companies'));
  const lastMarket = last?.stats.market ?? null;
  const bucketChange = (bucket: (typeof AGEING_BUCKETS)[number]): Record<string, CellValue> => {
    if (!last) return {};
    const c = !stats.market || !lastMarket ? null : change(millions(stats.market.buckets[bucket]), millions(lastMarket.buckets[bucket]));
    const cell = (v: number | null | undefined): CellValue => {
      if (!stats.market) return hidden(stats.marketReason ?? 'min_companies');
      if (!lastMarket) return words.hiddenThen(last.stats.marketReason ?? 'min_companies');
      return v ?? words.none;
    };
    return { change: cell(c?.abs), changePct: cell(c?.pct) };
  };
  sections.push({
    kind: 'table',
    heading: t('ageingHeading'),
    columns: [
      { key: 'bucket', label: t('bucket'), format: 'text' },
      { key: 'amount', label: t('amountM'), format: 'int' },
      { key: 'share', label: t('share'), format: 'pct' },
      ...(last
        ? ([
            { key: 'change', label: t('changeM'), format: 'int' },
            { key: 'changePct', label: t('changePct'), format: 'pct' },
          ] as const)
        : []),
    ],
    rows: AGEING_BUCKETS.map((b) => ({
      bucket: translate(lang, `creditData.buckets.${b}`),
      amount: m((a) => millions(a.buckets[b])),
      share: m((a) => sharePct(a.buckets[b], a.receivables)),
      ...bucketChange(b),
    })),
  });

  if (stats.market) {
    const line = (label: string, a: Aggregate): Record<string, CellValue> => {
      const h = headline(a, days);
      return {
        distributor: label,
        manufacturers: h.manufacturers,
        receivables: h.receivables,
        overdue: h.overdue,
        overdueShare: h.overdueShare,
        over90Share: sharePct(over90Of(a), a.receivables),
        dso: figure(h.dso),
        dbt: figure(h.dbt),
      };
    };
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
        { key: 'dso', label: t('dso'), format: 'pct' },
        { key: 'dbt', label: t('dbt'), format: 'pct' },
      ],
      rows: [...stats.published.map((l) => line(name(l), l)), ...(stats.pooled ? [line(t('otherDistributors'), stats.pooled)] : [])],
      notes: stats.pooled ? [t('pooledNote', { count: stats.pooled.distributorIds.length })] : [],
    };
    sections.push(table);
    if (last) sections.push(distributorChanges(now, last, t, words, name));
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

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The market's headline figures of the last periods with data, oldest first, each under its own period's rules. */
function trendTable(
  now: Computed,
  earlier: CreditPeriodFigures[],
  t: Translate,
  hiddenIn: (s: CreditStatistics) => (reason: SuppressReason) => CellValue,
  words: ChangeWords,
): TableSection {
  const periods = [
    ...earlier
      .slice(0, TREND_PERIODS - 1)
      .map(computed)
      .reverse(),
    now,
  ];
  return {
    kind: 'table',
    heading: t('trendHeading'),
    columns: [
      { key: 'asOf', label: t('asOfColumn'), format: 'text' },
      ...HEADLINE_KEYS.map((key) => ({ key, label: t(HEADLINE_LABELS[key]), format: HEADLINE_FORMATS[key] })),
    ],
    rows: periods.map((c) => {
      const h = marketOf(c);
      return {
        asOf: c.figures.period.effectiveDate,
        ...Object.fromEntries(HEADLINE_KEYS.map((key) => [key, 'hidden' in h ? hiddenIn(c.stats)(h.hidden) : (h[key] ?? words.none)])),
      };
    }),
    notes: [t('trendNote', { count: periods.length })],
  };
}

/** Each line of the distributor table against the same line of the last period. */
function distributorChanges(
  now: Computed,
  last: Computed,
  t: Translate,
  words: ChangeWords,
  name: (l: { nameRu: string; nameEn: string }) => string,
): TableSection {
  const keys: readonly HeadlineKey[] = ['receivables', 'overdue', 'overdueShare', 'dso', 'dbt'];
  const rows = now.stats.published.map((l) => ({
    distributor: name(l),
    ...changeCells(headline(l, now.days), lineOf(last.stats, l.distributorId, last.days), keys, words),
  }));
  const { pooled } = now.stats;
  const before = last.stats.pooled;
  if (pooled) {
    // The pool is comparable only when it pooled the same distributors both times.
    const same = before !== null && pooled.distributorIds.join() === before.distributorIds.join();
    const cells = same
      ? changeCells(headline(pooled, now.days), headline(before, last.days), keys, words)
      : Object.fromEntries(keys.flatMap((k) => [k, `${k}Pct`]).map((k) => [k, t('notComparable')]));
    rows.push({ distributor: t('otherDistributors'), ...cells });
  }
  return {
    kind: 'table',
    heading: t('distributorChangesHeading', { date: last.figures.period.effectiveDate }),
    sheet: t('distributorChangesSheet'),
    columns: [
      { key: 'distributor', label: t('distributor'), format: 'text' },
      ...keys.flatMap((key) => [
        { key, label: t(`changeOf.${key}`), format: key === 'receivables' || key === 'overdue' ? ('int' as const) : ('pct' as const) },
        { key: `${key}Pct`, label: t(`changePctOf.${key}`), format: 'pct' as const },
      ]),
    ],
    rows,
    notes: [t('distributorChangesNote')],
  };
}
