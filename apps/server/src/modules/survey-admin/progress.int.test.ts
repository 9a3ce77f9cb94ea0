import { surveyAdmin as api } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../../test/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, addCompanies, DEMO_COMPANY_ID, insertPerson } from '../../../test/org-fixtures.ts';
import { ok, openPeriod, setResponse, withoutDemoSurvey } from '../../../test/survey-admin-fixtures.ts';
import {
  actionLog,
  companies,
  respondentContacts,
  responseEvents,
  surveyPeriods,
  surveyReminders,
  surveyResponses,
  userAreaAccess,
  users,
  validationIssues,
} from '../../db/schema/index.ts';

let t: TestApp;
let staff: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  await withoutDemoSurvey(t);
  staff = await t.tokenFor('staff@demo.test');
  admin = await t.tokenFor('admin@demo.test');
});
afterAll(async () => {
  await t.close();
});

type Row = {
  company: string;
  status: string;
  progressPct: number;
  isTest: boolean;
  reminders: number;
  openIssues: number;
  steps: { key: string; status: string }[];
  lastSavedBy: string | null;
  extended: boolean;
  deadline: string;
};
type Page = { rows: Row[]; total: number };
const list = async (periodId: number, q: Record<string, unknown> = {}) =>
  ok<Page>(await t.api(api.progress.aipm, { periodId, ...q } as never, staff));
