import { survey as api, type SaveResult, type SurveyOverview } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../../test/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, DEMO_COMPANY_ID, type FixtureCompany, logOf } from '../../../test/org-fixtures.ts';
import {
  pageAnswers,
  positionEntries,
  responseEvents,
  responseSteps,
  surveyPeriods,
  surveyResponses,
  userAreaAccess,
  users,
  validationIssues,
} from '../../db/schema/index.ts';
import { positionIdsByCode, regionIdsByCode } from '../../db/seed/survey-catalogue.ts';

let t: TestApp;
let staff: string;
let ceo: string;
let employee: string;
let beta: FixtureCompany;
let betaCeo: string;
let betaTrusted: string;
let positions: Map<string, number>;
let regions: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  staff = await t.tokenFor('staff@demo.test');
  ceo = await t.tokenFor('ceo@demo.test');
  employee = await t.tokenFor('employee@demo.test');
  beta = await addBetaBio(t);
  betaCeo = await t.tokenFor('ceo@beta.test');
  betaTrusted = await t.tokenFor('trusted@beta.test');
  positions = await positionIdsByCode(t.database.db);
  regions = await regionIdsByCode(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const ok = async <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): Promise<T> => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const overview = async (token: string, companyId?: number) => ok<SurveyOverview>(await t.api(api.getSurvey, { companyId }, token));
const stepOf = (o: { steps: SurveyOverview['steps'] }, key: string) => o.steps.find((s) => s.key === key)!;

const row = (code: string, region: string, over: Record<string, unknown> = {}) => ({
  positionId: positions.get(code)!,
  regionId: regions.get(region)!,
  headcount: 10,
  baseSalaryAvg: '150000',
  guaranteedExtraAnnual: '0',
  bonusEligiblePct: '100',
  bonusTargetPct: '20',
  bonusActualAvg: '360000',
  ...over,
});
const car = (code: string, over: Record<string, unknown> = {}) => ({
  positionId: positions.get(code)!,
  eligibility: 'company_car',
  carClass: 'C',
  replacementMonths: 48,
  ...over,
});

const savePositions = (token: string, version: number, rows: unknown[], cars: unknown[] = []) =>
  t.api(api.savePositions, { version, rows, cars } as never, token);

/** Every required answer of the survey for a company, through the API; answers the last version. */
async function fillEverything(token: string): Promise<number> {
  await ok(
    await t.api(
      api.updateContact.ceo,
      { name: 'Boris Betov', position: 'General Manager', phone: '+7 495 123-45-67', email: 'hr@beta.test', companyFullName: 'Beta Bio LLC' },
      token,
    ),
  );
  let version = (await overview(token)).response.version;
  const save = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    version = (await ok<SaveResult>(await res)).version;
  };
  await save(
    t.api(
      api.savePageData,
      {
        version,
        page: 'company_profile',
        answers: { total_headcount: 120, field_headcount: 60, business_lines: ['rx'], legal_entities: 'Beta Bio LLC' },
      },
      token,
    ),
  );
  await save(
    savePositions(
      token,
      version,
      [row('SAL-01', 'MOW'), row('SAL-01', 'SPB'), row('HR-03', 'MOW', { headcount: 1, baseSalaryAvg: '500000', bonusActualAvg: '1200000' })],
      [car('SAL-01'), car('HR-03', { eligibility: 'none', carClass: null, replacementMonths: null })],
    ),
  );
  await save(
    t.api(
      api.saveTurnover,
      {
        version,
        rows: [{ jobGroupId: null, headcountStart: 115, headcountEnd: 120, hires: 20, totalLeavers: 15, voluntaryLeavers: 10, firstYearLeavers: 3 }],
      },
      token,
    ),
  );
  const bench = await ok<{ items: { id: number; key: string; unit: string; categories: string[]; required: boolean }[] }>(
    await t.api(api.getBenchmarkData, {}, token),
  );
  const value: Record<string, unknown> = {
    increase_budget_actual: '5',
    increase_merit: '3',
    increase_promotion: '1',
    increase_adjustment: '1',
    increase_budget_planned: '5',
    increase_month: '4',
    increase_share: '80',
    bonus_payout: '100',
  };
  const answers = bench.items
    .filter((i) => i.required)
    .flatMap((i) =>
      i.categories.map((category) => ({
        itemId: i.id,
        category,
        valueNum: i.unit === 'pct' || i.unit === 'month' ? value[i.key] : null,
        valueBool: i.unit === 'bool' ? false : null,
        valueChoice: i.unit === 'choice' ? 'quarterly' : null,
      })),
    );
  await save(t.api(api.saveBenchmark, { version, answers } as never, token));
  await save(
    t.api(
      api.savePageData,
      { version, page: 'car_policy', answers: { fleet_size: 40, fleet_financing: 'operating_lease', telematics: true, ev_policy: false } },
      token,
    ),
  );
  await save(
    t.api(
      api.savePageData,
      {
        version,
        page: 'benefits',
        answers: { vhi: true, vhi_family: false, life_insurance: true, meals: false, sport: true, remote_work: 'hybrid' },
      },
      token,
    ),
  );
  return version;
}

