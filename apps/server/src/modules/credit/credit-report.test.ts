import { DEFAULT_ANONYMITY_RULES } from '@portal/shared/survey-model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TableSection } from '../reports/report-document.ts';
import { change } from './credit-changes.ts';
import { type CreditPeriodFigures, creditReportDocument } from './credit-report.ts';
import { type CreditFigures, creditStatistics, daysOfMonth, dbt, dso, millions, percentile, sharePct } from './credit-statistics.ts';

const M = 100_000_000n; // RUB 1 m in kopecks

/**
 * A manufacturer's row for a distributor: receivables in RUB m split not due / 1–30 days, monthly sales, terms and days
 * beyond terms (by default its overdue part 10 days past due).
 */
function row(
  companyId: number,
  distributorId: number,
  notDueM: number,
  overdueM = 0,
  salesM = notDueM + overdueM,
  terms = 60,
  dbtDays: string | null = notDueM + overdueM ? String(Math.round((overdueM * 100) / (notDueM + overdueM)) / 10) : '0',
): CreditFigures {
  const m = (v: number) => (BigInt(Math.round(v * 100)) * 1_000_000n).toString().replace(/(\d\d)$/, '.$1');
  return {
    companyId,
    distributorId,
    distributorNameRu: `Дистрибьютор ${distributorId}`,
    distributorNameEn: `Distributor ${distributorId}`,
    receivablesTotal: m(notDueM + overdueM),
    notDue: m(notDueM),
    overdue1To30: m(overdueM),
    overdue31To60: '0',
    overdue61To90: '0',
    overdue91To180: '0',
    overdue181Plus: '0',
    netSalesPeriod: m(salesM),
    contractualTermsDays: terms,
    daysBeyondTerms: dbtDays,
  };
}

/** `n` manufacturers reporting equal amounts on a distributor. */
const evenly = (distributorId: number, companies: number[], eachM = 10) => companies.map((c) => row(c, distributorId, eachM));

const rules = DEFAULT_ANONYMITY_RULES;

