import { SIZE_BANDS, type StatCellValues } from '@portal/shared/reports-model';
import { type AnonymityRules, DEFAULT_ANONYMITY_RULES } from '@portal/shared/survey-model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Exact } from './exact.ts';
import { type AllowanceRow, type CarRow, type EntryRow, type SurveyData, surveyStatistics } from './survey-statistics.ts';

/**
 * The participant profile, the allowances' prevalence across positions, the cars' private use, acquisition and typical
 * models, and the increase budgets without freezes: by hand on a small market, and their rules on random ones.
 */

const companies = Array.from({ length: 12 }, (_, i) => i + 1);
const entry = (companyId: number, positionId: number, regionId: number, headcount: number): EntryRow => ({
  companyId,
  positionId,
  regionId,
  headcount,
  base: '100000.00',
  extraAnnual: null,
  eligiblePct: null,
  targetPct: null,
  actualAvg: null,
});
const car = (companyId: number, positionId: number, over: Partial<CarRow>): CarRow => ({
  companyId,
  positionId,
  eligibility: 'company_car',
  carClass: null,
  priceCap: null,
  cashAllowance: null,
  replacementMonths: null,
  fuelLimit: null,
  privateUse: null,
  acquisition: null,
  typicalModelId: null,
  modelClass: null,
  ...over,
});
const allowance = (companyId: number, type: string, share: string | null): AllowanceRow => ({
  companyId,
  positionId: 1,
  regionId: 10,
  type,
  amount: '5000.00',
  share,
  headcount: 10,
});

/**
 * Twelve companies with 10 incumbents of position 1 (job group 100) in region 10; c1–c6 also 5 in region 11; c12 also
 * 100 of position 2 (job group 200) in region 12, so it alone is 100–499 strong. Fuel paid to all of c1–c6's region 10
 * rows; a mobile phone to half of c1–c4's; housing to all of c1's and a fifth of c2–c5's. Cars of position 1: c1–c9
 * private use free, c10–c12 paid; c1–c6 leased; typical class C models: 7 at c1–c6, 10 at c7–c11, 8 at c12; c1's
 * position 2 a class D model 9. Field budgets: c1–c2 froze (0 %, planning 3 %), the rest 6 % and planning 7 %; the
 * office's 6 % everywhere.
 */
function market(): SurveyData {
  const items = [
    { key: 'increase_budget_actual', unit: 'pct' as const, choices: [] },
    { key: 'increase_budget_planned', unit: 'pct' as const, choices: [] },
    { key: 'salary_freeze', unit: 'bool' as const, choices: [] },
  ];
  const answer = (companyId: number, key: string, category: string, num: string | null, bool: boolean | null = null) => ({
    companyId,
    key,
    category,
    num,
    bool,
    choice: null,
  });
  return {
    companyIds: companies,
    positions: new Map([
      [1, 100],
      [2, 200],
    ]),
    entries: [...companies.map((c) => entry(c, 1, 10, 10)), ...companies.slice(0, 6).map((c) => entry(c, 1, 11, 5)), entry(12, 2, 12, 100)],
    allowances: [
      ...companies.slice(0, 6).map((c) => allowance(c, 'fuel', null)),
      ...companies.slice(0, 4).map((c) => allowance(c, 'mobile', '50.00')),
      ...companies.slice(0, 5).map((c) => allowance(c, 'housing', c === 1 ? '100.00' : '20.00')),
      { ...allowance(7, 'meal', null), amount: '0.00' },
    ],
    cars: [
      ...companies.map((c) =>
        car(c, 1, {
          privateUse: c <= 9 ? 'free' : 'paid',
          acquisition: c <= 6 ? 'operating_lease' : null,
          typicalModelId: c <= 6 ? 7 : c <= 11 ? 10 : 8,
          modelClass: 'C',
        }),
      ),
      car(1, 2, { typicalModelId: 9, modelClass: 'D' }),
    ],
    turnover: [],
    benchmarkItems: items,
    benchmarks: companies.flatMap((c) => [
      answer(c, 'salary_freeze', 'field', null, c <= 2),
      answer(c, 'increase_budget_actual', 'field', c <= 2 ? '0.00' : '6.00'),
      answer(c, 'increase_budget_planned', 'field', c <= 2 ? '3.00' : '7.00'),
      answer(c, 'increase_budget_actual', 'office', '6.00'),
    ]),
  };
}

