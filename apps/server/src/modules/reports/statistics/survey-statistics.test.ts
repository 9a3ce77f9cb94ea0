import { type StatCellValues, sizeBandOf } from '@portal/shared/reports-model';
import { type AnonymityRules, DEFAULT_ANONYMITY_RULES } from '@portal/shared/survey-model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCell, percentileInc } from './cell-stats.ts';
import { Exact } from './exact.ts';
import { companySizes, type EntryRow, type SurveyData, salaryCut, surveyStatistics } from './survey-statistics.ts';

const money = (kopecks: number) => `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;

const entryArb = fc.record({
  companyId: fc.integer({ min: 1, max: 14 }),
  positionId: fc.integer({ min: 1, max: 3 }),
  regionId: fc.integer({ min: 10, max: 13 }),
  // Mostly small teams, sometimes a large one that may dominate a cell.
  headcount: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 30 }), weight: 6 }, { arbitrary: fc.integer({ min: 60, max: 700 }), weight: 1 }),
  base: fc.integer({ min: 3_000_000, max: 60_000_000 }).map(money),
  extraAnnual: fc.option(fc.integer({ min: 0, max: 50_000_000 }).map(money)),
  eligiblePct: fc.option(fc.constantFrom('0.00', '50.00', '100.00')),
  targetPct: fc.option(fc.integer({ min: 0, max: 4000 }).map(money)),
  actualAvg: fc.option(fc.integer({ min: 0, max: 100_000_000 }).map(money)),
});

const dataArb = fc.uniqueArray(entryArb, { selector: (e) => `${e.companyId}:${e.positionId}:${e.regionId}`, minLength: 10, maxLength: 90 }).map(
  (entries): SurveyData => ({
    companyIds: [...new Set(entries.map((e) => e.companyId))],
    positions: new Map([
      [1, 100],
      [2, 100],
      [3, 200],
    ]),
    entries,
    allowances: [],
    cars: [],
    turnover: [],
    benchmarkItems: [],
    benchmarks: [],
  }),
);

const rulesArb = fc.oneof(
  fc.constant(DEFAULT_ANONYMITY_RULES),
  fc
    .record({
      minCompanies: fc.integer({ min: 1, max: 6 }),
      minIncumbents: fc.integer({ min: 1, max: 40 }),
      extraCompanies: fc.integer({ min: 0, max: 5 }),
      extraIncumbents: fc.integer({ min: 0, max: 40 }),
      maxCompanySharePct: fc.integer({ min: 20, max: 70 }),
    })
    .map(
      (r): AnonymityRules => ({
        minCompanies: r.minCompanies,
        minIncumbents: r.minIncumbents,
        minCompaniesP10P90: r.minCompanies + r.extraCompanies,
        minIncumbentsP10P90: r.minIncumbents + r.extraIncumbents,
        maxCompanySharePct: r.maxCompanySharePct,
      }),
    ),
);

/** The grid rows behind a base-salary cell, read straight from the data (not through the engine's own grouping). */
function rowsOf(cell: StatCellValues, entries: readonly EntryRow[]): EntryRow[] {
  const sizes = companySizes(entries);
  return entries.filter(
    (e) =>
      e.positionId === cell.positionId &&
      (cell.regionId === null || e.regionId === cell.regionId) &&
      (cell.sizeBand === null || sizeBandOf(sizes.get(e.companyId)!) === cell.sizeBand),
  );
}

const published = (cells: StatCellValues[]) => cells.filter((c) => !c.suppressReason);
const baseCells = (cells: StatCellValues[]) => cells.filter((c) => c.domain === 'salary' && c.metric === 'base');

/** In every group of siblings whose parent is published, how many siblings are hidden. */
function hiddenSiblingCounts(cells: StatCellValues[]): number[] {
  const counts: number[] = [];
  const salary = cells.filter((c) => c.domain === 'salary');
  for (const parent of salary.filter((c) => c.regionId === null && c.sizeBand === null && !c.suppressReason)) {
    const mine = salary.filter((c) => c.metric === parent.metric && c.positionId === parent.positionId && c !== parent);
    counts.push(mine.filter((c) => c.regionId !== null && c.suppressReason).length);
    counts.push(mine.filter((c) => c.sizeBand !== null && c.suppressReason).length);
  }
  return counts;
}

describe('the statistics engine on random data sets', () => {
  it('publishes no cell below a threshold, and no P10 or P90 below theirs', () => {
    const seen = { published: 0, tails: 0, hidden: 0 };
    fc.assert(
      fc.property(dataArb, rulesArb, (data, rules) => {
        const cells = surveyStatistics(data, rules);
        seen.hidden += cells.length - published(cells).length;
        for (const cell of published(cells)) {
          seen.published++;
          if (cell.p10 !== null) seen.tails++;
          expect(cell.nCompanies).toBeGreaterThanOrEqual(rules.minCompanies);
          expect(cell.nIncumbents).toBeGreaterThanOrEqual(rules.minIncumbents);
          if (cell.p10 !== null || cell.p90 !== null) {
            expect(cell.nCompanies).toBeGreaterThanOrEqual(rules.minCompaniesP10P90);
            expect(cell.nIncumbents).toBeGreaterThanOrEqual(rules.minIncumbentsP10P90);
          } else if (cell.p50 !== null) expect(cell.tailReason).toBe('p10p90_min');
        }
      }),
    );
    // The data sets reach every case: published cells, published tails and hidden cells.
    expect(Math.min(seen.published, seen.tails, seen.hidden)).toBeGreaterThan(0);
  });

  it('publishes no cell where one company holds more than the share limit of its incumbents or of its payroll', () => {
    fc.assert(
      fc.property(dataArb, rulesArb, (data, rules) => {
        const limit = Exact.of(BigInt(rules.maxCompanySharePct), 100n);
        for (const cell of published(baseCells(surveyStatistics(data, rules)))) {
          const rows = rowsOf(cell, data.entries);
          const byCompany = new Map<number, { heads: Exact; pay: Exact }>();
          for (const e of rows) {
            const c = byCompany.get(e.companyId) ?? { heads: Exact.ZERO, pay: Exact.ZERO };
            const heads = Exact.int(e.headcount);
            byCompany.set(e.companyId, { heads: c.heads.add(heads), pay: c.pay.add(heads.mul(Exact.parse(e.base))) });
          }
          const heads = [...byCompany.values()].reduce((s, c) => s.add(c.heads), Exact.ZERO);
          const pay = [...byCompany.values()].reduce((s, c) => s.add(c.pay), Exact.ZERO);
          expect(cell.nIncumbents).toBe(Number(heads.num));
          for (const c of byCompany.values()) {
            expect(c.heads.cmp(heads.mul(limit))).toBeLessThanOrEqual(0);
            expect(c.pay.cmp(pay.mul(limit))).toBeLessThanOrEqual(0);
          }
        }
      }),
    );
  });

  it('never leaves a hidden cell recomputable from its published parent and siblings', () => {
    let complementary = 0;
    fc.assert(
      fc.property(dataArb, rulesArb, (data, rules) => {
        const cells = surveyStatistics(data, rules);
        complementary += cells.filter((c) => c.suppressReason === 'complementary').length;
        for (const hidden of hiddenSiblingCounts(cells)) expect(hidden).not.toBe(1);
      }),
    );
    expect(complementary).toBeGreaterThan(0);
  });

  it('says why a cell is hidden and keeps no figure in it', () => {
    fc.assert(
      fc.property(dataArb, rulesArb, (data, rules) => {
        for (const cell of surveyStatistics(data, rules).filter((c) => c.suppressReason)) {
          expect([cell.meanCompany, cell.meanIncumbent, cell.p10, cell.p25, cell.p50, cell.p75, cell.p90, cell.prevalencePct]).toEqual(
            Array(8).fill(null),
          );
          expect(cell.tailReason).toBeNull();
        }
      }),
    );
  });

  it('orders the percentiles P10 ≤ P25 ≤ P50 ≤ P75 ≤ P90, rounded to RUB 100 and percentages to 0.1', () => {
    fc.assert(
      fc.property(dataArb, rulesArb, (data, rules) => {
        for (const cell of published(surveyStatistics(data, rules))) {
          const ps = [cell.p10, cell.p25, cell.p50, cell.p75, cell.p90].filter((p): p is string => p !== null).map((p) => Exact.parse(p));
          for (let i = 1; i < ps.length; i++) expect(ps[i - 1]!.cmp(ps[i]!)).toBeLessThanOrEqual(0);
          const step = cell.metric === 'bonus_target_pct' ? Exact.parse('0.1') : Exact.int(100);
          for (const v of [...ps, ...[cell.meanCompany, cell.meanIncumbent].filter((m): m is string => m !== null).map((m) => Exact.parse(m))]) {
            expect(v.div(step).den).toBe(1n);
          }
        }
      }),
    );
  });

  it('the interactive cut keeps the same rules on any regions and size band', () => {
    fc.assert(
      fc.property(
        dataArb,
        rulesArb,
        fc.option(fc.subarray([10, 11, 12, 13], { minLength: 1 })),
        fc.option(fc.constantFrom('lt100', '100_499', '500_1999', '2000plus' as const)),
        (data, rules, regionIds, sizeBand) => {
          const { cells } = salaryCut(data, rules, { regionIds, sizeBand });
          for (const cell of published(cells)) {
            expect(cell.nCompanies).toBeGreaterThanOrEqual(rules.minCompanies);
            expect(cell.nIncumbents).toBeGreaterThanOrEqual(rules.minIncumbents);
            if (regionIds && cell.regionId !== null) expect(regionIds).toContain(cell.regionId);
            expect(cell.sizeBand).toBe(sizeBand);
          }
          for (const parent of cells.filter((c) => c.regionId === null && !c.suppressReason)) {
            const hidden = cells.filter(
              (c) => c.metric === parent.metric && c.positionId === parent.positionId && c.regionId !== null && c.suppressReason,
            );
            expect(hidden.length).not.toBe(1);
          }
        },
      ),
    );
  });
});

/** PERCENTILE.INC as a spreadsheet computes it, in floating point: the reference for small sets. */
function referencePercentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const rank = p * (s.length - 1);
  const lo = Math.floor(rank);
  return lo + 1 < s.length ? s[lo]! + (rank - lo) * (s[lo + 1]! - s[lo]!) : s[lo]!;
}

describe('percentiles', () => {
  it('match PERCENTILE.INC on small sets', () => {
    const ps: [number, Exact][] = [
      [0.1, Exact.of(1n, 10n)],
      [0.25, Exact.of(1n, 4n)],
      [0.5, Exact.of(1n, 2n)],
      [0.75, Exact.of(3n, 4n)],
      [0.9, Exact.of(9n, 10n)],
    ];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 25 }), (values) => {
        const sorted = values.map((v) => Exact.int(v)).sort((a, b) => a.cmp(b));
        for (const [p, exact] of ps) expect(percentileInc(sorted, exact).toNumber()).toBeCloseTo(referencePercentile(values, p), 6);
      }),
    );
  });

  it('agree with worked examples', () => {
    const sorted = (xs: number[]) => xs.map((x) => Exact.int(x)).sort((a, b) => a.cmp(b));
    // Excel's own: PERCENTILE.INC({1,2,3,4}, 0.3) = 1.9.
    expect(percentileInc(sorted([1, 2, 3, 4]), Exact.of(3n, 10n)).toFixed(1)).toBe('1.9');
    expect(percentileInc(sorted([15, 20, 35, 40, 50]), Exact.of(1n, 4n)).toFixed(0)).toBe('20');
    expect(percentileInc(sorted([15, 20, 35, 40, 50]), Exact.of(9n, 10n)).toFixed(0)).toBe('46');
  });
});

describe('one cell', () => {
  const obs = (pairs: [company: number, value: string, heads: number][]) =>
    pairs.map(([companyId, value, heads]) => ({ companyId, value: Exact.parse(value), weight: Exact.int(heads) }));
  const at = {
    domain: 'salary' as const,
    metric: 'base',
    positionId: 1,
    jobGroupId: 1,
    regionId: null,
    sizeBand: null,
    category: null,
    distributorId: null,
  };

  it('computes both means and the quartiles by hand, rounded to RUB 100, with P10 and P90 hidden under ten companies', () => {
    const cell = computeCell(
      at,
      obs([
        [1, '100000.00', 10],
        [2, '120000.00', 12],
        [3, '150000.00', 8],
        [4, '90000.00', 10],
        [5, '130000.00', 9],
        [6, '110000.00', 11],
      ]),
      { unit: 'money', weighted: true },
      DEFAULT_ANONYMITY_RULES,
    );
    // Company mean 700000 / 6 = 116666.67; incumbent mean 6920000 / 60 = 115333.33; quartiles at ranks 1.25, 2.5, 3.75.
    expect(cell).toMatchObject({ nCompanies: 6, nIncumbents: 60, meanCompany: '116700.00', meanIncumbent: '115300.00' });
    expect(cell).toMatchObject({ p25: '102500.00', p50: '115000.00', p75: '127500.00', p10: null, p90: null, tailReason: 'p10p90_min' });
  });

  it('hides a cell with too few companies, too few incumbents or a dominant company, and says which', () => {
    const rules = DEFAULT_ANONYMITY_RULES;
    const spec = { unit: 'money' as const, weighted: true };
    const four = obs([
      [1, '1.00', 5],
      [2, '1.00', 5],
      [3, '1.00', 5],
      [4, '1.00', 5],
    ]);
    expect(computeCell(at, four, spec, rules).suppressReason).toBe('min_companies');
    const thin = obs([1, 2, 3, 4, 5].map((c) => [c, '1.00', 0]));
    expect(computeCell(at, thin, spec, rules).suppressReason).toBe('min_incumbents');
    const heavy = obs([...[1, 2, 3, 4].map((c): [number, string, number] => [c, '1.00', 5]), [5, '1.00', 20]]);
    expect(computeCell(at, heavy, spec, rules)).toMatchObject({ suppressReason: 'dominance', nCompanies: 5, nIncumbents: 40, p50: null });
    // 25 % exactly is allowed; a company's payroll share counts too.
    const even = obs([...[1, 2, 3].map((c): [number, string, number] => [c, '100.00', 5]), [4, '100.00', 5]]);
    expect(computeCell(at, [...even, ...obs([[5, '100.00', 0]])], { ...spec }, { ...rules, minIncumbents: 1 }).suppressReason).toBe(null);
    const rich = obs([...[1, 2, 3, 4].map((c): [number, string, number] => [c, '100.00', 5]), [5, '1000.00', 5]]);
    expect(computeCell(at, rich, spec, rules).suppressReason).toBe('dominance');
  });
});
