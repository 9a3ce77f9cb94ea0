import { BENCHMARK_KEYS } from '@portal/shared';
import type { StatCellValues } from '@portal/shared/reports-model';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../../../test/clock.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { addCompanies, DEMO_COMPANY_ID } from '../../../../test/org-fixtures.ts';
import {
  actionLog,
  benchmarkAnswers,
  benchmarkItems,
  carModels,
  carPolicyEntries,
  companies,
  positionAllowances,
  positionEntries,
  reports,
  statCells,
  statSnapshots,
  surveyPeriods,
  surveyResponses,
  turnoverEntries,
  users,
} from '../../../db/schema/index.ts';
import { createOpenSurveyPeriod, positionIdsByCode, regionIdsByCode } from '../../../db/seed/survey-catalogue.ts';
import {
  compaRatio,
  type FreezeProgress,
  freezeSnapshot,
  interactiveCut,
  latestSnapshot,
  loadSnapshotData,
  ownFigures,
  quartileBand,
} from './snapshot.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

type Ids = Map<string, number>;
interface Fixture {
  periodId: number;
  /** The twelve accepted participants, c[0] … c[11]. */
  c: number[];
  testCompany: number;
  submitted: number;
  pos: Ids;
  reg: Ids;
  staffId: number;
}

/**
 * A period in review with twelve accepted companies, figures chosen to be checked by hand:
 * - SAL-01 Moscow: every company, 10 incumbents each, base 100 000 + 10 000 × i (i = 0 … 11), 20 % target for all;
 * - SAL-01 St Petersburg: c0 … c5, 5 incumbents each, base 90 000 + 5 000 × i;
 * - SAL-01 Volga: c6 … c8 (too few companies), 4 incumbents each, base 120 000;
 * - SAL-04 Moscow: c0 … c4, c0 with 20 incumbents and the others 3 (c0 dominates);
 * - turnover: 100 at the start and the end, i + 1 leavers; salary freeze in the field: c0 … c2, whose field budget
 *   is 0 % (7 % the others), planning 3 % (8 % the others);
 * - cars for SAL-01: c0 … c7 a company car (typical model: an Octavia at c0 … c5, a Cerato at c6 and c7; leased; free
 *   private use at c0 … c5, paid at c6 and c7), the rest a cash allowance, replaced every 48 months;
 * - a fuel allowance of 5 000 for SAL-01 Moscow at c0 … c5.
 * Beside them a test company and a merely submitted one, both with a Moscow base of 999 000 that must not count.
 */
