import { DEFAULT_ANONYMITY_RULES } from '@portal/shared/survey-model';
import { afterAll, describe, expect, it } from 'vitest';
import { computeSnapshot, type FreezeProgress } from '../statistics/compute-snapshot.ts';
import { type SalaryCut, type SurveyData, salaryCut } from '../statistics/survey-statistics.ts';
import { RenderThread } from './render-thread.ts';

/**
 * Twelve companies, two positions in two regions each, their pay and teams varied by company; a fuel allowance on the
 * first position, a typical car and an increase budget (three companies froze salaries), so the report sections'
 * cells are computed too.
 */
const companyIds = Array.from({ length: 12 }, (_, i) => i + 1);
const entries = companyIds.flatMap((companyId) =>
  [1, 2].flatMap((positionId) =>
    [10, 11].map((regionId) => ({
      companyId,
      positionId,
      regionId,
      headcount: 1 + ((companyId * positionId + regionId) % 9),
      base: `${100_000 + companyId * 1_000 + positionId * 50_000 + regionId * 10}.50`,
      extraAnnual: null,
      eligiblePct: '100.00',
      targetPct: '20.00',
      actualAvg: null,
    })),
  ),
);
const data: SurveyData = {
  companyIds,
  positions: new Map([
    [1, 100],
    [2, 200],
  ]),
  entries,
  allowances: entries
    .filter((e) => e.positionId === 1)
    .map((e) => ({
      companyId: e.companyId,
      positionId: 1,
      regionId: e.regionId,
      type: 'fuel',
      amount: '9000.00',
      share: '50.00',
      headcount: e.headcount,
    })),
  cars: companyIds.map((companyId) => ({
    companyId,
    positionId: 1,
    eligibility: 'company_car',
    carClass: 'C',
    priceCap: null,
    cashAllowance: null,
    replacementMonths: 48,
    fuelLimit: null,
    privateUse: companyId % 3 ? 'free' : 'paid',
    acquisition: 'operating_lease',
    typicalModelId: 7,
    modelClass: 'C',
  })),
  turnover: [],
  benchmarkItems: [
    { key: 'increase_budget_actual', unit: 'pct', choices: [] },
    { key: 'salary_freeze', unit: 'bool', choices: [] },
  ],
  benchmarks: companyIds.flatMap((companyId) => [
    { companyId, key: 'salary_freeze', category: 'field', num: null, bool: companyId <= 3, choice: null },
    { companyId, key: 'increase_budget_actual', category: 'field', num: companyId <= 3 ? '0.00' : '6.50', bool: null, choice: null },
  ]),
};

describe('the render thread', () => {
  const thread = new RenderThread();
  afterAll(() => thread.stop());

  it('computes a freeze’s statistics as they are computed in process, telling its progress on the way', async () => {
    const progress: FreezeProgress[] = [];
    const computed = await thread.statistics({ data }, DEFAULT_ANONYMITY_RULES, (p) => progress.push(p));
    expect(computed).toEqual(computeSnapshot(data, DEFAULT_ANONYMITY_RULES, () => {}));
    expect(computed.cells.filter((c) => !c.suppressReason).length).toBeGreaterThan(0);
    const published = (domain: string, metric: string) => computed.cells.some((c) => c.domain === domain && c.metric === metric && !c.suppressReason);
    const sections: [string, string][] = [
      ['profile', 'participants'],
      ['allowance', 'fuel'],
      ['car', 'model:7'],
      ['car', 'private_use:free'],
      ['benchmark', 'increase_budget_actual/excl_freeze'],
    ];
    for (const [domain, metric] of sections) expect(published(domain, metric), `${domain} ${metric}`).toBe(true);
    expect([...new Set(progress.map((p) => p.stage))]).toEqual(['loading', 'computing', 'suppressing']);
    expect(progress.find((p) => p.stage === 'computing' && p.done === p.total)?.total).toBe(computed.cells.length);
  });

  it.each<[string, SalaryCut, number]>([
    ['everything', { regionIds: null, sizeBand: null }, 12],
    ['one region', { regionIds: [10], sizeBand: null }, 12],
    ['a size band', { regionIds: [10, 11], sizeBand: 'lt100' }, 12],
    ['a band nobody is in', { regionIds: null, sizeBand: '2000plus' }, 0],
  ])('computes the interactive cut of %s as it is computed in process', async (_name, cut, companies) => {
    const computed = await thread.cut({ data }, DEFAULT_ANONYMITY_RULES, cut);
    expect(computed).toEqual(salaryCut(data, DEFAULT_ANONYMITY_RULES, cut));
    expect(computed.companies).toBe(companies);
    // Published medians where anyone is in the cut, so the comparison is of real figures.
    expect(computed.cells.some((c) => !c.suppressReason && c.p50 !== null)).toBe(companies > 0);
  });
});