describe('the questionnaire', () => {
  it('opens the demo company partly filled, with its steps in order and the progress the dashboard reads', async () => {
    const o = await overview(ceo);
    expect(o.period).toMatchObject({ code: '2025', status: 'open', effectiveDate: '2025-04-01', minimumWage: '22440.00', hasPrior: true });
    expect(o.steps.map((s) => s.key)).toEqual([
      'contact',
      'page:company_profile',
      'matching',
      'positions',
      'turnover',
      'benchmarks',
      'page:car_policy',
      'page:benefits',
      'page:comments',
    ]);
    expect(stepOf(o, 'contact').status).toBe('complete');
    expect(stepOf(o, 'positions').status).toBe('in_progress');
    expect(stepOf(o, 'page:comments').status).toBe('not_applicable');
    expect(o.progress.stepsTotal).toBe(8);
    expect(o.progress.pct).toBeGreaterThan(20);
    expect(o.progress.pct).toBeLessThan(100);
    const [stored] = await t.database.db
      .select()
      .from(surveyResponses)
      .where(and(eq(surveyResponses.companyId, DEMO_COMPANY_ID), eq(surveyResponses.periodId, o.period.id)));
    expect(stored?.progressPct).toBe(o.progress.pct);
  });

  it('creates a company’s response on first opening with every step counted, and progress zero', async () => {
    const o = await overview(betaCeo);
    expect(o.response).toMatchObject({ status: 'not_started', version: 1 });
    expect(o.progress).toEqual({ pct: 0, stepsComplete: 0, stepsTotal: 8 });
    expect(await t.database.db.select().from(responseSteps)).not.toHaveLength(0);
  });

  it('answers an employee without the area 403, and lets one with the area in', async () => {
    expect((await t.api(api.getSurvey, {}, employee)).statusCode).toBe(403);
    expect((await t.api(api.savePositions, { version: 1, rows: [] } as never, employee)).statusCode).toBe(403);
    const [person] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'employee@demo.test'));
    await t.database.db.insert(userAreaAccess).values({ userId: person!.id, area: 'salary.fill', granted: true });
    expect((await t.api(api.getSurvey, {}, employee)).statusCode).toBe(200);
  });

  it('keeps a company to its own survey: another company named in the request is 403; staff name the company', async () => {
    expect((await t.api(api.getSurvey, { companyId: DEMO_COMPANY_ID }, betaCeo)).statusCode).toBe(403);
    expect((await t.api(api.savePositions, { companyId: DEMO_COMPANY_ID, version: 1, rows: [] } as never, betaTrusted)).statusCode).toBe(403);
    expect((await t.api(api.getPositionsData, { companyId: DEMO_COMPANY_ID }, betaTrusted)).statusCode).toBe(403);
    expect((await t.api(api.getSurvey, {}, staff)).statusCode).toBe(400);
    const o = await overview(staff, beta.id);
    expect(o.company.name).toBe('Beta Bio');
    // Staff edits go through the same save, marked as staff edits in the history.
    await ok(await t.api(api.savePositions, { companyId: beta.id, version: o.response.version, rows: [row('SAL-01', 'MOW')] } as never, staff));
    const events = await t.database.db.select().from(responseEvents);
    expect(events.at(-1)?.summary).toMatchObject({ staffEdit: true, rows: 1 });
    // ... and in the survey's log, naming the company, the period and the step.
    expect(await logOf(t, 'survey')).toEqual([
      expect.objectContaining({
        action: 'surveyResponse.edited',
        entity: 'company',
        entityId: beta.id,
        after: { period: expect.any(String), steps: 'matching, positions', change: 'save_step' },
      }),
    ]);
  });
});