function cell(cells: StatCellValues[], match: Partial<StatCellValues>): StatCellValues {
  const found = cells.filter((c) =>
    Object.entries({ positionId: null, jobGroupId: null, regionId: null, sizeBand: null, category: null, ...match }).every(
      ([k, v]) => c[k as keyof StatCellValues] === v,
    ),
  );
  expect(found, JSON.stringify(match)).toHaveLength(1);
  return found[0]!;
}

describe('the report sections’ statistics, by hand', () => {
  const cells = surveyStatistics(market(), DEFAULT_ANONYMITY_RULES);

  it('profiles the participants: the whole, the size bands and the regions, with their own rules and complementary suppression', () => {
    const profile = (over: Partial<StatCellValues>) => cell(cells, { domain: 'profile', metric: 'participants', ...over });
    // The whole publishes even though c12 holds 110 of its 250 incumbents: the participant list names them anyway.
    expect(profile({})).toMatchObject({ nCompanies: 12, nIncumbents: 250, prevalencePct: '100.0', suppressReason: null });
    expect(profile({ sizeBand: '100_499' })).toMatchObject({ nCompanies: 1, suppressReason: 'min_companies', prevalencePct: null });
    // The under-100 band alone would give c12's size by difference.
    expect(profile({ sizeBand: 'lt100' })).toMatchObject({ nCompanies: 11, suppressReason: 'complementary' });
    expect(profile({ regionId: 10 })).toMatchObject({ nCompanies: 12, nIncumbents: 120, prevalencePct: '100.0', suppressReason: null });
    expect(profile({ regionId: 12 })).toMatchObject({ nCompanies: 1, suppressReason: 'min_companies' });
    // Region 12's incumbents would be the whole's less the others: the weaker of the other two goes.
    expect(profile({ regionId: 11 })).toMatchObject({ nCompanies: 6, nIncumbents: 30, suppressReason: 'complementary' });
  });

  it('gives each allowance’s payers, their share of the companies and the share of incumbents receiving it', () => {
    // Fuel: 6 of 12 companies; 60 incumbents of the market's 250, of job group 100's 150.
    expect(cell(cells, { domain: 'allowance', metric: 'fuel' })).toMatchObject({
      nCompanies: 6,
      nIncumbents: 60,
      prevalencePct: '50.0',
      meanIncumbent: '24.00',
      suppressReason: null,
    });
    expect(cell(cells, { domain: 'allowance', metric: 'fuel', jobGroupId: 100 })).toMatchObject({ prevalencePct: '50.0', meanIncumbent: '40.00' });
    expect(cells.filter((c) => c.domain === 'allowance' && c.metric === 'fuel' && c.jobGroupId === 200)).toEqual([]);
    // Four payers are too few; c1 receives 10 of housing's 18 incumbents; a zero amount is not paid.
    expect(cell(cells, { domain: 'allowance', metric: 'mobile' })).toMatchObject({ nCompanies: 4, nIncumbents: 20, suppressReason: 'min_companies' });
    expect(cell(cells, { domain: 'allowance', metric: 'housing' })).toMatchObject({
      nCompanies: 5,
      suppressReason: 'dominance',
      meanIncumbent: null,
    });
    expect(cells.some((c) => c.metric === 'meal')).toBe(false);
  });

  it('gives private use and acquisition as shares of the companies answering, and the typical models by class', () => {
    const car = (metric: string, over: Partial<StatCellValues> = {}) => cell(cells, { domain: 'car', metric, ...over });
    expect(car('private_use:free', { positionId: 1, jobGroupId: 100 }).prevalencePct).toBe('75.0');
    expect(car('private_use:paid', { positionId: 1, jobGroupId: 100 }).prevalencePct).toBe('25.0');
    expect(car('private_use:not_allowed', { positionId: 1, jobGroupId: 100 }).prevalencePct).toBe('0.0');
    expect(car('acquisition:operating_lease', { positionId: 1, jobGroupId: 100 })).toMatchObject({ nCompanies: 6, prevalencePct: '100.0' });
    // Class C: all twelve companies with a car policy; model 8 (one company) is hidden, and model 10 with it.
    expect(car('models', { category: 'C' })).toMatchObject({ nCompanies: 12, prevalencePct: '100.0' });
    expect(car('model:7', { category: 'C' })).toMatchObject({ nCompanies: 6, prevalencePct: '50.0', suppressReason: null });
    expect(car('model:8', { category: 'C' })).toMatchObject({ nCompanies: 1, suppressReason: 'min_companies' });
    expect(car('model:10', { category: 'C' })).toMatchObject({ nCompanies: 5, suppressReason: 'complementary', prevalencePct: null });
    expect(car('models', { category: 'D' }).suppressReason).toBe('min_companies');
  });

  it('gives the budgets without the companies that froze, hiding the planned one where the two freezers could be worked out', () => {
    const bench = (metric: string, category: string) => cell(cells, { domain: 'benchmark', metric, category });
    expect(bench('increase_budget_actual', 'field')).toMatchObject({ nCompanies: 12, meanCompany: '5.00' });
    // The freezers' actual budget is 0 by the survey's rules, so the undiluted figure needs no protection.
    expect(bench('increase_budget_actual/excl_freeze', 'field')).toMatchObject({ nCompanies: 10, meanCompany: '6.00', suppressReason: null });
    expect(bench('increase_budget_planned', 'field')).toMatchObject({ nCompanies: 12, meanCompany: '6.30' });
    expect(bench('increase_budget_planned/excl_freeze', 'field')).toMatchObject({ nCompanies: 10, suppressReason: 'complementary', p50: null });
    // No freeze in the office: the same companies either way.
    expect(bench('increase_budget_actual/excl_freeze', 'office')).toMatchObject({ nCompanies: 12, meanCompany: '6.00' });
  });

  it('leaves what only a market has out of a company’s own figures', () => {
    const data = market();
    const own = surveyStatistics({ ...data, companyIds: [1], entries: data.entries.filter((e) => e.companyId === 1) }, DEFAULT_ANONYMITY_RULES, true);
    expect(
      own.some(
        (c) =>
          c.domain === 'profile' || c.metric.includes('/') || c.metric.startsWith('model') || (c.domain === 'allowance' && c.positionId === null),
      ),
    ).toBe(false);
    expect(own.some((c) => c.metric === 'private_use:free')).toBe(true);
  });
});