const DAY = 24 * 60 * 60 * 1000;
const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('the completion dashboard', () => {
  it('lists every active member company with its response, filtered, sorted and paged in the database', async () => {
    const period = await openPeriod(t, staff);
    const beta = await addBetaBio(t);
    const [c1, c2, c3] = await addCompanies(t, 3, { prefix: 'Gamma' });
    await addCompanies(t, 1, { prefix: 'Gone', isActive: false });
    await setResponse(t, period, DEMO_COMPANY_ID, 'in_progress', {
      progressPct: 40,
      lastSavedBy: await userId('ceo@demo.test'),
      steps: { contact: 'complete', matching: 'in_progress', positions: 'has_errors' },
    });
    await setResponse(t, period, beta.id, 'submitted', { progressPct: 100 });
    await setResponse(t, period, c1!, 'accepted', { progressPct: 100 });
    await setResponse(t, period, c2!, 'in_progress', { progressPct: 10 });
    await t.database.db.update(companies).set({ isTest: true }).where(eq(companies.id, c3!));

    const all = await list(period, { sort: 'company' });
    expect(all.total).toBe(5);
    expect(all.rows.map((r) => [r.company, r.status, r.progressPct, r.isTest])).toEqual([
      ['Beta Bio', 'submitted', 100, false],
      ['Demo Pharma', 'in_progress', 40, false],
      ['Gamma 001', 'accepted', 100, false],
      ['Gamma 002', 'in_progress', 10, false],
      ['Gamma 003', 'not_started', 0, true],
    ]);
    const demo = all.rows[1]!;
    expect(demo.steps).toEqual(
      expect.arrayContaining([
        { key: 'contact', status: 'complete' },
        { key: 'positions', status: 'has_errors' },
      ]),
    );
    expect(demo.lastSavedBy).toMatch(/\S+ \S+/);
    expect(demo.deadline).toBe('2026-04-30T18:00:00.000Z');

    const incomplete = await list(period, { incomplete: true, sort: 'progress', order: 'desc' });
    expect(incomplete.rows.map((r) => r.company)).toEqual(['Demo Pharma', 'Gamma 002', 'Gamma 003']);
    expect((await list(period, { status: 'not_started' })).rows.map((r) => r.company)).toEqual(['Gamma 003']);
    expect((await list(period, { search: 'gam' })).total).toBe(3);
    expect((await list(period, { search: '%' })).total).toBe(0);
    const page2 = await list(period, { pageSize: 2, page: 2, sort: 'company' });
    expect(page2).toMatchObject({ total: 5 });
    expect(page2.rows.map((r) => r.company)).toEqual(['Gamma 001', 'Gamma 002']);

    // The period's counts leave the test company out.
    const [listed] = (await ok<{ counts: Record<string, number> }[]>(await t.api(api.periods.aipm, undefined, staff))) as {
      counts: Record<string, number>;
    }[];
    expect(listed!.counts).toEqual({ companies: 4, notStarted: 0, inProgress: 2, submitted: 1, accepted: 1, excluded: 0 });
  });

  it('exports the same rows as an Excel file', async () => {
    const period = await openPeriod(t, staff);
    await setResponse(t, period, DEMO_COMPANY_ID, 'in_progress', { progressPct: 40 });
    const res = await t.api(api.progressDownload.admin, { periodId: period, incomplete: true }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('Company');
    expect([ws.getRow(2).getCell(1).value, ws.getRow(2).getCell(3).value, ws.getRow(2).getCell(4).value]).toEqual(['Demo Pharma', 'In progress', 40]);
  });
});

describe('reminders', () => {
  it('go by themselves at 14, 7 and 2 days before the deadline, once each, only to companies not yet complete', async () => {
    const period = await openPeriod(t, staff);
    const beta = await addBetaBio(t);
    await setResponse(t, period, beta.id, 'submitted');
    await t.database.db.insert(respondentContacts).values({
      companyId: DEMO_COMPANY_ID,
      name: 'Olga Ivanova',
      position: 'HR Director',
      phone: '+7 495 000-00-00',
      email: 'olga@demo.test',
      companyFullName: 'Demo Pharma LLC',
    });
    // The trusted person of Demo Pharma lost the area; an employee was given it.
    await t.database.db.insert(userAreaAccess).values([
      { userId: await userId('trusted@demo.test'), area: 'salary.fill', granted: false },
      { userId: await userId('employee@demo.test'), area: 'salary.fill', granted: true },
    ]);
    const deadline = new Date('2026-04-30T18:00:00Z').getTime();

    t.clock.set(new Date(deadline - 20 * DAY));
    expect(await t.app.services.surveyReminders.remindDue()).toBe(0);
    t.clock.set(new Date(deadline - 14 * DAY + 60_000));
    expect(await t.app.services.surveyReminders.remindDue()).toBe(1);
    expect(await t.app.services.surveyReminders.remindDue()).toBe(0);
    await t.flushMail();
    expect(t.mail.map((m) => [m.to, m.type]).sort()).toEqual([
      ['ceo@demo.test', 'surveyReminder'],
      ['employee@demo.test', 'surveyReminder'],
      ['olga@demo.test', 'surveyReminder'],
    ]);
    const ceoMail = t.mail.find((m) => m.to === 'ceo@demo.test')!;
    expect(ceoMail.subject).toBe('Salary survey Salary survey 2026: 14 days to the deadline');
    expect(ceoMail.text).toContain('/ceo/reports/selection/salary');

    t.clock.set(new Date(deadline - 3 * DAY));
    expect(await t.app.services.surveyReminders.remindDue()).toBe(1);
    t.clock.set(new Date(deadline - DAY));
    expect(await t.app.services.surveyReminders.remindDue()).toBe(1);
    t.clock.set(new Date(deadline + DAY));
    expect(await t.app.services.surveyReminders.remindDue()).toBe(0);
    const sent = await t.database.db.select().from(surveyReminders).where(eq(surveyReminders.periodId, period));
    expect(sent.map((s) => [s.companyId, s.daysBefore])).toEqual([
      [DEMO_COMPANY_ID, 14],
      [DEMO_COMPANY_ID, 7],
      [DEMO_COMPANY_ID, 2],
    ]);
    t.clock.set(TEST_NOW); // the staff session would have expired meanwhile
    expect((await list(period, { search: 'Demo' })).rows[0]!.reminders).toBe(3);
  });

  it('follow a company deadline extension and leave test companies out', async () => {
    const period = await openPeriod(t, staff);
    await ok(await t.api(api.extendDeadline.aipm, { periodId: period, companyId: DEMO_COMPANY_ID, deadline: '2026-05-31T18:00:00Z' }, staff), 204);
    const [test] = await addCompanies(t, 1, { prefix: 'Trial' });
    await insertPerson(t, test!, 'ceo@trial.test', { role: 'ceo' });
    await ok(await t.api(api.setTestCompany, { companyId: test!, isTest: true }, admin), 204);
    t.clock.set(new Date(new Date('2026-04-30T18:00:00Z').getTime() - DAY));
    expect(await t.app.services.surveyReminders.remindDue()).toBe(0);
    t.clock.set(new Date(new Date('2026-05-31T18:00:00Z').getTime() - DAY));
    expect(await t.app.services.surveyReminders.remindDue()).toBe(1);
  });

  it('go at one click to one company or to every incomplete one, recorded and logged', async () => {
    const period = await openPeriod(t, staff);
    const beta = await addBetaBio(t);
    await setResponse(t, period, beta.id, 'accepted');
    const one = await ok<{ companies: number; messages: number }>(
      await t.api(api.remind.aipm, { periodId: period, companyId: DEMO_COMPANY_ID }, staff),
    );
    expect(one).toEqual({ companies: 1, messages: 2 });
    const done = await t.api(api.remind.aipm, { periodId: period, companyId: beta.id }, staff);
    expect(done.json()).toMatchObject({ code: 'RESPONSE_MOVE_IMPOSSIBLE' });
    expect(await ok(await t.api(api.remind.admin, { periodId: period }, admin))).toEqual({ companies: 1, messages: 2 });
    const logged = await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'survey.reminded'));
    expect(logged).toHaveLength(2);
    expect((await list(period, { search: 'Demo' })).rows[0]!.reminders).toBe(2);
    await t.database.db.update(surveyPeriods).set({ status: 'closed' }).where(eq(surveyPeriods.id, period));
    expect((await t.api(api.remind.aipm, { periodId: period }, staff)).json()).toMatchObject({ code: 'SURVEY_NOT_OPEN' });
  });
});