describe('the period’s catalogue', () => {
  it('answers the frozen lists: regions and job groups of the period, positions by group, cars with prices, page content', async () => {
    const o = await overview(betaCeo);
    const periodRegions = await ok<{ nameEn: string }[]>(await t.api(api.getRegions, { periodId: o.period.id }, betaCeo));
    expect(periodRegions.map((r) => r.nameEn).slice(0, 2)).toEqual(['Moscow', 'Saint Petersburg']);
    expect(await ok<unknown[]>(await t.api(api.getJobGroups, { periodId: o.period.id }, betaCeo))).toHaveLength(12);
    expect(await ok<unknown[]>(await t.api(api.getRegions, { periodId: 999_999 }, betaCeo))).toEqual([]);
    await ok(await savePositions(betaCeo, o.response.version, [row('SAL-01', 'MOW'), row('SAL-01', 'SPB'), row('SAL-04', 'MOW')]));
    const groups = await ok<{ code: string; positions: number; included: number }[]>(await t.api(api.getSurveyJobGroups, {}, betaCeo));
    expect(groups.find((g) => g.code === 'SALES')).toMatchObject({ positions: 6, included: 2 });
    const sales = groups.find((g) => g.code === 'SALES') as unknown as { id: number };
    const list = await ok<{ code: string; isField: boolean; careerLevel: string }[]>(
      await t.api(api.getJobGroupPositions, { jobGroupId: sales.id }, betaCeo),
    );
    expect(list[0]).toMatchObject({ code: 'SAL-01', isField: true, careerLevel: 'P1' });
    expect(list).toHaveLength(6);
    const cars = await ok<{ make: string; model: string; listPrice: string }[]>(await t.api(api.getCars, {}, betaCeo));
    expect(cars.find((c) => c.model === 'Vesta')?.listPrice).toBe('1650000.00');
    const page = await ok<{ questions: { id: string }[]; requiredTotal: number }>(
      await t.api(api.getPageContent, { page: 'company_profile' }, betaCeo),
    );
    expect(page.questions.map((q) => q.id)).toContain('total_headcount');
    expect((await t.api(api.getPageContent, { page: 'nope' }, betaCeo)).statusCode).toBe(404);
    // Staff read a company's grid and download its template by naming it.
    const staffData = await ok<{ rows: unknown[] }>(await t.api(api.getPositionsData, { companyId: beta.id }, staff));
    expect(staffData.rows).toHaveLength(3);
    const file = await t.api(api.downloadPositions, { companyId: beta.id, locale: 'ru' }, staff);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('Должности обзора зарплат'));
  });
});

