import { DEFAULT_ANONYMITY_RULES } from '@portal/shared/survey-model';
import { afterAll, describe, expect, it } from 'vitest';
import { computeSnapshot, type FreezeProgress } from '../statistics/compute-snapshot.ts';
import { type SalaryCut, type SurveyData, salaryCut } from '../statistics/survey-statistics.ts';
import { RenderThread } from './render-thread.ts';

/** Twelve companies, two positions in two regions each, their pay and teams varied by company. */
const companyIds = Array.from({ length: 12 }, (_, i) => i + 1);
const data: SurveyData = {
  companyIds,
  positions: new Map([
    [1, 100],
    [2, 200],
  ]),
  entries: companyIds.flatMap((companyId) =>
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
  ),
  allowances: [],
  cars: [],
  turnover: [],
  benchmarkItems: [],
  benchmarks: [],
};

describe('the render thread', () => {
  const thread = new RenderThread();
  afterAll(() => thread.stop());

  it('computes a freeze’s statistics as they are computed in process, telling its progress on the way', async () => {
    const progress: FreezeProgress[] = [];
    const computed = await thread.statistics(data, DEFAULT_ANONYMITY_RULES, (p) => progress.push(p));
    expect(computed).toEqual(computeSnapshot(data, DEFAULT_ANONYMITY_RULES, () => {}));
    expect(computed.cells.filter((c) => !c.suppressReason).length).toBeGreaterThan(0);
    expect([...new Set(progress.map((p) => p.stage))]).toEqual(['computing', 'suppressing']);
    expect(progress.find((p) => p.stage === 'computing' && p.done === p.total)?.total).toBe(computed.cells.length);
  });

  it.each<[string, SalaryCut, number]>([
    ['everything', { regionIds: null, sizeBand: null }, 12],
    ['one region', { regionIds: [10], sizeBand: null }, 12],
    ['a size band', { regionIds: [10, 11], sizeBand: 'lt100' }, 12],
    ['a band nobody is in', { regionIds: null, sizeBand: '2000plus' }, 0],
  ])('computes the interactive cut of %s as it is computed in process', async (_name, cut, companies) => {
    const computed = await thread.cut(data, DEFAULT_ANONYMITY_RULES, cut);
    expect(computed).toEqual(salaryCut(data, DEFAULT_ANONYMITY_RULES, cut));
    expect(computed.companies).toBe(companies);
    // Published medians where anyone is in the cut, so the comparison is of real figures.
    expect(computed.cells.some((c) => !c.suppressReason && c.p50 !== null)).toBe(companies > 0);
  });
});
