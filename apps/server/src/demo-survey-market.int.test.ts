import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../test/clock.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_COMPANY_ID } from '../test/org-fixtures.ts';
import { companies, surveyPeriods, surveyResponses } from './db/schema/index.ts';
import { positionIdsByCode, regionIdsByCode } from './db/seed/survey-catalogue.ts';
import { seedSurveyMarket } from './demo-survey-market.ts';
import { freezeSnapshot, loadSnapshotData, ownFigures } from './modules/reports/statistics/snapshot.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// The template's demo survey is as of 1 April 2025 (TEST_NOW is in March 2026), so last year's period is 2024.
const PRIOR = '2024';

describe('the demo’s market', () => {
  it('puts last year’s period in review with twelve accepted companies whose statistics mostly publish', async () => {
    const db = t.database.db;
    await seedSurveyMarket(db, TEST_NOW, DEMO_COMPANY_ID, PRIOR);
    await seedSurveyMarket(db, TEST_NOW, DEMO_COMPANY_ID, PRIOR);
    const [period] = await db
      .select()
      .from(surveyPeriods)
      .where(and(eq(surveyPeriods.kind, 'salary'), eq(surveyPeriods.code, PRIOR)));
    expect(period?.status).toBe('review');
    const [accepted] = await db
      .select({ n: count() })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.periodId, period!.id), eq(surveyResponses.status, 'accepted')));
    expect(accepted?.n).toBe(12);
    expect((await db.select({ n: count() }).from(companies))[0]?.n).toBe(12);

    const snapshotId = await freezeSnapshot(db, { periodId: period!.id, userId: null, now: TEST_NOW }, () => {});
    const { cells, participants } = await loadSnapshotData(db, snapshotId);
    expect(participants).toHaveLength(12);
    const positions = await positionIdsByCode(db);
    const regions = await regionIdsByCode(db);
    const repsInMoscow = cells.find(
      (c) => c.domain === 'salary' && c.metric === 'base' && c.positionId === positions.get('SAL-01') && c.regionId === regions.get('MOW'),
    );
    expect(repsInMoscow).toMatchObject({ nCompanies: 12, suppressReason: null, tailReason: null });
    for (const domain of ['salary', 'allowance', 'car', 'turnover', 'benchmark'] as const) {
      expect(cells.filter((c) => c.domain === domain && !c.suppressReason).length, domain).toBeGreaterThan(0);
    }
    // Most salary cells publish; some are hidden too, so the reports show how suppression reads.
    const salary = cells.filter((c) => c.domain === 'salary');
    expect(salary.filter((c) => !c.suppressReason).length).toBeGreaterThan(salary.length / 2);
    expect(salary.some((c) => c.suppressReason === 'min_companies') && salary.some((c) => c.suppressReason === 'complementary')).toBe(true);
    expect((await ownFigures(db, snapshotId, DEMO_COMPANY_ID)).some((o) => o.domain === 'turnover')).toBe(true);
  });
});
