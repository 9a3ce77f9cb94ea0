import type { StatCellValues } from '@portal/shared/reports-model';
import { DEFAULT_ANONYMITY_RULES } from '@portal/shared/survey-model';
import type { OwnFigure, SnapshotData } from '../src/modules/reports/report-document.ts';

const money = (n: number | null) => (n === null ? null : n.toFixed(2));

/** A statistic cell: a roll-up over every dimension not given, published unless a reason says otherwise. */
export function statCell(
  cut: Partial<StatCellValues> & Pick<StatCellValues, 'domain' | 'metric'>,
  stats: {
    n?: [companies: number, incumbents: number];
    q?: [p10: number, p25: number, p50: number, p75: number, p90: number];
    prevalence?: number;
  } = {},
): StatCellValues {
  const [nCompanies, nIncumbents] = stats.n ?? [12, 150];
  const [p10, p25, p50, p75, p90] = stats.q ?? [null, null, null, null, null];
  return {
    positionId: null,
    jobGroupId: null,
    regionId: null,
    sizeBand: null,
    category: null,
    distributorId: null,
    nCompanies,
    nIncumbents,
    meanCompany: money(p50 === null ? null : p50 * 1.01),
    meanIncumbent: money(p50 === null ? null : p50 * 1.02),
    p10: money(p10),
    p25: money(p25),
    p50: money(p50),
    p75: money(p75),
    p90: money(p90),
    prevalencePct: stats.prevalence === undefined ? null : stats.prevalence.toFixed(1),
    suppressReason: null,
    tailReason: null,
    sourcePeriodId: null,
    ...cut,
  };
}

export const REP = 11; // medical representative
export const RSM = 12; // regional sales manager
export const PM = 21; // product manager
export const MOSCOW = 1;
export const SPB = 2;
export const LAST_YEAR = 2; // the earlier period of the trend
export const OCTAVIA = 41;
export const CEED = 42;

/**
 * A small frozen snapshot by hand: a published cell, one with hidden tails, one under the company minimum, one
 * dominated, turnover, benchmarks (the budgets with and without freezes), allowances by position and across them, cars
 * (with typical models), the participant profile and last year's headline figures; six participants, one with a
 * Cyrillic name.
 */