describe('saving the grid', () => {
  it('saves rows with a version, refuses a stale save with the newer data, and a save with no change', async () => {
    const v1 = (await overview(betaCeo)).response.version;
    const saved = await ok<SaveResult>(await savePositions(betaCeo, v1, [row('SAL-01', 'MOW')], [car('SAL-01')]));
    expect(saved.version).toBe(v1 + 1);
    expect(stepOf(saved, 'matching').status).toBe('complete');
    expect(stepOf(saved, 'positions').status).toBe('complete');
    const stale = await savePositions(betaTrusted, v1, [row('SAL-01', 'MOW', { headcount: 11 })]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'SURVEY_STALE',
      details: { version: v1 + 1, data: { rows: [{ headcount: 10, baseSalaryAvg: '150000.00' }] } },
    });
    const same = await savePositions(betaCeo, saved.version, [row('SAL-01', 'MOW', { baseSalaryAvg: '150 000,00' })], [car('SAL-01')]);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Nothing to save.');
    const data = await ok<{ rows: { headcount: number }[] }>(await t.api(api.getPositionsData, {}, betaTrusted));
    expect(data.rows).toHaveLength(1);
  });

  it('keeps the rows a save does not name: the autosave sends only the rows changed since its last save', async () => {
    const v1 = (await overview(betaCeo)).response.version;
    const first = await ok<SaveResult>(await savePositions(betaCeo, v1, [row('SAL-01', 'MOW'), row('SAL-01', 'SPB')]));
    const second = await ok<SaveResult>(await savePositions(betaCeo, first.version, [row('SAL-01', 'SPB', { headcount: 12 })]));
    expect(second.version).toBe(first.version + 1);
    const data = await ok<{ rows: { regionId: number; headcount: number }[] }>(await t.api(api.getPositionsData, {}, betaCeo));
    expect(data.rows.map((r) => r.headcount).sort()).toEqual([10, 12]);
    // The checks and the progress still cover the whole grid, not the rows sent.
    expect(stepOf(second, 'matching').answeredRequired).toBe(stepOf(first, 'matching').answeredRequired);
  });

  it('refuses bad cells with a message on each, in the caller’s language, and saves nothing', async () => {
    const v = (await overview(betaCeo)).response.version;
    const res = await savePositions(
      betaCeo,
      v,
      [row('SAL-01', 'MOW', { headcount: 0, baseSalaryAvg: 'abc' }), row('SAL-02', 'MOW', { bonusActualAvg: '-5' }), row('SAL-02', 'MOW')],
      [],
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      'rows.0.headcount': 'Headcount is a whole number of at least 1.',
      'rows.0.baseSalaryAvg': 'Enter a number.',
      'rows.1.bonusActualAvg': 'The figure cannot be negative.',
      'rows.2.regionId': 'This position and region are already in the grid.',
    });
    const ru = await t.api(api.savePositions, { version: v, rows: [row('SAL-01', 'MOW', { headcount: 1.5 })] } as never, betaCeo, {
      headers: { 'accept-language': 'ru' },
    });
    expect(ru.json().fields['rows.0.headcount']).toBe('Введите целое число.');
    const unknown = await savePositions(betaCeo, v, [{ ...row('SAL-01', 'MOW'), positionId: 999_999 }]);
    expect(unknown.json().fields).toEqual({ 'rows.0.positionId': 'Unknown position code.' });
    expect(
      await t.database.db
        .select()
        .from(positionEntries)
        .innerJoin(surveyResponses, eq(surveyResponses.id, positionEntries.responseId))
        .where(eq(surveyResponses.companyId, beta.id)),
    ).toHaveLength(0);
  });

  it('saves a draft with rule errors and warnings as issues on their cells: minimum wage, ranges, car columns, headcount', async () => {
    let v = (await overview(betaCeo)).response.version;
    v = (await ok<SaveResult>(await t.api(api.savePageData, { version: v, page: 'company_profile', answers: { total_headcount: 15 } }, betaCeo)))
      .version;
    const saved = await ok<SaveResult>(
      await savePositions(
        betaCeo,
        v,
        [row('SAL-01', 'MOW', { baseSalaryAvg: '20000' }), row('SAL-04', 'MOW', { bonusTargetPct: '250', bonusEligiblePct: '120', headcount: 8 })],
        [car('SAL-01', { carClass: null, replacementMonths: 90 }), car('SAL-04', { eligibility: 'cash_allowance', carClass: null })],
      ),
    );
    const codes = saved.issues.filter((i) => i.stepKey === 'positions').map((i) => `${i.severity}:${i.ruleCode}:${i.field}`);
    expect(codes.sort()).toEqual(
      [
        'error:belowMinimumWage:baseSalaryAvg',
        'error:bonusTargetRange:bonusTargetPct',
        'error:percentRange:bonusEligiblePct',
        'error:carClassRequired:carClass',
        'error:replacementMonthsRange:replacementMonths',
        'error:cashAmountRequired:cashAllowance',
        'warning:headcountOverCompany:headcount',
        'warning:bonusOverTarget:bonusActualAvg',
      ].sort(),
    );
    expect(stepOf(saved, 'positions').status).toBe('has_errors');
  });

  it('warns when a base moved more than 30 % against last year (the demo company’s prior answers)', async () => {
    const data = await ok<{ version: number; rows: { positionId: number; regionId: number }[]; prior: unknown[] }>(
      await t.api(api.getPositionsData, {}, ceo),
    );
    expect(data.prior.length).toBeGreaterThan(0);
    const saved = await ok<SaveResult>(
      await savePositions(ceo, data.version, [row('GM-01', 'MOW', { headcount: 1, baseSalaryAvg: '2500000', bonusActualAvg: '6000000' })]),
    );
    expect(saved.issues.find((i) => i.ruleCode === 'changedVsPrior')).toMatchObject({
      severity: 'warning',
      params: { pct: 72, prior: '1450000.00' },
    });
  });

  it('clears a position (one region, then all with its car row) and says when there is nothing to clear', async () => {
    let v = (await overview(betaCeo)).response.version;
    v = (await ok<SaveResult>(await savePositions(betaCeo, v, [row('SAL-01', 'MOW'), row('SAL-01', 'SPB')], [car('SAL-01')]))).version;
    v = (
      await ok<SaveResult>(
        await t.api(api.clearPositionData, { version: v, positionId: positions.get('SAL-01')!, regionId: regions.get('SPB')! }, betaCeo),
      )
    ).version;
    let data = await ok<{ rows: unknown[]; cars: unknown[] }>(await t.api(api.getPositionsData, {}, betaCeo));
    expect([data.rows.length, data.cars.length]).toEqual([1, 1]);
    const cleared = await ok<SaveResult>(await t.api(api.clearPositionData, { version: v, positionId: positions.get('SAL-01')! }, betaCeo));
    data = await ok(await t.api(api.getPositionsData, {}, betaCeo));
    expect([data.rows.length, data.cars.length]).toEqual([0, 0]);
    expect(stepOf(cleared, 'matching').status).toBe('not_started');
    const again = await t.api(api.clearPositionData, { version: cleared.version, positionId: positions.get('SAL-01')! }, betaCeo);
    expect(again.json().message).toBe('Nothing to save.');
  });
});

