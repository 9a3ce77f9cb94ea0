import { surveyAdmin as api, type Outliers, survey } from '@portal/shared';
import { DEFAULT_ANONYMITY_RULES, type ResponseStatus } from '@portal/shared/survey-model';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addCompanies, DEMO_COMPANY_ID } from '../../../test/org-fixtures.ts';
import { ok, setResponse } from '../../../test/survey-admin-fixtures.ts';
import { companies, positionEntries, surveyPeriods, surveyResponses } from '../../db/schema/index.ts';
import { positionIdsByCode, regionIdsByCode } from '../../db/seed/survey-catalogue.ts';

/**
 * The review's market check (design §2): the demo company's open response (GM-01 MOW 1 566 000, SAL-01 MOW 178 200,
 * SAL-01 SPB 162 000, SAL-01 VFD 127 440, SAL-04 MOW 307 800; two rows without figures) against other companies' answers.
 */
let t: TestApp;
let staff: string;
let periodId: number;
let positions: Map<string, number>;
let regions: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  staff = await t.tokenFor('staff@demo.test');
  const [open] = await t.database.db.select({ id: surveyPeriods.id }).from(surveyPeriods).where(eq(surveyPeriods.status, 'open'));
  periodId = open!.id;
  positions = await positionIdsByCode(t.database.db);
  regions = await regionIdsByCode(t.database.db);
});
afterAll(async () => {
  await t.close();
});

/** Companies answering one cell each, in the given status, with these bases (one company a base). */
async function market(prefix: string, status: ResponseStatus, cell: [position: string, region: string], bases: number[]): Promise<number[]> {
  const ids = await addCompanies(t, bases.length, { prefix });
  for (const [i, companyId] of ids.entries()) {
    const responseId = await setResponse(t, periodId, companyId, status);
    await t.database.db.insert(positionEntries).values({
      responseId,
      positionId: positions.get(cell[0])!,
      regionId: regions.get(cell[1])!,
      headcount: 3,
      baseSalaryAvg: bases[i]!.toFixed(2),
    });
  }
  return ids;
}

const check = async (companyId: number, token = staff, locale = 'en') =>
  ok<Outliers>(await t.api(api.outliers.aipm, { periodId, companyId }, token, { headers: { 'accept-language': locale } }));