export function sampleSnapshot(): SnapshotData {
  const q = (p50: number): [number, number, number, number, number] => [p50 * 0.8, p50 * 0.9, p50, p50 * 1.1, p50 * 1.25];
  return {
    snapshotId: 7,
    period: {
      id: 3,
      code: '2026',
      titleEn: 'Salary survey 2026',
      titleRu: 'Обзор заработных плат 2026',
      effectiveDate: '2026-04-01',
      bonusYear: 2025,
    },
    rules: DEFAULT_ANONYMITY_RULES,
    createdAt: new Date(Date.UTC(2026, 6, 15)),
    participants: ['Beta Pharma', 'Alpha Bio', 'ООО Фарм-Мед', 'Gamma Labs', 'Delta Health', 'Epsilon Rx'].map((name, i) => ({ id: i + 1, name })),
    positions: [
      {
        id: REP,
        code: 'SAL-01',
        titleEn: 'Medical Representative',
        titleRu: 'Медицинский представитель',
        jobGroupId: 1,
        careerLevel: 'P1',
        isField: true,
      },
      {
        id: RSM,
        code: 'SAL-04',
        titleEn: 'Regional Sales Manager',
        titleRu: 'Региональный менеджер',
        jobGroupId: 1,
        careerLevel: 'M1',
        isField: true,
      },
      { id: PM, code: 'MKT-01', titleEn: 'Product Manager', titleRu: 'Менеджер по продукту', jobGroupId: 2, careerLevel: 'P2', isField: false },
    ],
    jobGroups: [
      { id: 1, nameEn: 'Sales', nameRu: 'Продажи' },
      { id: 2, nameEn: 'Marketing', nameRu: 'Маркетинг' },
    ],
    regions: [
      { id: MOSCOW, nameEn: 'Moscow', nameRu: 'Москва' },
      { id: SPB, nameEn: 'St Petersburg', nameRu: 'Санкт-Петербург' },
    ],
    trendPeriods: [
      { id: LAST_YEAR, code: '2025', titleEn: 'Salary survey 2025', titleRu: 'Обзор заработных плат 2025', effectiveDate: '2025-04-01' },
    ],
    carModels: [
      { id: CEED, make: 'Kia', model: 'Ceed', carClass: 'C' },
      { id: OCTAVIA, make: 'Skoda', model: 'Octavia', carClass: 'C' },
    ],
    cells: [
      statCell({ domain: 'profile', metric: 'participants' }, { n: [6, 900], prevalence: 100 }),
      statCell({ domain: 'profile', metric: 'participants', sizeBand: '100_499', suppressReason: 'min_companies' }, { n: [1, 120] }),
      statCell({ domain: 'profile', metric: 'participants', sizeBand: 'lt100', suppressReason: 'complementary' }, { n: [5, 780] }),
      statCell({ domain: 'profile', metric: 'participants', regionId: MOSCOW }, { n: [6, 700], prevalence: 100 }),
      statCell({ domain: 'profile', metric: 'participants', regionId: SPB, suppressReason: 'min_companies' }, { n: [3, 200] }),
      statCell(
        { domain: 'salary', metric: 'base', positionId: REP, jobGroupId: 1, regionId: MOSCOW, tailReason: 'p10p90_min' },
        { n: [8, 120], q: q(160_000) },
      ),
      statCell({ domain: 'salary', metric: 'base', positionId: REP, jobGroupId: 1, regionId: SPB, suppressReason: 'min_companies' }, { n: [3, 20] }),
      statCell({ domain: 'salary', metric: 'base', positionId: REP, jobGroupId: 1 }, { q: q(150_000) }),
      statCell({ domain: 'salary', metric: 'base', positionId: REP, jobGroupId: 1, sizeBand: '100_499' }, { q: q(140_000) }),
      statCell({ domain: 'salary', metric: 'annual_base', positionId: REP, jobGroupId: 1 }, { q: q(1_900_000) }),
      statCell({ domain: 'salary', metric: 'tcc_target', positionId: REP, jobGroupId: 1 }, { q: q(2_300_000) }),
      statCell({ domain: 'salary', metric: 'tcc_actual', positionId: REP, jobGroupId: 1 }, { q: q(2_250_000) }),
      statCell({ domain: 'salary', metric: 'bonus_target_pct', positionId: REP, jobGroupId: 1 }, { q: q(25) }),
      statCell({ domain: 'salary', metric: 'bonus_eligible', positionId: REP, jobGroupId: 1 }, { prevalence: 91.7 }),
      statCell({ domain: 'salary', metric: 'base', positionId: RSM, jobGroupId: 1 }, { n: [9, 40], q: q(290_000) }),
      statCell({ domain: 'salary', metric: 'base', positionId: PM, jobGroupId: 2, suppressReason: 'dominance' }, { n: [6, 30] }),
      statCell({ domain: 'turnover', metric: 'total_rate' }, { q: q(18) }),
      statCell({ domain: 'turnover', metric: 'voluntary_rate', jobGroupId: 1 }, { q: q(12) }),
      statCell({ domain: 'benchmark', metric: 'increase_budget_actual', category: 'field' }, { q: q(8) }),
      statCell({ domain: 'benchmark', metric: 'increase_budget_actual/excl_freeze', category: 'field' }, { n: [11, 140], q: q(8.5) }),
      statCell({ domain: 'benchmark', metric: 'increase_budget_planned', category: 'field' }, { q: q(9) }),
      statCell(
        { domain: 'benchmark', metric: 'increase_budget_planned/excl_freeze', category: 'field', suppressReason: 'complementary' },
        { n: [11, 140] },
      ),
      statCell({ domain: 'benchmark', metric: 'salary_freeze', category: 'field' }, { prevalence: 8.3 }),
      statCell({ domain: 'benchmark', metric: 'bonus_frequency:quarterly', category: 'field' }, { prevalence: 58.3 }),
      statCell({ domain: 'allowance', metric: 'fuel', positionId: REP }, { q: [0, 0, 8_000, 0, 0], prevalence: 60 }),
      { ...statCell({ domain: 'allowance', metric: 'fuel' }, { n: [5, 90], prevalence: 83.3 }), meanIncumbent: '40.50' },
      statCell({ domain: 'allowance', metric: 'mobile', suppressReason: 'min_companies' }, { n: [2, 30] }),
      { ...statCell({ domain: 'allowance', metric: 'fuel', jobGroupId: 1 }, { n: [5, 80], prevalence: 100 }), meanIncumbent: '55.00' },
      statCell({ domain: 'allowance', metric: 'fuel', jobGroupId: 2, suppressReason: 'complementary' }, { n: [2, 10] }),
      statCell({ domain: 'car', metric: 'eligibility:company_car', positionId: REP }, { prevalence: 75 }),
      statCell({ domain: 'car', metric: 'eligibility:cash_allowance', positionId: REP, suppressReason: 'complementary' }),
      statCell({ domain: 'car', metric: 'class:C', positionId: REP }, { prevalence: 50 }),
      statCell({ domain: 'car', metric: 'private_use:free', positionId: REP }, { prevalence: 60 }),
      statCell({ domain: 'car', metric: 'private_use:paid', positionId: REP }, { prevalence: 40 }),
      statCell({ domain: 'car', metric: 'acquisition:operating_lease', positionId: REP }, { prevalence: 100 }),
      statCell({ domain: 'car', metric: 'models', category: 'C' }, { n: [6, 90], prevalence: 75 }),
      statCell({ domain: 'car', metric: `model:${CEED}`, category: 'C', suppressReason: 'min_companies' }, { n: [1, 10] }),
      statCell({ domain: 'car', metric: `model:${OCTAVIA}`, category: 'C' }, { n: [5, 80], prevalence: 83.3 }),
      statCell({ domain: 'car', metric: 'price_cap', positionId: REP }, { q: q(2_500_000) }),
      statCell({ domain: 'car', metric: 'replacement_months', positionId: REP }, { q: q(48) }),
      statCell({ domain: 'profile', metric: 'participants', sourcePeriodId: LAST_YEAR }, { n: [10, 800], prevalence: 100 }),
      statCell({ domain: 'benchmark', metric: 'increase_budget_actual', category: 'field', sourcePeriodId: LAST_YEAR }, { q: q(7) }),
      statCell({ domain: 'turnover', metric: 'total_rate', sourcePeriodId: LAST_YEAR }, { q: q(16) }),
      statCell({ domain: 'turnover', metric: 'voluntary_rate', sourcePeriodId: LAST_YEAR, suppressReason: 'min_companies' }, { n: [4, 300] }),
    ],
  };
}

/**
 * A participant's own figures against sampleSnapshot: above the Moscow median, a hidden St Petersburg cell, below the
 * all-Russia quartiles; turnover of the whole company and of a job group, and a staff category's increase budget.
 */
export const SAMPLE_OWN: OwnFigure[] = [
  { domain: 'salary', metric: 'base', positionId: REP, regionId: MOSCOW, value: '165000.00' },
  { domain: 'salary', metric: 'base', positionId: REP, regionId: SPB, value: '150000.00' },
  { domain: 'salary', metric: 'base', positionId: REP, regionId: null, value: '120000.00' },
  { domain: 'turnover', metric: 'total_rate', positionId: null, regionId: null, value: '25.0' },
  { domain: 'turnover', metric: 'voluntary_rate', positionId: null, regionId: null, jobGroupId: 1, value: '12.0' },
  { domain: 'benchmark', metric: 'increase_budget_actual', positionId: null, regionId: null, category: 'field', value: '7.0' },
];