describe('turnover, benchmarks and pages', () => {
  it('refuses more voluntary than total leavers, and warns on an unbalanced year', async () => {
    const v = (await overview(betaCeo)).response.version;
    const bad = await t.api(api.saveTurnover, { version: v, rows: [{ jobGroupId: null, totalLeavers: 5, voluntaryLeavers: 6 }] } as never, betaCeo);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'rows.0.voluntaryLeavers': 'Voluntary leavers cannot exceed total leavers.' });
    const saved = await ok<SaveResult>(
      await t.api(
        api.saveTurnover,
        {
          version: v,
          rows: [
            { jobGroupId: null, headcountStart: 100, headcountEnd: 150, hires: 10, totalLeavers: 70, voluntaryLeavers: 30, firstYearLeavers: 80 },
          ],
        },
        betaCeo,
      ),
    );
    expect(saved.issues.map((i) => i.ruleCode).sort()).toEqual(['firstYearOverTotal', 'turnoverBalance']);
    const data = await ok<{ rows: { turnoverPct: string }[] }>(await t.api(api.getTurnoverData, {}, betaCeo));
    expect(data.rows[0]!.turnoverPct).toBe('56.0');
  });

  it('checks benchmark ranges and the split of the budget; page answers by type with show_if', async () => {
    const bench = await ok<{ version: number; items: { id: number; key: string }[] }>(await t.api(api.getBenchmarkData, {}, betaCeo));
    const id = (key: string) => bench.items.find((i) => i.key === key)!.id;
    const saved = await ok<SaveResult>(
      await t.api(
        api.saveBenchmark,
        {
          version: bench.version,
          answers: [
            { itemId: id('increase_budget_actual'), category: 'field', valueNum: '40' },
            { itemId: id('increase_merit'), category: 'field', valueNum: '10' },
            { itemId: id('increase_promotion'), category: 'field', valueNum: '1' },
            { itemId: id('increase_adjustment'), category: 'field', valueNum: '1' },
            { itemId: id('increase_month'), category: 'all', valueNum: '13' },
            { itemId: id('salary_freeze'), category: 'field', valueBool: true },
          ],
        } as never,
        betaCeo,
      ),
    );
    expect(saved.issues.map((i) => `${i.severity}:${i.ruleCode}`).sort()).toEqual([
      'error:benchmarkRange',
      'error:freezeNeedsZero',
      'warning:benchmarkUnusual',
      'warning:splitMismatch',
    ]);
    const wrongType = await t.api(
      api.savePageData,
      { version: saved.version, page: 'car_policy', answers: { fleet_size: 'many', telematics: 'yes' } },
      betaCeo,
    );
    expect(Object.keys(wrongType.json().fields).sort()).toEqual(['answers.fleet_size', 'answers.telematics']);
    const page = await ok<SaveResult>(
      await t.api(api.savePageData, { version: saved.version, page: 'car_policy', answers: { fleet_size: 10, ev_policy: true } }, betaCeo),
    );
    // ev_share is asked only with an EV policy: 5 required now, 2 answered.
    expect(stepOf(page, 'page:car_policy')).toMatchObject({ answeredRequired: 2, requiredTotal: 5, status: 'in_progress' });
    const content = await ok<{ title: string }>(
      await t.api(api.getPageContent, { page: 'car_policy' }, betaCeo, { headers: { 'accept-language': 'ru' } }),
    );
    expect(content.title).toBe('Автомобильная политика');
  });
});