describe('the market check of a response', () => {
  it('flags rows more than 3× above or below the median of the other submitted or accepted companies, where enough answered', async () => {
    // SAL-01 MOW: median 60 000 of five companies (178 200 is 2.97×: not flagged) … until one more raises no flag either.
    await market('Moscow', 'accepted', ['SAL-01', 'MOW'], [50_000, 55_000, 60_000]);
    await market('Moscow late', 'submitted', ['SAL-01', 'MOW'], [65_000, 70_000]);
    // Not counted: a response still in progress, a test company's, and an excluded one.
    await market('Drafting', 'in_progress', ['SAL-01', 'MOW'], [1_000_000]);
    const [test] = await market('Testing', 'accepted', ['SAL-01', 'MOW'], [1_000_000]);
    await t.database.db.update(companies).set({ isTest: true }).where(eq(companies.id, test!));
    await market('Excluded', 'excluded', ['SAL-01', 'MOW'], [1_000_000]);
    // SAL-01 SPB: median 500 000; 162 000 × 3 = 486 000 is below it: flagged below.
    await market('Petersburg', 'accepted', ['SAL-01', 'SPB'], [480_000, 490_000, 500_000, 510_000, 520_000]);
    // SAL-04 MOW: 307 800 is exactly 3× the median 102 600: not more than 3×, not flagged.
    await market('Directors', 'accepted', ['SAL-04', 'MOW'], [102_600, 102_600, 102_600, 102_600, 102_600]);
    // GM-01 MOW: 15× the median, but only four other companies answered it: too few to compare.
    await market('Chiefs', 'accepted', ['GM-01', 'MOW'], [100_000, 100_000, 100_000, 100_000]);

    const found = await check(DEMO_COMPANY_ID);
    expect(found).toEqual({
      minCompanies: 5,
      rows: 5,
      compared: 3,
      outliers: [
        {
          positionId: positions.get('SAL-01'),
          positionCode: 'SAL-01',
          position: expect.any(String),
          regionId: regions.get('SPB'),
          region: 'Saint Petersburg',
          baseSalaryAvg: '162000.00',
          median: '500000.00',
          ratio: 0.32,
          companies: 5,
        },
      ],
    });
    // The same in Russian: names in the reader's language.
    expect((await check(DEMO_COMPANY_ID, staff, 'ru')).outliers[0]?.region).toBe('Санкт-Петербург');

    // One more company in Moscow at 40 000 moves the median to 57 500: 178 200 is now 3.1×, flagged above.
    await market('Moscow cheap', 'accepted', ['SAL-01', 'MOW'], [40_000]);
    const again = await check(DEMO_COMPANY_ID);
    expect(again.outliers.map((o) => [o.positionCode, o.region, o.baseSalaryAvg, o.median, o.ratio, o.companies])).toEqual([
      ['SAL-01', 'Moscow', '178200.00', '57500.00', 3.1, 6],
      ['SAL-01', 'Saint Petersburg', '162000.00', '500000.00', 0.32, 5],
    ]);
  });

  it('compares only over cells the period’s company threshold is met in, the reviewed company left out of its own market', async () => {
    const chiefs = await market('Chiefs', 'accepted', ['GM-01', 'MOW'], [100_000, 100_000, 100_000, 100_000]);
    expect((await check(DEMO_COMPANY_ID)).compared).toBe(0);
    // With a threshold of 4 the general manager's cell has enough companies: 1 566 000 is 15.66× the median.
    await t.database.db
      .update(surveyPeriods)
      .set({ rules: { ...DEFAULT_ANONYMITY_RULES, minCompanies: 4 } })
      .where(eq(surveyPeriods.id, periodId));
    const lower = await check(DEMO_COMPANY_ID);
    expect(lower).toMatchObject({
      minCompanies: 4,
      compared: 1,
      outliers: [{ positionCode: 'GM-01', median: '100000.00', ratio: 15.66, companies: 4 }],
    });
    // Reviewing one of the four: its market is the other three (the demo's in-progress response does not count): too few.
    expect(await check(chiefs[0]!)).toEqual({ minCompanies: 4, rows: 1, compared: 0, outliers: [] });
    // The demo company's response submitted: now it is in the others' market, which has four companies again.
    await t.database.db
      .update(surveyResponses)
      .set({ status: 'submitted' })
      .where(and(eq(surveyResponses.periodId, periodId), eq(surveyResponses.companyId, DEMO_COMPANY_ID)));
    expect(await check(chiefs[0]!)).toMatchObject({ compared: 1, outliers: [] });
  });

  it('is staff’s only: company people never reach it, and their own calls carry no market figures', async () => {
    await market('Petersburg', 'accepted', ['SAL-01', 'SPB'], [480_000, 490_000, 500_000, 510_000, 520_000]);
    expect((await check(DEMO_COMPANY_ID)).outliers).toHaveLength(1);
    const admin = await t.tokenFor('admin@demo.test');
    expect((await ok<Outliers>(await t.api(api.outliers.admin, { periodId, companyId: DEMO_COMPANY_ID }, admin))).outliers).toHaveLength(1);
    for (const email of ['ceo@demo.test', 'trusted@demo.test', 'employee@demo.test']) {
      const token = await t.tokenFor(email);
      expect((await t.api(api.outliers.aipm, { periodId, companyId: DEMO_COMPANY_ID }, token)).statusCode).toBe(403);
    }
    const ceo = await t.tokenFor('ceo@demo.test');
    const grid = (await t.api(survey.getPositionsData, {}, ceo)).body;
    expect(grid).toContain('162000.00');
    for (const body of [grid, (await t.api(survey.getSurvey, {}, ceo)).body]) expect(body).not.toMatch(/median|outlier|500000/i);
    expect((await t.api(api.outliers.aipm, { periodId: 999_999, companyId: DEMO_COMPANY_ID }, staff)).statusCode).toBe(404);
    expect((await t.api(api.outliers.aipm, { periodId, companyId: 999_999 }, staff)).statusCode).toBe(404);
  });
});