describe('review', () => {
  const target = (period: number) => ({ periodId: period, companyId: DEMO_COMPANY_ID });
  const response = async (period: number) =>
    (
      await t.database.db
        .select()
        .from(surveyResponses)
        .where(and(eq(surveyResponses.periodId, period), eq(surveyResponses.companyId, DEMO_COMPANY_ID)))
    )[0];

  it('returns a submitted response with a question: a staff query, an e-mail, history and log', async () => {
    const period = await openPeriod(t, staff);
    const id = await setResponse(t, period, DEMO_COMPANY_ID, 'submitted');
    await ok(
      await t.api(api.returnResponse.aipm, { ...target(period), stepKey: 'positions', text: 'Please check the Moscow base salaries.' }, staff),
      204,
    );
    expect((await response(period))!).toMatchObject({ status: 'returned', staffReason: 'Please check the Moscow base salaries.', version: 2 });
    const [query] = await t.database.db.select().from(validationIssues).where(eq(validationIssues.responseId, id));
    expect(query).toMatchObject({
      severity: 'staff_query',
      stepKey: 'positions',
      params: { text: 'Please check the Moscow base salaries.' },
      acknowledgedAt: null,
    });
    const [event] = await t.database.db.select().from(responseEvents).where(eq(responseEvents.responseId, id));
    expect(event).toMatchObject({
      action: 'return',
      stepKey: 'positions',
      summary: expect.objectContaining({ before: 'submitted', after: 'returned' }),
    });
    await t.flushMail();
    const mail = t.mail.find((m) => m.to === 'ceo@demo.test')!;
    expect(mail.type).toBe('surveyReturned');
    expect(mail.text).toContain('Positions data');
    expect(mail.text).toContain('Please check the Moscow base salaries.');
    const row = (await list(period, { search: 'Demo' })).rows[0]!;
    expect(row).toMatchObject({ status: 'returned', openIssues: 1 });
    // Only a submitted response can be returned.
    const again = await t.api(api.returnResponse.aipm, { ...target(period), stepKey: 'positions', text: 'Again?' }, staff);
    expect(again.json()).toMatchObject({ code: 'RESPONSE_MOVE_IMPOSSIBLE' });
  });

  it('accepts a submitted response, excludes with a reason and takes it back in', async () => {
    const period = await openPeriod(t, staff);
    expect((await t.api(api.acceptResponse.aipm, target(period), staff)).statusCode).toBe(409);
    await setResponse(t, period, DEMO_COMPANY_ID, 'submitted');
    await ok(await t.api(api.acceptResponse.aipm, target(period), staff), 204);
    expect((await response(period))!.status).toBe('accepted');
    await ok(await t.api(api.excludeResponse.admin, { ...target(period), reason: 'Figures for another legal entity.' }, admin), 204);
    expect((await response(period))!).toMatchObject({ status: 'excluded', staffReason: 'Figures for another legal entity.' });
    await ok(await t.api(api.reopenResponse.aipm, target(period), staff), 204);
    expect((await response(period))!).toMatchObject({ status: 'in_progress', staffReason: null });
    const events = await t.database.db.select({ action: responseEvents.action }).from(responseEvents);
    expect(events.map((e) => e.action)).toEqual(['accept', 'exclude', 'reopen']);
    const logged = await t.database.db.select({ action: actionLog.action }).from(actionLog).where(eq(actionLog.domain, 'survey'));
    expect(logged.map((l) => l.action)).toEqual(
      expect.arrayContaining(['surveyResponse.accepted', 'surveyResponse.excluded', 'surveyResponse.reopened']),
    );
  });

  it('extends one company deadline (later than the period only) and takes it back', async () => {
    const period = await openPeriod(t, staff);
    const early = await t.api(api.extendDeadline.aipm, { ...target(period), deadline: '2026-04-01T00:00:00Z' }, staff);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ fields: { deadline: "The new deadline must come after the period's deadline." } });
    await ok(await t.api(api.extendDeadline.aipm, { ...target(period), deadline: '2026-05-15T18:00:00Z' }, staff), 204);
    expect((await list(period, { search: 'Demo' })).rows[0]).toMatchObject({
      extended: true,
      deadline: '2026-05-15T18:00:00.000Z',
      status: 'not_started',
    });
    await ok(await t.api(api.extendDeadline.aipm, { ...target(period), deadline: null }, staff), 204);
    expect((await list(period, { search: 'Demo' })).rows[0]).toMatchObject({ extended: false, deadline: '2026-04-30T18:00:00.000Z' });
  });

  it('resets a response with a reason (answers gone, logged), never after publication', async () => {
    const period = await openPeriod(t, staff);
    await setResponse(t, period, DEMO_COMPANY_ID, 'in_progress', { progressPct: 50, steps: { contact: 'complete' } });
    const noReason = await t.call('DELETE', `/api/aipm/report-progress/remove?periodId=${period}&companyId=${DEMO_COMPANY_ID}&reason=`, {
      token: staff,
    });
    expect(noReason.statusCode).toBe(400);
    await ok(await t.api(api.resetResponse.aipm, { ...target(period), reason: 'Filled in by mistake.' }, staff), 204);
    expect(await response(period)).toBeUndefined();
    const [entry] = await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'surveyResponse.reset'));
    expect(entry).toMatchObject({
      before: expect.objectContaining({ status: 'in_progress', progressPct: 50 }),
      after: expect.objectContaining({ reason: 'Filled in by mistake.' }),
    });
    expect((await t.api(api.resetResponse.aipm, { ...target(period), reason: 'Again' }, staff)).statusCode).toBe(404);
    await setResponse(t, period, DEMO_COMPANY_ID, 'accepted');
    await t.database.db.update(surveyPeriods).set({ status: 'published' }).where(eq(surveyPeriods.id, period));
    expect((await t.api(api.resetResponse.aipm, { ...target(period), reason: 'Too late' }, staff)).json()).toMatchObject({
      code: 'RESPONSE_PUBLISHED',
    });
    expect((await t.api(api.acceptResponse.aipm, target(period), staff)).json()).toMatchObject({ code: 'PERIOD_LOCKED' });
  });

  it('lets only admin mark a test company', async () => {
    const res = await t.api(api.setTestCompany, { companyId: DEMO_COMPANY_ID, isTest: true }, admin);
    expect(res.statusCode).toBe(204);
    expect((await t.database.db.select({ isTest: companies.isTest }).from(companies).where(eq(companies.id, DEMO_COMPANY_ID)))[0]!.isTest).toBe(true);
    expect(
      (await t.call('POST', '/api/admin/report-progress/testCompany', { token: staff, json: { companyId: DEMO_COMPANY_ID, isTest: false } }))
        .statusCode,
    ).toBe(403);
    const ceo = await t.tokenFor('ceo@demo.test');
    expect((await t.call('GET', '/api/aipm/period', { token: ceo })).statusCode).toBe(403);
  });
});