async function fixture(): Promise<Fixture> {
  const db = t.database.db;
  const periodId = await createOpenSurveyPeriod(db, TEST_NOW, { code: 'STATS' });
  await db.update(surveyPeriods).set({ status: 'review' }).where(eq(surveyPeriods.id, periodId));
  const all = await addCompanies(t, 14, { prefix: 'Stat' });
  const c = all.slice(0, 12);
  const [testCompany, submitted] = [all[12]!, all[13]!];
  await db.update(companies).set({ isTest: true }).where(eq(companies.id, testCompany));
  const pos = await positionIdsByCode(db);
  const reg = await regionIdsByCode(db);
  const response = async (companyId: number, status: 'accepted' | 'submitted') =>
    (await db.insert(surveyResponses).values({ periodId, companyId, status }).returning({ id: surveyResponses.id }))[0]!.id;
  const responses = new Map<number, number>();
  for (const id of c) responses.set(id, await response(id, 'accepted'));
  responses.set(testCompany, await response(testCompany, 'accepted'));
  responses.set(submitted, await response(submitted, 'submitted'));

  const row = (companyId: number, position: string, region: string, headcount: number, base: number) => ({
    responseId: responses.get(companyId)!,
    positionId: pos.get(position)!,
    regionId: reg.get(region)!,
    headcount,
    baseSalaryAvg: base.toFixed(2),
    guaranteedExtraAnnual: '0.00',
    bonusEligiblePct: '100.00',
    bonusTargetPct: '20.00',
    bonusActualAvg: (base * 12 * 0.2).toFixed(2),
  });
  const moscow = await db
    .insert(positionEntries)
    .values(c.map((id, i) => row(id, 'SAL-01', 'MOW', 10, 100_000 + 10_000 * i)))
    .returning({ id: positionEntries.id });
  await db
    .insert(positionEntries)
    .values([
      ...c.slice(0, 6).map((id, i) => row(id, 'SAL-01', 'SPB', 5, 90_000 + 5_000 * i)),
      ...c.slice(6, 9).map((id) => row(id, 'SAL-01', 'VFD', 4, 120_000)),
      ...c.slice(0, 5).map((id, i) => row(id, 'SAL-04', 'MOW', i === 0 ? 20 : 3, 250_000)),
      row(testCompany, 'SAL-01', 'MOW', 10, 999_000),
      row(submitted, 'SAL-01', 'MOW', 10, 999_000),
    ]);
  await db
    .insert(positionAllowances)
    .values(moscow.slice(0, 6).map((e) => ({ entryId: e.id, allowanceType: 'fuel' as const, amountAvg: '5000.00' })));
  await db.insert(turnoverEntries).values(
    c.map((id, i) => ({
      responseId: responses.get(id)!,
      jobGroupId: null,
      headcountStart: 100,
      headcountEnd: 100,
      hires: 10,
      totalLeavers: i + 1,
      voluntaryLeavers: 0,
      firstYearLeavers: 0,
    })),
  );
  const items = new Map(
    (await db.select({ id: benchmarkItems.id, key: benchmarkItems.key }).from(benchmarkItems).where(eq(benchmarkItems.periodId, periodId))).map(
      (i) => [i.key, i.id],
    ),
  );
  await db.insert(benchmarkAnswers).values(
    c.flatMap((id, i) => {
      const answer = { responseId: responses.get(id)!, category: 'field' };
      return [
        { ...answer, itemId: items.get(BENCHMARK_KEYS.freeze)!, valueBool: i < 3 },
        { ...answer, itemId: items.get(BENCHMARK_KEYS.budget)!, valueNum: i < 3 ? '0.00' : '7.00' },
        { ...answer, itemId: items.get('increase_budget_planned')!, valueNum: i < 3 ? '3.00' : '8.00' },
      ];
    }),
  );
  const models = await db.select({ id: carModels.id, make: carModels.make, model: carModels.model }).from(carModels);
  const model = (name: string) => models.find((m) => `${m.make} ${m.model}` === name)!.id;
  await db.insert(carPolicyEntries).values(
    c.map((id, i) => ({
      responseId: responses.get(id)!,
      positionId: pos.get('SAL-01')!,
      eligibility: i < 8 ? ('company_car' as const) : ('cash_allowance' as const),
      replacementMonths: 48,
      ...(i < 8
        ? {
            typicalCarModelId: model(i < 6 ? 'Skoda Octavia' : 'Kia Cerato'),
            acquisition: 'operating_lease' as const,
            privateUse: i < 6 ? ('free' as const) : ('paid' as const),
          }
        : {}),
    })),
  );
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@demo.test'));
  return { periodId, c, testCompany, submitted, pos, reg, staffId: staff!.id };
}

const freeze = (f: Fixture, progress: FreezeProgress[] = []) =>
  freezeSnapshot(t.database.db, { periodId: f.periodId, userId: f.staffId, now: TEST_NOW }, (p) => progress.push(p));

/** The one cell of a snapshot's cells that matches. */
function cell(cells: StatCellValues[], match: Partial<StatCellValues>): StatCellValues {
  const found = cells.filter((c) =>
    Object.entries({ regionId: null, sizeBand: null, category: null, ...match }).every(([k, v]) => c[k as keyof StatCellValues] === v),
  );
  expect(found, JSON.stringify(match)).toHaveLength(1);
  return found[0]!;
}