describe('the credit statistics', () => {
  it('publish a distributor with five manufacturers and none above 25 %', () => {
    const s = creditStatistics([...evenly(1, [1, 2, 3, 4, 5]), ...evenly(2, [1, 2, 3, 4, 5])], rules);
    expect(s.published.map((l) => l.distributorId).sort()).toEqual([1, 2]);
    expect(s.pooled).toBeNull();
    expect(s.market?.manufacturers).toBe(5);
  });

  it('pool distributors with fewer than five reporting manufacturers', () => {
    const s = creditStatistics([...evenly(1, [1, 2, 3, 4, 5]), ...evenly(2, [1, 2, 3, 4]), ...evenly(3, [2, 3, 4, 5])], rules);
    expect(s.published.map((l) => l.distributorId)).toEqual([1]);
    expect(s.pooled?.distributorIds).toEqual([2, 3]);
    expect(s.pooled?.manufacturers).toBe(5);
  });

  it('pool a distributor where one manufacturer holds more than 25 % of its receivables', () => {
    const dominated = [row(1, 2, 50), ...evenly(2, [2, 3, 4, 5, 6])];
    const s = creditStatistics([...evenly(1, [1, 2, 3, 4, 5, 6], 100), ...dominated, ...evenly(3, [1, 2, 3, 4, 5, 6], 1)], rules);
    expect(s.market).not.toBeNull();
    expect(s.published.map((l) => l.distributorId)).not.toContain(2);
    expect(s.pooled?.distributorIds).toContain(2);
  });

  it('never leave one distributor alone in the pool: the smallest published row joins it', () => {
    const s = creditStatistics([...evenly(1, [1, 2, 3, 4, 5], 20), ...evenly(2, [1, 2, 3, 4, 5], 10), ...evenly(3, [1, 2, 3])], rules);
    expect(s.published.map((l) => l.distributorId)).toEqual([1]);
    expect(s.pooled?.distributorIds).toEqual([2, 3]);
  });

  it('publish nothing when the market itself has fewer than five manufacturers or a dominant one', () => {
    expect(creditStatistics(evenly(1, [1, 2, 3, 4]), rules)).toMatchObject({ market: null, marketReason: 'min_companies', published: [] });
    const dominant = creditStatistics([row(1, 1, 100), ...evenly(1, [2, 3, 4, 5], 10)], rules);
    expect(dominant).toMatchObject({ market: null, marketReason: 'dominance' });
    expect(dominant.terms).toEqual({ suppressed: 'dominance' });
  });

  it('take the period minimum of companies, but never fewer than three', () => {
    const data = [...evenly(1, [1, 2, 3, 4]), ...evenly(2, [1, 2, 3, 4])];
    expect(creditStatistics(data, { ...rules, minCompanies: 4 }).published).toHaveLength(2);
    const floor = creditStatistics(evenly(1, [1, 2]), { ...rules, minCompanies: 1, maxCompanySharePct: 60 });
    expect(floor).toMatchObject({ minReporters: 3, market: null });
  });

  it('hold every rule on random data: each published row and the pool pass, and the pool is never a single distributor', () => {
    const rowArb = fc.record({
      companyId: fc.integer({ min: 1, max: 9 }),
      distributorId: fc.integer({ min: 1, max: 6 }),
      amount: fc.integer({ min: 0, max: 500 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(rowArb, { selector: (r) => `${r.companyId}:${r.distributorId}`, maxLength: 54 }), (rs) => {
        const s = creditStatistics(
          rs.map((r) => row(r.companyId, r.distributorId, r.amount)),
          rules,
        );
        for (const l of s.published) {
          expect(l.manufacturers).toBeGreaterThanOrEqual(5);
          expect(l.topSharePct).toBeLessThanOrEqual(25);
        }
        if (s.pooled) {
          expect(s.pooled.distributorIds.length).toBeGreaterThanOrEqual(2);
          expect(s.pooled.manufacturers).toBeGreaterThanOrEqual(5);
          expect(s.pooled.topSharePct).toBeLessThanOrEqual(25);
        }
        if (s.market) {
          const sum = s.published.reduce((t, l) => t + l.receivables, 0n) + (s.pooled?.receivables ?? 0n);
          expect(sum).toBe(s.market.receivables);
        }
      }),
    );
  });

  it('give payment terms as quartiles of each manufacturer’s receivables-weighted terms', () => {
    const data = [1, 2, 3, 4, 5, 6, 7, 8].map((c) => row(c, 1, 10, 0, 10, c * 30));
    // Manufacturer 1 also has an account at 90 days: 10 m at 30 and 10 m at 90 weigh to 60.
    data.push(row(1, 2, 10, 0, 10, 90));
    const s = creditStatistics(data, rules);
    // Over 60, 60, 90, 120, 150, 180, 210, 240.
    expect(s.terms).toEqual({ p25: 82.5, p50: 135, p75: 187.5 });
  });
});

describe('the rounding', () => {
  it('rounds amounts to RUB 1 m half up', () => {
    expect(millions(149_999_999n)).toBe(1);
    expect(millions(150_000_000n)).toBe(2);
    expect(millions(0n)).toBe(0);
  });
  it('rounds shares to 0.1 % half up, exactly', () => {
    expect(sharePct(1n, 3n)).toBe(33.3);
    expect(sharePct(2n, 3n)).toBe(66.7);
    expect(sharePct(1n, 8n)).toBe(12.5);
    expect(sharePct(1n, 0n)).toBeNull();
  });
  it('gives DSO as receivables over sales times the days, to 0.1 day', () => {
    expect(dso(100n * M, 50n * M, 30)).toBe(60);
    expect(dso(100n * M, 30n * M, 31)).toBe(103.3);
    expect(dso(100n * M, 0n, 30)).toBeNull();
    expect(daysOfMonth('2026-02-28')).toBe(28);
    expect(daysOfMonth('2026-10-31')).toBe(31);
  });
  it('interpolates percentiles as PERCENTILE.INC', () => {
    expect(percentile([10, 20, 30, 40], 0.25)).toBe(17.5);
    expect(percentile([10, 20, 30, 40, 50], 0.5)).toBe(30);
  });
});

const period = { titleEn: 'Credit, October 2026', titleRu: 'Кредит, октябрь 2026', effectiveDate: '2026-10-31' };
const table = (doc: ReturnType<typeof creditReportDocument>, heading: string) =>
  doc.sections.find((s): s is TableSection => s.kind === 'table' && s.heading === heading) as TableSection;

describe('the credit report document', () => {
  const data = [...evenly(1, [1, 2, 3, 4, 5, 6]), ...evenly(2, [1, 2, 3]), ...evenly(3, [4, 5, 6])];
  data.push(row(7, 1, 5, 5, 20));

  it('shows market totals, the distributors above the thresholds and the pool, in English', () => {
    const doc = creditReportDocument({ language: 'en', period, rules, rows: data });
    expect(doc).toMatchObject({ type: 'credit', language: 'en', title: 'Credit report' });
    expect(doc.subtitle).toBe('Credit, October 2026 · receivables as of 2026-10-31');
    const market = table(doc, 'Market totals');
    // 12 rows of RUB 10 m and 10 m more from manufacturer 7, 5 m of it overdue; sales 110 + 20 = 140 m over 31 days.
    // DBT: 5 m at 10 days over 130 m.
    expect(market.rows.map((r) => r.value)).toEqual([7, 130, 5, 3.8, 28.8, 0.4]);
    expect(market.columns.map((c) => c.label)).toEqual(['Measure', 'As of 2026-10-31']);
    expect(market.notes).toEqual(['No earlier credit period has data to compare with.']);
    const byDistributor = table(doc, 'By distributor');
    expect(byDistributor.rows.map((r) => r.distributor)).toEqual(['Distributor 1', 'Other distributors']);
    expect(byDistributor.rows[0]).toMatchObject({ manufacturers: 7, receivables: 70, overdue: 5, overdueShare: 7.1, dbt: 0.7 });
    expect(byDistributor.notes).toEqual(['Pooled: 2 distributors below the thresholds.']);
    expect(doc.sections.some((s) => s.heading === 'Your exposure')).toBe(false);
  });

  it('never shows payment terms per distributor', () => {
    const doc = creditReportDocument({ language: 'en', period, rules, rows: data });
    expect(table(doc, 'By distributor').columns.map((c) => c.key)).not.toContain('terms');
    expect(table(doc, 'Contractual payment terms (market)').rows).toEqual([{ p25: 60, p50: 60, p75: 60 }]);
  });

  it('shows a manufacturer its own exposure next to the market, in Russian, a pooled distributor against the pool', () => {
    const doc = creditReportDocument({ language: 'ru', period, rules, rows: data, companyId: 1 });
    expect(doc.title).toBe('Кредитный отчёт');
    const own = table(doc, 'Ваша задолженность');
    expect(own.rows).toEqual([
      { distributor: 'Дистрибьютор 1', own: 10, ownOverdue: 0, market: 70, marketOverdue: 7.1 },
      { distributor: 'Дистрибьютор 2 (Прочие дистрибьюторы)', own: 10, ownOverdue: 0, market: 60, marketOverdue: 0 },
    ]);
  });

  it('says why every figure is hidden when the market fails the rules', () => {
    const doc = creditReportDocument({ language: 'en', period, rules, rows: evenly(1, [1, 2]) });
    expect(table(doc, 'Market totals').rows[1]?.value).toEqual({ suppressed: 'min_companies', label: 'n<5' });
    expect(doc.sections.some((s) => s.heading === 'By distributor')).toBe(false);
  });
});

describe('days beyond terms', () => {
  it('are weighted by receivables, 0 with nothing outstanding, unknown when a row lacks them', () => {
    expect(dbt({ receivables: 4n * M, dbtWeighted: 4n * M * 125n })).toBe(12.5);
    // 1 m at 0 days and 2 m at 10.1 days: 6.73…
    expect(dbt({ receivables: 3n * M, dbtWeighted: 2n * M * 101n })).toBe(6.7);
    expect(dbt({ receivables: 0n, dbtWeighted: 0n })).toBe(0);
    expect(dbt({ receivables: M, dbtWeighted: null })).toBeNull();
  });

  it('show “—” where a row was saved before they were asked for', () => {
    const rows = [...evenly(1, [1, 2, 3, 4]), row(5, 1, 10, 0, 10, 60, null)];
    const doc = creditReportDocument({ language: 'en', period, rules, rows });
    expect(table(doc, 'Market totals').rows.at(-1)).toEqual({ metric: 'DBT, days', value: '—' });
    expect(table(doc, 'By distributor').rows[0]?.dbt).toBe('—');
  });
});

describe('a change between two printed figures', () => {
  it('is the difference, and its per cent of the earlier figure to 0.1, half away from zero', () => {
    expect(change(130, 108)).toEqual({ abs: 22, pct: 20.4 });
    expect(change(28.8, 30)).toEqual({ abs: -1.2, pct: -4 });
    expect(change(8.1, 8)).toEqual({ abs: 0.1, pct: 1.3 });
    expect(change(7.9, 8)).toEqual({ abs: -0.1, pct: -1.3 });
    expect(change(5, 0)).toEqual({ abs: 5, pct: null });
    expect(change(null, 5)).toBeNull();
  });
});

describe('the trend and the change since the last period', () => {
  // October: distributor 1 with 7 manufacturers (5 m overdue), 2 and 3 pooled; September: 1 with 6 manufacturers of
  // RUB 8 m, nothing overdue, the same pool.
  const october = [...evenly(1, [1, 2, 3, 4, 5, 6]), row(7, 1, 5, 5, 20), ...evenly(2, [1, 2, 3]), ...evenly(3, [4, 5, 6])];
  const september: CreditPeriodFigures = {
    period: { titleEn: 'Credit, September 2026', titleRu: 'Кредит, сентябрь 2026', effectiveDate: '2026-09-30' },
    rules,
    rows: [...evenly(1, [1, 2, 3, 4, 5, 6], 8), ...evenly(2, [1, 2, 3]), ...evenly(3, [4, 5, 6])],
  };
  const august: CreditPeriodFigures = {
    period: { titleEn: 'Credit, August 2026', titleRu: 'Кредит, август 2026', effectiveDate: '2026-08-31' },
    rules,
    rows: evenly(1, [1, 2, 3]),
  };
  const doc = creditReportDocument({ language: 'en', period, rules, rows: october, earlier: [september, august] });

  it('gives each market figure beside the last period’s, with its change and per cent, from the printed figures', () => {
    const market = table(doc, 'Market totals');
    expect(market.columns.map((c) => c.label)).toEqual(['Measure', 'As of 2026-10-31', 'As of 2026-09-30', 'Change', 'Change, %']);
    expect(market.rows).toEqual([
      { metric: 'Manufacturers reporting', value: 7, last: 6, change: 1, changePct: 16.7 },
      { metric: 'Receivables, RUB m', value: 130, last: 108, change: 22, changePct: 20.4 },
      { metric: 'Overdue, RUB m', value: 5, last: 0, change: 5, changePct: '—' },
      { metric: 'Overdue share, %', value: 3.8, last: 0, change: 3.8, changePct: '—' },
      // September: 108 m over 108 m of sales in 30 days; October 28.8.
      { metric: 'DSO, days', value: 28.8, last: 30, change: -1.2, changePct: -4 },
      { metric: 'DBT, days', value: 0.4, last: 0, change: 0.4, changePct: '—' },
    ]);
    const ageing = table(doc, 'Ageing of receivables');
    expect(ageing.rows[0]).toEqual({ bucket: 'Not due', amount: 125, share: 96.2, change: 17, changePct: 15.7 });
    expect(ageing.rows[1]).toMatchObject({ bucket: '1–30 days overdue', change: 5, changePct: '—' });
  });

  it('shows the market of each period with data, oldest first, a hidden one saying why', () => {
    const trend = table(doc, 'Market trend');
    expect(trend.rows.map((r) => r.asOf)).toEqual(['2026-08-31', '2026-09-30', '2026-10-31']);
    expect(trend.rows[0]?.receivables).toEqual({ suppressed: 'min_companies', label: 'n<5' });
    expect(trend.rows[1]).toEqual({ asOf: '2026-09-30', manufacturers: 6, receivables: 108, overdue: 0, overdueShare: 0, dso: 30, dbt: 0 });
    expect(trend.rows[2]).toMatchObject({ manufacturers: 7, receivables: 130, dbt: 0.4 });
    expect(trend.notes).toEqual(["Credit periods with data: 3; figures hidden under a period's rules say why."]);
  });

  it('gives each distributor shown both times its change, and the pool’s when it pooled the same distributors', () => {
    const changes = table(doc, 'By distributor: change since 2026-09-30');
    expect(changes.rows).toEqual([
      {
        distributor: 'Distributor 1',
        // 70 m against 48 m; DSO 70 ÷ 80 × 31 = 27.1 against 30.
        ...{ receivables: 22, receivablesPct: 45.8, overdue: 5, overduePct: '—', overdueShare: 7.1, overdueSharePct: '—' },
        ...{ dso: -2.9, dsoPct: -9.7, dbt: 0.7, dbtPct: '—' },
      },
      {
        distributor: 'Other distributors',
        ...{ receivables: 0, receivablesPct: 0, overdue: 0, overduePct: '—', overdueShare: 0, overdueSharePct: '—' },
        ...{ dso: 1, dsoPct: 3.3, dbt: 0, dbtPct: '—' },
      },
    ]);
  });

  it('hides the change of a line hidden last period, and calls a pool of other distributors not comparable', () => {
    // September: distributor 1 had four manufacturers, so it was pooled (with the smallest published one).
    const before: CreditPeriodFigures = {
      ...september,
      rows: [...evenly(1, [1, 2, 3, 4]), ...evenly(4, [1, 2, 3, 4, 5, 6]), ...evenly(5, [1, 2, 3, 4, 5, 6], 20)],
    };
    const changes = table(
      creditReportDocument({ language: 'ru', period, rules, rows: october, earlier: [before] }),
      'По дистрибьюторам: изменение с 2026-09-30',
    );
    expect(changes.rows[0]).toMatchObject({
      distributor: 'Дистрибьютор 1',
      receivables: { suppressed: 'min_companies', label: 'скрыто в прошлом периоде' },
      dbtPct: { suppressed: 'min_companies', label: 'скрыто в прошлом периоде' },
    });
    expect(changes.rows[1]).toMatchObject({ distributor: 'Прочие дистрибьюторы', receivables: 'несопоставимо', dbt: 'несопоставимо' });
  });

  it('hides every change when this period’s market fails the rules, and shows no distributor at all', () => {
    const thin = creditReportDocument({ language: 'en', period, rules, rows: evenly(1, [1, 2]), earlier: [september] });
    expect(table(thin, 'Market totals').rows[1]).toEqual({
      metric: 'Receivables, RUB m',
      value: { suppressed: 'min_companies', label: 'n<5' },
      last: 108,
      change: { suppressed: 'min_companies', label: 'n<5' },
      changePct: { suppressed: 'min_companies', label: 'n<5' },
    });
    expect(thin.sections.some((s) => s.heading.startsWith('By distributor'))).toBe(false);
  });

  it('has no change columns or distributor changes without an earlier period', () => {
    const alone = creditReportDocument({ language: 'en', period, rules, rows: october });
    expect(table(alone, 'Ageing of receivables').columns.map((c) => c.key)).toEqual(['bucket', 'amount', 'share']);
    expect(alone.sections.some((s) => s.heading.startsWith('By distributor: change'))).toBe(false);
    expect(table(alone, 'Market trend').rows.map((r) => r.asOf)).toEqual(['2026-10-31']);
  });
});