const randomMarket = fc
  .record({
    entries: fc.uniqueArray(
      fc.record({
        companyId: fc.integer({ min: 1, max: 14 }),
        positionId: fc.integer({ min: 1, max: 3 }),
        regionId: fc.integer({ min: 10, max: 13 }),
        headcount: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 30 }), weight: 6 }, { arbitrary: fc.integer({ min: 60, max: 700 }), weight: 1 }),
      }),
      { selector: (e) => `${e.companyId}:${e.positionId}:${e.regionId}`, minLength: 10, maxLength: 90 },
    ),
    // Per row: which allowance it has (if any) and the share receiving it.
    paid: fc.array(fc.tuple(fc.constantFrom(null, 'fuel', 'mobile', 'meal'), fc.constantFrom(null, '20.00', '100.00')), {
      minLength: 90,
      maxLength: 90,
    }),
    // Per company: its typical model of class C (if any).
    models: fc.array(fc.constantFrom(null, 1, 2, 3), { minLength: 15, maxLength: 15 }),
  })
  .map(({ entries, paid, models }): SurveyData => {
    const ids = [...new Set(entries.map((e) => e.companyId))];
    return {
      companyIds: ids,
      positions: new Map([
        [1, 100],
        [2, 100],
        [3, 200],
      ]),
      entries: entries.map((e) => ({ ...e, base: '100000.00', extraAnnual: null, eligiblePct: null, targetPct: null, actualAvg: null })),
      allowances: entries.flatMap((e, i) => {
        const [type, share] = paid[i]!;
        return type
          ? [{ companyId: e.companyId, positionId: e.positionId, regionId: e.regionId, type, amount: '1000.00', share, headcount: e.headcount }]
          : [];
      }),
      cars: ids.flatMap((companyId) => {
        const model = models[companyId]!;
        return model === null ? [] : [car(companyId, 1, { typicalModelId: model, modelClass: 'C' })];
      }),
      turnover: [],
      benchmarkItems: [],
      benchmarks: [],
    };
  });

