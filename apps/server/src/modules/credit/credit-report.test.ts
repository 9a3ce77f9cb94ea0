import { DEFAULT_ANONYMITY_RULES } from '@portal/shared/survey-model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TableSection } from '../reports/report-document.ts';
import { type CreditFigures, creditReportDocument, creditStatistics, daysOfMonth, dso, millions, percentile, sharePct } from './credit-report.ts';

const M = 100_000_000n; // RUB 1 m in kopecks

/** A manufacturer's row for a distributor: receivables in RUB m split not due / 1–30 days, and monthly sales. */
function row(companyId: number, distributorId: number, notDueM: number, overdueM = 0, salesM = notDueM + overdueM, terms = 60): CreditFigures {
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

describe('the credit report document', () => {
  const data = [...evenly(1, [1, 2, 3, 4, 5, 6]), ...evenly(2, [1, 2, 3]), ...evenly(3, [4, 5, 6])];
  data.push(row(7, 1, 5, 5, 20));
  const period = { titleEn: 'Credit, October 2026', titleRu: 'Кредит, октябрь 2026', effectiveDate: '2026-10-31' };
  const table = (doc: ReturnType<typeof creditReportDocument>, heading: string) =>
    doc.sections.find((s): s is TableSection => s.kind === 'table' && s.heading === heading) as TableSection;

  it('shows market totals, the distributors above the thresholds and the pool, in English', () => {
    const doc = creditReportDocument({ language: 'en', period, rules, rows: data });
    expect(doc).toMatchObject({ type: 'credit', language: 'en', title: 'Credit report' });
    expect(doc.subtitle).toBe('Credit, October 2026 · receivables as of 2026-10-31');
    const market = table(doc, 'Market totals');
    // 12 rows of RUB 10 m and 10 m more from manufacturer 7, 5 m of it overdue; sales 110 + 20 = 140 m over 31 days.
    expect(market.rows.map((r) => r.value)).toEqual([7, 130, 5, 3.8, 28.8]);
    const byDistributor = table(doc, 'By distributor');
    expect(byDistributor.rows.map((r) => r.distributor)).toEqual(['Distributor 1', 'Other distributors']);
    expect(byDistributor.rows[0]).toMatchObject({ manufacturers: 7, receivables: 70, overdue: 5, overdueShare: 7.1 });
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