describe('completion', () => {
  it('refuses completion with the blockers by step, then completes, is read-only, and can be withdrawn before the deadline', async () => {
    const periodId = (await overview(betaCeo)).period.id;
    const early = await t.api(api.setCompleteStatus, { periodId, kind: 'salary', confirmed: true }, betaCeo);
    expect(early.statusCode).toBe(409);
    expect(early.json().details.blockers).toContainEqual({ stepKey: 'contact', reason: 'contact', count: 1 });
    const v = await fillEverything(betaCeo);
    const ready = await overview(betaCeo);
    expect(ready.progress).toMatchObject({ pct: 100, stepsComplete: 8, stepsTotal: 8 });
    // A warning must be acknowledged with a comment first.
    const vv = (
      await ok<SaveResult>(
        await t.api(
          api.saveTurnover,
          {
            version: v,
            rows: [
              { jobGroupId: null, headcountStart: 115, headcountEnd: 160, hires: 20, totalLeavers: 15, voluntaryLeavers: 10, firstYearLeavers: 3 },
            ],
          },
          betaCeo,
        ),
      )
    ).version;
    const blocked = await t.api(api.setCompleteStatus, { periodId, kind: 'salary', confirmed: true }, betaCeo);
    expect(blocked.json().details.blockers).toEqual([{ stepKey: 'turnover', reason: 'warnings', count: 1 }]);
    const warning = (await overview(betaCeo)).issues.find((i) => i.ruleCode === 'turnoverBalance')!;
    expect((await t.api(api.acknowledgeIssue, { version: vv, issueId: warning.id, comment: '' }, betaCeo)).statusCode).toBe(400);
    await ok(await t.api(api.acknowledgeIssue, { version: vv, issueId: warning.id, comment: 'Two sites were acquired in March.' }, betaCeo));
    expect((await t.api(api.setCompleteStatus, { periodId, kind: 'salary' }, betaCeo)).statusCode).toBe(400);
    const done = await ok<{ status: string }>(await t.api(api.setCompleteStatus, { periodId, kind: 'salary', confirmed: true }, betaCeo));
    expect(done.status).toBe('submitted');
    // The company's survey people and contact hear that it is with the association, and so do the association's staff.
    await t.flushMail();
    const told = t.mail.filter((m) => m.type === 'surveySubmitted');
    expect(told.map((m) => m.to)).toEqual(expect.arrayContaining(['ceo@beta.test', 'trusted@beta.test', 'staff@demo.test']));
    expect(told.find((m) => m.to === 'ceo@beta.test')?.text).toContain('/ceo/reports/selection/salary');
    expect(told.find((m) => m.to === 'staff@demo.test')?.text).toMatch(/\/aipm\/reports\/company\?period=\d+/);
    const after = await overview(betaCeo);
    expect([after.editable, after.withdrawable]).toEqual([false, true]);
    const readOnly = await savePositions(betaCeo, after.response.version, [row('SAL-02', 'MOW')]);
    expect(readOnly.json().code).toBe('SURVEY_READ_ONLY');
    const [response] = await t.database.db.select().from(surveyResponses).where(eq(surveyResponses.companyId, beta.id));
    expect(response?.contactSnapshot).toMatchObject({ name: 'Boris Betov', companyFullName: 'Beta Bio LLC' });
    expect((await ok<{ status: string }>(await t.api(api.withdraw, { periodId, kind: 'salary' }, betaTrusted))).status).toBe('withdrawn');
    expect((await overview(betaCeo)).editable).toBe(true);
    // After the deadline the company can no longer withdraw or save.
    await ok(await t.api(api.setCompleteStatus, { periodId, kind: 'salary', confirmed: true }, betaCeo));
    t.clock.set(new Date(TEST_NOW.getTime() + 30 * 86_400_000));
    const late = await t.tokenFor('ceo@beta.test');
    expect((await t.api(api.withdraw, { periodId, kind: 'salary' }, late)).json().code).toBe('SURVEY_NOT_WITHDRAWABLE');
  });

  it('keeps staff queries on save and blocks completion until they are answered', async () => {
    const v = await fillEverything(betaCeo);
    const [response] = await t.database.db.select().from(surveyResponses).where(eq(surveyResponses.companyId, beta.id));
    const [query] = await t.database.db
      .insert(validationIssues)
      .values({
        responseId: response!.id,
        stepKey: 'positions',
        target: 'positions',
        ruleCode: 'staffQuery',
        severity: 'staff_query',
        params: { text: 'Is the HR director in Moscow?' },
      })
      .returning();
    const saved = await ok<SaveResult>(await savePositions(betaCeo, v, [row('SAL-01', 'MOW', { headcount: 12 })]));
    expect(saved.issues.some((i) => i.id === query!.id)).toBe(true);
    const periodId = (await overview(betaCeo)).period.id;
    expect((await t.api(api.setCompleteStatus, { periodId, kind: 'salary', confirmed: true }, betaCeo)).json().details.blockers).toEqual([
      { stepKey: 'positions', reason: 'staff_queries', count: 1 },
    ]);
    await ok(await t.api(api.acknowledgeIssue, { version: saved.version, issueId: query!.id, comment: 'Yes, Moscow head office.' }, betaCeo));
    await ok(await t.api(api.setCompleteStatus, { periodId, kind: 'salary', confirmed: true }, betaCeo));
  });

  it('answers 410 "Survey is no longer available" once the period is closed; staff may still save', async () => {
    const o = await overview(betaCeo);
    await t.database.db.update(surveyPeriods).set({ status: 'closed' }).where(eq(surveyPeriods.id, o.period.id));
    const res = await t.api(api.getSurvey, {}, betaCeo);
    expect([res.statusCode, res.json().message]).toEqual([410, 'Survey is no longer available']);
    expect((await savePositions(betaCeo, o.response.version, [row('SAL-01', 'MOW')])).statusCode).toBe(410);
    await ok(await t.api(api.savePositions, { companyId: beta.id, version: o.response.version, rows: [row('SAL-01', 'MOW')] } as never, staff));
  });
});

