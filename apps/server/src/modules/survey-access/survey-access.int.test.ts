import { surveyAccess } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, DEMO_COMPANY_ID, logOf, userId } from '../../../test/org-fixtures.ts';
import { withoutDemoSurvey } from '../../../test/survey-admin-fixtures.ts';
import { surveyPeriods, surveyResponses, userAreaAccess } from '../../db/schema/index.ts';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  await withoutDemoSurvey(t);
  admin = await t.tokenFor('admin@demo.test');
  staff = await t.tokenFor('staff@demo.test');
});
afterAll(async () => {
  await t.close();
});

const ok = async <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): Promise<T> => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
type Page = {
  rows: { userId: number; email: string; role: string; company: { id: number }; areas: string[]; overridden: string[] }[];
  total: number;
};
const list = (body: Record<string, unknown> = {}, token = admin) => t.api(surveyAccess.areasList.admin, body as never, token);
const update = (changes: { userId: number; area: string; granted: boolean | null }[], token = admin) =>
  t.api(surveyAccess.areasUpdate.admin, { changes } as never, token);
const row = async (email: string) => (await ok<Page>(await list({ search: email }))).rows.find((r) => r.email === email)!;

describe('access areas', () => {
  it("list company people with their role's default areas; staff and admin are not in the matrix", async () => {
    const page = await ok<Page>(await list({ pageSize: 200 }));
    const emails = page.rows.map((r) => r.email);
    expect(emails).toContain('ceo@demo.test');
    expect(emails).not.toContain('staff@demo.test');
    expect(page.total).toBe(page.rows.length);
    expect((await row('ceo@demo.test')).areas).toEqual(['salary.fill', 'salary.reports', 'car.reports', 'company_report']);
    expect((await row('trusted@demo.test')).areas).toEqual(['salary.fill', 'company_report']);
    expect((await row('employee@demo.test')).areas).toEqual([]);
  });

  it('give and take away areas in one save, logged; a change back to the default leaves no mark', async () => {
    const employee = await userId(t, 'employee@demo.test');
    const ceo = await userId(t, 'ceo@demo.test');
    const res = await ok<{ changed: number }>(
      await update([
        { userId: employee, area: 'salary.fill', granted: true },
        { userId: employee, area: 'car.reports', granted: true },
        { userId: ceo, area: 'salary.fill', granted: false },
      ]),
    );
    expect(res.changed).toBe(3);
    expect((await row('employee@demo.test')).areas).toEqual(['salary.fill', 'car.reports']);
    const ceoRow = await row('ceo@demo.test');
    expect(ceoRow.areas).toEqual(['salary.reports', 'car.reports', 'company_report']);
    expect(ceoRow.overridden).toEqual(['salary.fill']);
    const log = await logOf(t, 'survey');
    expect(log.filter((e) => e.action === 'areas.updated')).toHaveLength(3);

    // Giving the ceo back what the role gives clears the admin's word; saving it twice changes nothing more.
    expect((await ok<{ changed: number }>(await update([{ userId: ceo, area: 'salary.fill', granted: true }]))).changed).toBe(1);
    expect((await row('ceo@demo.test')).overridden).toEqual([]);
    expect((await ok<{ changed: number }>(await update([{ userId: ceo, area: 'salary.fill', granted: null }]))).changed).toBe(0);
    expect(await t.database.db.select().from(userAreaAccess).where(eq(userAreaAccess.userId, ceo))).toEqual([]);
  });

  it('filter by holding an area, by role and by company, sorted by company', async () => {
    const beta = await addBetaBio(t);
    const holders = await ok<Page>(await list({ area: 'salary.fill', holds: true, pageSize: 200, sort: 'company' }));
    expect(holders.rows.every((r) => r.areas.includes('salary.fill'))).toBe(true);
    expect(holders.rows.map((r) => r.role)).not.toContain('employee');
    const lacking = await ok<Page>(await list({ area: 'salary.fill', holds: false, role: 'employee', companyId: DEMO_COMPANY_ID }));
    expect(lacking.rows.map((r) => r.email)).toEqual(['employee@demo.test']);
    const betaPeople = await ok<Page>(await list({ companyId: beta.id }));
    expect(betaPeople.rows.every((r) => r.company.id === beta.id)).toBe(true);
    expect(betaPeople.total).toBeGreaterThan(0);
  });

  it('refuse the whole save when one row names someone who cannot hold areas, and change nothing', async () => {
    const employee = await userId(t, 'employee@demo.test');
    const staffId = await userId(t, 'staff@demo.test');
    const res = await update([
      { userId: employee, area: 'salary.fill', granted: true },
      { userId: staffId, area: 'salary.fill', granted: true },
      { userId: 999_999, area: 'credit.fill', granted: true },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'ACCESS_RIGHTS_FAILED',
      message: "Couldn't change access rights.",
      fields: { 'changes.1.userId': expect.any(String), 'changes.2.userId': expect.any(String) },
    });
    expect((await row('employee@demo.test')).areas).toEqual([]);
    expect(await logOf(t, 'survey')).toEqual([]);
  });

  it('are run by staff too, under /aipm', async () => {
    const employee = await userId(t, 'employee@demo.test');
    await ok(await t.api(surveyAccess.areasUpdate.aipm, { changes: [{ userId: employee, area: 'salary.reports', granted: true }] }, staff));
    const page = await ok<Page>(await t.api(surveyAccess.areasList.aipm, { search: 'employee@demo.test' }, staff));
    expect(page.rows[0]?.areas).toEqual(['salary.reports']);
  });
});