describe('freezing a period’s statistics', () => {
  it('computes the cells by hand from the accepted participants only, with reasons on every hidden one', async () => {
    const f = await fixture();
    const progress: FreezeProgress[] = [];
    const snapshotId = await freeze(f, progress);
    const data = await loadSnapshotData(t.database.db, snapshotId);
    const { cells } = data;
    const sal01 = f.pos.get('SAL-01')!;

    expect(data.period).toMatchObject({ id: f.periodId, code: 'STATS' });
    expect(data.participants.map((p) => p.id).sort((a, b) => a - b)).toEqual([...f.c].sort((a, b) => a - b));
    expect(data.rules).toEqual({ minCompanies: 5, minIncumbents: 5, minCompaniesP10P90: 10, minIncumbentsP10P90: 10, maxCompanySharePct: 25 });
    expect(data.regions.length).toBeGreaterThan(0);
    expect(data.positions.find((p) => p.id === sal01)).toMatchObject({ code: 'SAL-01', isField: true });
    expect(data.jobGroups.map((g) => g.id)).toContain(data.positions.find((p) => p.id === sal01)!.jobGroupId);

    // Moscow: 12 companies (not the test company, not the submitted one); the mean of 100 000 … 210 000 is 155 000;
    // P10 at rank 1.1 = 111 000, P25 at 2.75 = 127 500, P75 at 8.25 = 182 500, P90 at 9.9 = 199 000.
    expect(cell(cells, { domain: 'salary', metric: 'base', positionId: sal01, regionId: f.reg.get('MOW')! })).toMatchObject({
      nCompanies: 12,
      nIncumbents: 120,
      meanCompany: '155000.00',
      meanIncumbent: '155000.00',
      p10: '111000.00',
      p25: '127500.00',
      p50: '155000.00',
      p75: '182500.00',
      p90: '199000.00',
      suppressReason: null,
      tailReason: null,
    });
    // The target total cash: 12 × base × 1.2, so 2 232 000 on average; the bonus target 20 % everywhere.
    expect(cell(cells, { domain: 'salary', metric: 'tcc_target', positionId: sal01, regionId: f.reg.get('MOW')! }).meanCompany).toBe('2232000.00');
    expect(cell(cells, { domain: 'salary', metric: 'bonus_target_pct', positionId: sal01, regionId: f.reg.get('MOW')! }).p50).toBe('20.00');
    expect(cell(cells, { domain: 'salary', metric: 'bonus_eligible', positionId: sal01, regionId: f.reg.get('MOW')! }).prevalencePct).toBe('100.0');

    // Volga has three companies; St Petersburg (six, fewer than Moscow) is hidden with it, or Volga could be
    // recomputed from the roll-up and Moscow.
    expect(cell(cells, { domain: 'salary', metric: 'base', positionId: sal01, regionId: f.reg.get('VFD')! })).toMatchObject({
      nCompanies: 3,
      nIncumbents: 12,
      suppressReason: 'min_companies',
      p50: null,
      meanIncumbent: null,
    });
    expect(cell(cells, { domain: 'salary', metric: 'base', positionId: sal01, regionId: f.reg.get('SPB')! })).toMatchObject({
      nCompanies: 6,
      suppressReason: 'complementary',
      p50: null,
    });
    // The roll-up takes each company once: 12 companies, 120 + 30 + 12 incumbents.
    const rollUp = cell(cells, { domain: 'salary', metric: 'base', positionId: sal01 });
    expect(rollUp).toMatchObject({ nCompanies: 12, nIncumbents: 162, suppressReason: null });
    expect(cell(cells, { domain: 'salary', metric: 'base', positionId: sal01, sizeBand: 'lt100' })).toMatchObject({
      nCompanies: 12,
      suppressReason: null,
    });

    // SAL-04 Moscow: c0 has 20 of 32 incumbents.
    expect(cell(cells, { domain: 'salary', metric: 'base', positionId: f.pos.get('SAL-04')!, regionId: f.reg.get('MOW')! })).toMatchObject({
      nCompanies: 5,
      nIncumbents: 32,
      suppressReason: 'dominance',
    });

    // Turnover: rates 1 % … 12 %, mean and median 6.5 %; pooled 78 / 1 200 = 6.5 %.
    expect(cell(cells, { domain: 'turnover', metric: 'total_rate' })).toMatchObject({
      nCompanies: 12,
      meanCompany: '6.50',
      meanIncumbent: '6.50',
      p50: '6.50',
    });
    expect(cell(cells, { domain: 'benchmark', metric: BENCHMARK_KEYS.freeze, category: 'field' }).prevalencePct).toBe('25.0');
    expect(cell(cells, { domain: 'car', metric: 'eligibility:company_car', positionId: sal01 }).prevalencePct).toBe('66.7');
    expect(cell(cells, { domain: 'car', metric: 'replacement_months', positionId: sal01 }).p50).toBe('48.00');
    // The fuel allowance: six payers of twelve, a median of 5 000 among them.
    expect(cell(cells, { domain: 'allowance', metric: 'fuel', positionId: sal01 })).toMatchObject({
      nCompanies: 6,
      prevalencePct: '50.0',
      p50: '5000.00',
    });

    for (const c of cells.filter((x) => x.suppressReason))
      expect([c.p25, c.p50, c.p75, c.meanCompany, c.prevalencePct]).toEqual([null, null, null, null, null]);

    // Stored as computed: the snapshot row, its cells, the log entry and a progress report through every stage.
    const [stored] = await t.database.db.select().from(statCells).where(eq(statCells.snapshotId, snapshotId)).limit(1);
    expect(stored).toBeDefined();
    expect((await latestSnapshot(t.database.db, f.periodId))?.id).toBe(snapshotId);
    const [log] = await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'snapshot.frozen'));
    expect(log).toMatchObject({ domain: 'survey', entity: 'surveyPeriod', entityId: f.periodId, actorId: f.staffId });
    expect(log!.after).toMatchObject({ snapshotId, responsesIncluded: 12, cells: cells.length });
    expect([...new Set(progress.map((p) => p.stage))]).toEqual(['loading', 'computing', 'suppressing', 'saving']);
    expect(progress.at(-1)).toEqual({ stage: 'saving', done: cells.length, total: cells.length });
    for (const p of progress) expect(p.done).toBeLessThanOrEqual(p.total);
  });

  it('freezes a period with too few answers, every cell hidden', async () => {
    const f = await fixture();
    await t.database.db.update(surveyResponses).set({ status: 'returned' }).where(eq(surveyResponses.periodId, f.periodId));
    await t.database.db
      .update(surveyResponses)
      .set({ status: 'accepted' })
      .where(and(eq(surveyResponses.periodId, f.periodId), eq(surveyResponses.companyId, f.c[0]!)));
    const data = await loadSnapshotData(t.database.db, await freeze(f));
    expect(data.participants.map((p) => p.id)).toEqual([f.c[0]]);
    expect(data.cells.length).toBeGreaterThan(0);
    expect(data.cells.filter((c) => !c.suppressReason)).toEqual([]);
  });

  it('a second freeze is a new snapshot, the latest one', async () => {
    const f = await fixture();
    const first = await freeze(f);
    t.clock.advance(60_000);
    const second = await freezeSnapshot(t.database.db, { periodId: f.periodId, userId: null, now: t.clock.now() }, () => {});
    expect(second).not.toBe(first);
    expect((await latestSnapshot(t.database.db, f.periodId))?.id).toBe(second);
    expect(await latestSnapshot(t.database.db, f.periodId + 1000)).toBeUndefined();
  });

  it('computes the same snapshot on the server’s render thread, which reads the answers itself on PostgreSQL', async () => {
    const f = await fixture();
    const contents = t.app.services.reportContents;
    const stored = async (snapshotId: number) => {
      const snapshot = (await t.database.db.select().from(statSnapshots).where(eq(statSnapshots.id, snapshotId)))[0]!;
      return { hash: snapshot.sourceHash, companies: snapshot.companyIds, cells: (await loadSnapshotData(t.database.db, snapshotId)).cells };
    };
    const here = await stored(await freeze(f));
    const stages: string[] = [];
    const there = await stored(await contents.freeze(f.periodId, null, async (p) => void stages.push(p.stage)));
    expect(there).toEqual(here);
    expect(here.cells.some((c) => !c.suppressReason)).toBe(true);
    expect([...new Set(stages)]).toEqual(['loading', 'computing', 'suppressing', 'saving']);
    // The cut reads them the same way: St Petersburg's six companies.
    expect((await contents.cut({ periodId: f.periodId, regionIds: [f.reg.get('SPB')!] })).companies).toBe(6);
  });
});