const rulesArb = fc.oneof(
  fc.constant(DEFAULT_ANONYMITY_RULES),
  fc
    .record({
      minCompanies: fc.integer({ min: 1, max: 6 }),
      minIncumbents: fc.integer({ min: 1, max: 40 }),
      maxCompanySharePct: fc.integer({ min: 20, max: 70 }),
    })
    .map((r): AnonymityRules => ({ ...r, minCompaniesP10P90: r.minCompanies + 5, minIncumbentsP10P90: r.minIncumbents + 10 })),
);

const isNew = (c: StatCellValues) =>
  c.domain === 'profile' || (c.domain === 'allowance' && c.positionId === null) || (c.domain === 'car' && c.metric.startsWith('model'));

describe('the report sections’ rules on random data sets', () => {
  it('publish no count below a threshold, and no weighted one a company dominates', () => {
    const seen = { published: 0, hidden: 0 };
    fc.assert(
      fc.property(randomMarket, rulesArb, (data, rules) => {
        const cells = surveyStatistics(data, rules);
        for (const c of cells.filter(isNew)) {
          if (c.suppressReason) {
            seen.hidden++;
            expect([c.prevalencePct, c.meanIncumbent]).toEqual([null, null]);
            continue;
          }
          seen.published++;
          expect(c.nCompanies).toBeGreaterThanOrEqual(rules.minCompanies);
          expect(c.nIncumbents).toBeGreaterThanOrEqual(rules.minIncumbents);
          expect(c.prevalencePct).not.toBeNull();
        }
        // A published region's companies: each one's incumbents there within the share limit.
        for (const c of cells.filter((x) => x.domain === 'profile' && x.regionId !== null && !x.suppressReason)) {
          const inRegion = data.entries.filter((e) => e.regionId === c.regionId);
          const total = inRegion.reduce((n, e) => n + e.headcount, 0);
          for (const id of new Set(inRegion.map((e) => e.companyId))) {
            const own = inRegion.filter((e) => e.companyId === id).reduce((n, e) => n + e.headcount, 0);
            expect(Exact.int(own * 100).cmp(Exact.int(total * rules.maxCompanySharePct))).toBeLessThanOrEqual(0);
          }
        }
      }),
    );
    expect(Math.min(seen.published, seen.hidden)).toBeGreaterThan(0);
  });

  it('never leave one hidden size band, region, job group or car model beside its published siblings and whole', () => {
    fc.assert(
      fc.property(randomMarket, rulesArb, (data, rules) => {
        const cells = surveyStatistics(data, rules);
        const loneHidden = (parent: StatCellValues | undefined, siblings: StatCellValues[]) =>
          parent && !parent.suppressReason && siblings.filter((s) => s.suppressReason).length === 1;
        const profile = cells.filter((c) => c.domain === 'profile');
        const whole = profile.find((c) => c.regionId === null && c.sizeBand === null);
        expect(
          loneHidden(
            whole,
            profile.filter((c) => c.sizeBand !== null && SIZE_BANDS.includes(c.sizeBand)),
          ),
        ).toBeFalsy();
        expect(
          loneHidden(
            whole,
            profile.filter((c) => c.regionId !== null),
          ),
        ).toBeFalsy();
        for (const type of ['fuel', 'mobile', 'meal']) {
          const prevalence = cells.filter((c) => c.domain === 'allowance' && c.positionId === null && c.metric === type);
          expect(
            loneHidden(
              prevalence.find((c) => c.jobGroupId === null),
              prevalence.filter((c) => c.jobGroupId !== null),
            ),
          ).toBeFalsy();
        }
        const cars = cells.filter((c) => c.domain === 'car');
        expect(
          loneHidden(
            cars.find((c) => c.metric === 'models'),
            cars.filter((c) => c.metric.startsWith('model:')),
          ),
        ).toBeFalsy();
      }),
    );
  });
});