describe('available reports', () => {
  const openPeriod = async (status: 'draft' | 'open' | 'closed' | 'published' = 'open') => {
    const [p] = await t.database.db
      .insert(surveyPeriods)
      .values({
        code: `2026-${status}`,
        titleEn: 'Salary survey 2026',
        titleRu: 'Опрос по зарплатам 2026',
        status,
        closesAt: new Date(t.clock.now().getTime() + 21 * 86_400_000),
        effectiveDate: '2026-04-01',
        bonusYear: 2025,
        minimumWage: '22440',
      })
      .returning({ id: surveyPeriods.id });
    return p!.id;
  };

  it('show the ceo the running salary survey with the company progress and deadline; the draft and published ones not', async () => {
    const id = await openPeriod('open');
    await openPeriod('draft');
    await openPeriod('published');
    await t.database.db
      .insert(surveyResponses)
      .values({ periodId: id, companyId: DEMO_COMPANY_ID, status: 'in_progress', progressPct: 40, stepsComplete: 2, stepsTotal: 7 });
    const got = await ok<{ areas: string[]; surveys: Record<string, unknown>[] }>(
      await t.api(surveyAccess.getAvailableReports, undefined, await t.tokenFor('ceo@demo.test')),
    );
    expect(got.areas).toEqual(['salary.fill', 'salary.reports', 'car.reports', 'company_report']);
    expect(got.surveys).toEqual([
      expect.objectContaining({
        periodId: id,
        kind: 'salary',
        responseStatus: 'in_progress',
        progressPct: 40,
        stepsComplete: 2,
        stepsTotal: 7,
        editable: true,
      }),
    ]);
  });

  it('show an employee without the area no survey, and one with it the survey not started', async () => {
    await openPeriod('open');
    const token = await t.tokenFor('employee@demo.test');
    expect((await ok<{ surveys: unknown[] }>(await t.api(surveyAccess.getAvailableReports, undefined, token))).surveys).toEqual([]);
    await ok(await update([{ userId: await userId(t, 'employee@demo.test'), area: 'salary.fill', granted: true }]));
    const got = await ok<{ surveys: { responseStatus: string; editable: boolean }[] }>(
      await t.api(surveyAccess.getAvailableReports, undefined, token),
    );
    expect(got.surveys).toEqual([expect.objectContaining({ responseStatus: 'not_started', editable: true })]);
  });

  it('say a closed period is no longer editable, and a later deadline given to the company is its deadline', async () => {
    const id = await openPeriod('closed');
    const later = new Date(t.clock.now().getTime() + 40 * 86_400_000);
    await t.database.db.insert(surveyResponses).values({ periodId: id, companyId: DEMO_COMPANY_ID, deadlineOverride: later });
    const got = await ok<{ surveys: { deadline: string; editable: boolean }[] }>(
      await t.api(surveyAccess.getAvailableReports, undefined, await t.tokenFor('trusted@demo.test')),
    );
    expect(got.surveys).toEqual([expect.objectContaining({ deadline: later.toISOString(), editable: false })]);
  });
});