describe('the report sections’ cells', () => {
  it('freezes the participant profile, the allowances across positions, the cars and the budgets without freezes', async () => {
    const f = await fixture();
    const data = await loadSnapshotData(t.database.db, await freeze(f));
    const { cells } = data;
    const profile = (over: Partial<StatCellValues>) => cell(cells, { domain: 'profile', metric: 'participants', ...over });
    // 120 + 30 + 12 incumbents of SAL-01 and 32 of SAL-04.
    expect(profile({})).toMatchObject({ nCompanies: 12, nIncumbents: 194, prevalencePct: '100.0', suppressReason: null });
    expect(profile({ sizeBand: 'lt100' })).toMatchObject({ nCompanies: 12, prevalencePct: '100.0', suppressReason: null });
    expect(profile({ regionId: f.reg.get('MOW')! })).toMatchObject({ nCompanies: 12, nIncumbents: 152, suppressReason: null });
    expect(profile({ regionId: f.reg.get('VFD')! })).toMatchObject({ nCompanies: 3, suppressReason: 'min_companies', prevalencePct: null });
    expect(profile({ regionId: f.reg.get('SPB')! })).toMatchObject({ nCompanies: 6, suppressReason: 'complementary' });

    // Fuel: paid by 6 of 12 companies, to 60 of their 194 incumbents (30.9 %).
    const sales = data.positions.find((p) => p.id === f.pos.get('SAL-01'))!.jobGroupId;
    expect(cell(cells, { domain: 'allowance', metric: 'fuel', positionId: null, jobGroupId: null })).toMatchObject({
      nCompanies: 6,
      nIncumbents: 60,
      prevalencePct: '50.0',
      meanIncumbent: '30.90',
    });
    expect(cell(cells, { domain: 'allowance', metric: 'fuel', positionId: null, jobGroupId: sales }).prevalencePct).toBe('50.0');

    const sal01 = f.pos.get('SAL-01')!;
    const car = (metric: string, over: Partial<StatCellValues> = {}) => cell(cells, { domain: 'car', metric, ...over });
    expect(car('private_use:free', { positionId: sal01 }).prevalencePct).toBe('75.0');
    expect(car('acquisition:operating_lease', { positionId: sal01 }).prevalencePct).toBe('100.0');
    const octavia = data.carModels.find((m) => m.model === 'Octavia')!;
    const cerato = data.carModels.find((m) => m.model === 'Cerato')!;
    expect(car('models', { category: 'C' })).toMatchObject({ nCompanies: 8, prevalencePct: '66.7' });
    // Two Ceratos are too few; the Octavias alone would give them away, so they go too.
    expect(car(`model:${cerato.id}`, { category: 'C' })).toMatchObject({ nCompanies: 2, suppressReason: 'min_companies' });
    expect(car(`model:${octavia.id}`, { category: 'C' })).toMatchObject({ nCompanies: 6, suppressReason: 'complementary' });

    const budget = (metric: string) => cell(cells, { domain: 'benchmark', metric, category: 'field' });
    expect(budget(BENCHMARK_KEYS.budget)).toMatchObject({ nCompanies: 12, meanCompany: '5.30' });
    expect(budget(`${BENCHMARK_KEYS.budget}/excl_freeze`)).toMatchObject({ nCompanies: 9, meanCompany: '7.00', suppressReason: null });
    expect(budget('increase_budget_planned/excl_freeze')).toMatchObject({ nCompanies: 9, suppressReason: 'complementary' });
    expect(data.trendPeriods).toEqual([]);
    expect(cells.some((c) => c.sourcePeriodId !== null)).toBe(false);
  });

  it('copies the headline figures of the earlier periods’ published snapshots into the trend, never an unpublished freeze', async () => {
    const f = await fixture();
    const db = t.database.db;
    const published = await freeze(f);
    // A later freeze of the same period after one company's answer went back: 11 participants.
    await db
      .update(surveyResponses)
      .set({ status: 'returned' })
      .where(and(eq(surveyResponses.periodId, f.periodId), eq(surveyResponses.companyId, f.c[11]!)));
    t.clock.advance(60_000);
    const later = await freezeSnapshot(db, { periodId: f.periodId, userId: null, now: t.clock.now() }, () => {});
    const next = await createOpenSurveyPeriod(db, TEST_NOW, { code: 'NEXT' });
    const [stats] = await db.select({ effectiveDate: surveyPeriods.effectiveDate }).from(surveyPeriods).where(eq(surveyPeriods.id, f.periodId));
    const nextYear = `${Number(stats!.effectiveDate.slice(0, 4)) + 1}${stats!.effectiveDate.slice(4)}`;
    await db.update(surveyPeriods).set({ status: 'review', effectiveDate: nextYear }).where(eq(surveyPeriods.id, next));
    const trendOf = async () => {
      const data = await loadSnapshotData(db, await freezeSnapshot(db, { periodId: next, userId: f.staffId, now: t.clock.now() }, () => {}));
      return { data, trend: data.cells.filter((c) => c.sourcePeriodId !== null) };
    };

    // Nothing of the earlier period is published yet: its figures stay out of the trend.
    let { data, trend } = await trendOf();
    expect(data.trendPeriods).toEqual([]);
    expect(trend).toEqual([]);

    // Once a report of the first snapshot is published, the trend reads that one, not the later freeze.
    await db
      .insert(reports)
      .values({ periodId: f.periodId, type: 'general', language: 'en', format: 'xlsx', status: 'published', snapshotId: published });
    ({ data, trend } = await trendOf());
    expect(data.trendPeriods.map((p) => p.code)).toEqual(['STATS']);
    expect(cell(trend, { domain: 'profile', metric: 'participants' })).toMatchObject({ nCompanies: 12, sourcePeriodId: f.periodId });
    expect(cell(trend, { domain: 'benchmark', metric: BENCHMARK_KEYS.budget, category: 'field' })).toMatchObject({
      nCompanies: 12,
      suppressReason: null,
    });
    expect(cell(trend, { domain: 'turnover', metric: 'total_rate' }).p50).not.toBeNull();
    // Only the headline figures, and only roll-ups.
    expect(new Set(trend.map((c) => `${c.domain}:${c.metric}`))).toEqual(
      new Set([
        'profile:participants',
        'benchmark:increase_budget_actual',
        'benchmark:increase_budget_planned',
        'turnover:total_rate',
        'turnover:voluntary_rate',
      ]),
    );
    expect(later).not.toBe(published);
    // A period's own trend never reads itself or later periods.
    const own = await loadSnapshotData(db, await freeze(f));
    expect(own.trendPeriods).toEqual([]);
  });
});