describe('copy from last year', () => {
  it('rolls the prior grid forward through the lineage, flagged to update; a company without past answers is told so', async () => {
    const o = await overview(betaCeo);
    const res = await t.api(api.copyFromLastYear, { version: o.response.version }, betaCeo);
    expect([res.statusCode, res.json().message]).toEqual([409, 'Unable to load past responses.']);
    // The demo company answered last year; its draft misses two rows of last year's grid.
    const demo = await overview(ceo);
    const [current] = await t.database.db
      .select()
      .from(surveyResponses)
      .where(and(eq(surveyResponses.companyId, DEMO_COMPANY_ID), eq(surveyResponses.periodId, demo.period.id)));
    await t.database.db
      .delete(positionEntries)
      .where(and(eq(positionEntries.responseId, current!.id), eq(positionEntries.positionId, positions.get('GM-01')!)));
    const copied = await ok<SaveResult>(await t.api(api.copyFromLastYear, { version: demo.response.version }, ceo));
    const data = await ok<{ rows: { positionId: number; baseSalaryAvg: string }[] }>(await t.api(api.getPositionsData, {}, ceo));
    expect(data.rows.find((r) => r.positionId === positions.get('GM-01'))?.baseSalaryAvg).toBe('1450000.00');
    expect(copied.issues.find((i) => i.ruleCode === 'copiedToUpdate')).toMatchObject({
      target: `position:${positions.get('GM-01')}:${regions.get('MOW')}`,
    });
    expect((await overview(ceo)).response.copiedFromPrior).toBe(true);
  });
});

describe("last year's answers to a page", () => {
  type Saved = { answers: Record<string, unknown>; prior?: { period: { id: number; code: string } | null; answers: Record<string, unknown> } };
  const saved = async (token: string, query: Record<string, unknown>) => ok<Saved>(await t.api(api.getSavedPageData, query as never, token));
  const periods = async () => {
    const { period } = await overview(ceo);
    const [current] = await t.database.db.select().from(surveyPeriods).where(eq(surveyPeriods.id, period.id));
    const [prior] = await t.database.db.select().from(surveyPeriods).where(eq(surveyPeriods.id, current!.priorPeriodId!));
    return { current: current!, prior: prior! };
  };
  const LAST_YEAR = { total_headcount: 170, field_headcount: 90, business_lines: ['rx'], legal_entities: 'Demo Pharma LLC' };

  it('with prefill=prior, gives the company its own answers to the same page in the previous period beside this year’s', async () => {
    const { prior } = await periods();
    const plain = await saved(ceo, { page: 'company_profile' });
    expect(plain.answers.total_headcount).toBe(180);
    expect(plain).not.toHaveProperty('prior');
    const withPrior = await saved(ceo, { page: 'company_profile', prefill: 'prior' });
    expect(withPrior.answers.total_headcount).toBe(180);
    expect(withPrior.prior).toEqual({ period: { id: prior.id, code: prior.code }, answers: LAST_YEAR });
    // Staff reviewing the company read the same; a page the company left unanswered last year has no answers.
    expect((await saved(staff, { companyId: DEMO_COMPANY_ID, page: 'company_profile', prefill: 'prior' })).prior?.answers).toEqual(LAST_YEAR);
    expect((await saved(ceo, { page: 'car_policy', prefill: 'prior' })).prior).toEqual({ period: { id: prior.id, code: prior.code }, answers: {} });
    expect((await t.api(api.getSavedPageData, { page: 'company_profile', prefill: 'last' } as never, ceo)).statusCode).toBe(400);
  });

  it('never gives another company’s answers: a company without a response last year has none, and may not name another', async () => {
    const { prior } = await periods();
    expect((await saved(betaCeo, { page: 'company_profile', prefill: 'prior' })).prior).toEqual({
      period: { id: prior.id, code: prior.code },
      answers: {},
    });
    expect((await saved(staff, { companyId: beta.id, page: 'company_profile', prefill: 'prior' })).prior?.answers).toEqual({});
    const named = await t.api(api.getSavedPageData, { companyId: DEMO_COMPANY_ID, page: 'company_profile', prefill: 'prior' } as never, betaCeo);
    expect(named.statusCode).toBe(403);
  });

  it('leaves out answers this year’s page no longer asks or would refuse, and says when there is no previous period of the product', async () => {
    const { current, prior } = await periods();
    const [last] = await t.database.db
      .select()
      .from(surveyResponses)
      .where(and(eq(surveyResponses.periodId, prior.id), eq(surveyResponses.companyId, DEMO_COMPANY_ID)));
    await t.database.db
      .update(pageAnswers)
      .set({ answers: { ...LAST_YEAR, business_lines: ['rx', 'generics'], fleet_owner: 'us' } })
      .where(eq(pageAnswers.responseId, last!.id));
    const { business_lines: _, ...kept } = LAST_YEAR;
    expect((await saved(ceo, { page: 'company_profile', prefill: 'prior' })).prior?.answers).toEqual(kept);
    await t.database.db.update(surveyPeriods).set({ priorPeriodId: null }).where(eq(surveyPeriods.id, current.id));
    expect((await saved(ceo, { page: 'company_profile', prefill: 'prior' })).prior).toEqual({ period: null, answers: {} });
  });
});