describe('a company against the market', () => {
  it('gives its own figures in the market’s cuts, its quartile band and compa-ratio, and nothing where the market is hidden', async () => {
    const f = await fixture();
    const snapshotId = await freeze(f);
    const { cells } = await loadSnapshotData(t.database.db, snapshotId);
    const own = await ownFigures(t.database.db, snapshotId, f.c[0]!);
    const sal01 = f.pos.get('SAL-01')!;
    const mine = (metric: string, regionId: number | null) =>
      own.find((o) => o.domain === 'salary' && o.metric === metric && o.positionId === sal01 && o.regionId === regionId);

    const moscow = mine('base', f.reg.get('MOW')!)!;
    expect(moscow.value).toBe('100000.00');
    // 10 × 100 000 + 5 × 90 000 over 15 incumbents, rounded to RUB 100.
    expect(mine('base', null)?.value).toBe('96700.00');
    const market = cell(cells, { domain: 'salary', metric: 'base', positionId: sal01, regionId: f.reg.get('MOW')! });
    expect(quartileBand(moscow.value, market)).toBe('below_p25');
    expect(compaRatio(moscow.value, market)).toBe('64.5');
    expect(quartileBand('155000.00', market)).toBe('p50_p75');
    expect(quartileBand('182500.00', market)).toBe('p50_p75');
    expect(quartileBand('182600.00', market)).toBe('above_p75');

    const spb = cell(cells, { domain: 'salary', metric: 'base', positionId: sal01, regionId: f.reg.get('SPB')! });
    expect(mine('base', f.reg.get('SPB')!)?.value).toBe('90000.00');
    expect(quartileBand('90000.00', spb)).toBeNull();
    expect(compaRatio('90000.00', spb)).toBeNull();

    expect(own.find((o) => o.domain === 'turnover' && o.metric === 'total_rate')).toMatchObject({ jobGroupId: null, value: '1.00' });
    expect(own.find((o) => o.domain === 'benchmark' && o.metric === BENCHMARK_KEYS.freeze)).toMatchObject({ category: 'field', value: '100.0' });
    expect(await ownFigures(t.database.db, snapshotId, f.testCompany)).toEqual([]);
    expect(await ownFigures(t.database.db, snapshotId, DEMO_COMPANY_ID)).toEqual([]);
  });
});

describe('the interactive cut', () => {
  it('computes the chosen regions and size band live, with the same rules', async () => {
    const f = await fixture();
    const sal01 = f.pos.get('SAL-01')!;
    const spb = f.reg.get('SPB')!;
    // St Petersburg alone: six companies publish (no Volga beside it to protect), P25 at rank 1.25 = 96 250 → 96 300.
    const { companies, cells: cut } = await interactiveCut(t.database.db, { periodId: f.periodId, regionIds: [spb], sizeBand: 'lt100' });
    expect(companies).toBe(6);
    expect(cut.every((c) => c.regionId === null || c.regionId === spb)).toBe(true);
    expect(cell(cut, { domain: 'salary', metric: 'base', positionId: sal01, regionId: spb, sizeBand: 'lt100' })).toMatchObject({
      nCompanies: 6,
      meanCompany: '102500.00',
      p25: '96300.00',
      p50: '102500.00',
      p75: '108800.00',
      tailReason: 'p10p90_min',
      suppressReason: null,
    });
    expect(await interactiveCut(t.database.db, { periodId: f.periodId, regionIds: null, sizeBand: '2000plus' })).toEqual({ companies: 0, cells: [] });
    const { cells: everywhere } = await interactiveCut(t.database.db, { periodId: f.periodId, regionIds: null, sizeBand: null });
    expect(cell(everywhere, { domain: 'salary', metric: 'base', positionId: sal01, regionId: spb }).suppressReason).toBe('complementary');
    expect(everywhere.some((c) => c.domain !== 'salary')).toBe(false);
  });
});