describe('the Excel round trip', () => {
  const download = async (token: string) => {
    const res = await t.api(api.downloadPositions, {}, token);
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return workbook;
  };
  const upload = async (token: string, workbook: ExcelJS.Workbook, fields: Record<string, unknown>) =>
    t.api(api.uploadPositions, fields as never, token, {
      file: { filename: 'positions.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) },
    });
  const lineOf = (sheet: ExcelJS.Worksheet, code: string, region: string) => {
    let found = 0;
    sheet.eachRow((r, n) => {
      if (r.getCell(1).value === code && r.getCell(2).value === region) found = n;
    });
    return sheet.getRow(found);
  };

  it('downloads the template prefilled, reports good and bad cells, and saves only a clean file', async () => {
    const workbook = await download(ceo);
    const grid = workbook.getWorksheet('Positions')!;
    expect(grid.getRow(2).getCell(1).value).toBe('position_code');
    expect(lineOf(grid, 'SAL-01', 'MOW').getCell(6).value).toBe(24);
    const line = lineOf(grid, 'MKT-01', 'MOW');
    line.getCell(6).value = 'four';
    line.getCell(7).value = 15000;
    const version = (await overview(ceo)).response.version;
    const report = await ok<{ errors: number; issues: { sheet: string; row: number; column: string; message: string }[]; saved: boolean }>(
      await upload(ceo, workbook, { version, commit: true }),
    );
    expect(report.saved).toBe(false);
    expect(report.issues).toContainEqual({
      sheet: 'Positions',
      row: line.number,
      column: 'F (Headcount)',
      severity: 'error',
      message: 'Enter a number.',
    });
    line.getCell(6).value = 4;
    const again = await ok<{ issues: { message: string }[]; saved: boolean }>(await upload(ceo, workbook, { version, commit: true }));
    expect(again.issues[0]?.message).toBe('The base salary is below the minimum wage of 22440.00 RUB.');
    line.getCell(7).value = 240000;
    const dry = await ok<{ saved: boolean; errors: number }>(await upload(ceo, workbook, { version }));
    expect(dry).toMatchObject({ saved: false, errors: 0 });
    const good = await ok<{ saved: boolean; result: SaveResult }>(await upload(ceo, workbook, { version, commit: true }));
    expect(good.saved).toBe(true);
    const data = await ok<{ rows: { positionId: number; baseSalaryAvg: string }[] }>(await t.api(api.getPositionsData, {}, ceo));
    expect(data.rows.find((r) => r.positionId === positions.get('MKT-01'))?.baseSalaryAvg).toBe('240000.00');
    const events = await t.database.db.select().from(responseEvents).where(eq(responseEvents.action, 'import_excel'));
    expect(events).toHaveLength(1);
  });

  it('refuses a file that is not the template, or whose codes moved', async () => {
    const foreign = new ExcelJS.Workbook();
    foreign.addWorksheet('Sheet1').addRow(['name', 'salary']);
    const res = await upload(betaTrusted, foreign, { version: 1 });
    expect([res.statusCode, res.json().code]).toEqual([400, 'SURVEY_NOT_TEMPLATE']);
    const workbook = await download(betaTrusted);
    workbook.getWorksheet('Positions')!.spliceColumns(3, 1);
    expect((await upload(betaTrusted, workbook, { version: 1 })).json().code).toBe('SURVEY_NOT_TEMPLATE');
    const notXlsx = await t.api(api.uploadPositions, { version: 1 } as never, betaTrusted, { file: { filename: 'x.xlsx', content: 'hello' } });
    expect(notXlsx.json().code).toBe('SURVEY_NOT_TEMPLATE');
  });
});

describe('the respondent contact', () => {
  it('is kept by ceo and trusted, read by the company’s people with the area and by staff, and counts as the contact step', async () => {
    const body = {
      name: 'Bella Bravina',
      position: 'HR Manager',
      phone: '+7 495 765-43-21',
      email: 'bella@beta.test',
      companyFullName: 'Beta Bio LLC',
    };
    expect((await t.api(api.updateContact.trusted, { ...body, position: 'Менеджер' }, betaTrusted)).json().fields).toEqual({
      position: expect.any(String),
    });
    await ok(await t.api(api.updateContact.trusted, body, betaTrusted));
    expect((await t.api(api.updateContact.trusted, body, betaTrusted)).json().message).toBe('Nothing to save.');
    expect(await ok(await t.api(api.companyContact.ceo, {}, betaCeo))).toMatchObject({ name: 'Bella Bravina' });
    expect(await ok(await t.api(api.userContact, undefined, betaCeo))).toMatchObject({ email: 'bella@beta.test' });
    expect((await t.api(api.userContact, undefined, employee)).statusCode).toBe(403);
    expect(await ok(await t.api(api.companyContact.aipm, { companyId: beta.id }, staff))).toMatchObject({ name: 'Bella Bravina' });
    expect((await t.api(api.companyContact.ceo, { companyId: beta.id }, ceo)).statusCode).toBe(403);
    expect(stepOf(await overview(betaCeo), 'contact').status).toBe('complete');
  });
});
