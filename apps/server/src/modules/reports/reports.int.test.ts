import { reports as api, type PeriodReports, type PublishedReport, type Report, type TaskStatus } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../../test/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { DEMO_COMPANY_ID } from '../../../test/org-fixtures.ts';
import { ok } from '../../../test/survey-admin-fixtures.ts';
import { actionLog, reportDownloads, reports, reportTasks, staffDataAccess, surveyPeriods, users } from '../../db/schema/index.ts';
import { seedCreditDemo } from '../../demo-credit.ts';
import { seedSurveyMarket } from '../../demo-survey-market.ts';

let t: TestApp;
let staff: string;
let admin: string;
let ceo: string;
let employee: string;
let period: number;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  staff = await t.tokenFor('staff@demo.test');
  admin = await t.tokenFor('admin@demo.test');
  ceo = await t.tokenFor('ceo@demo.test');
  employee = await t.tokenFor('employee@demo.test');
  // The demo's market: last year's period in review with twelve companies' accepted answers, the demo company's among them.
  await seedSurveyMarket(t.database.db, TEST_NOW, DEMO_COMPANY_ID, '2024');
  const [review] = await t.database.db.select({ id: surveyPeriods.id }).from(surveyPeriods).where(eq(surveyPeriods.status, 'review'));
  period = review!.id;
});
afterAll(async () => {
  await t.close();
});

const drain = () => t.app.services.reportJobs.drain();
const status = async (taskId: number) => ok<TaskStatus>(await t.api(api.checkStatus.aipm, { taskId }, staff));
const list = async () => ok<PeriodReports>(await t.api(api.periodReports.aipm, { periodId: period }, staff));

async function freeze(): Promise<void> {
  const { taskId } = await ok<{ taskId: number }>(await t.api(api.freezeStatistics.aipm, { periodId: period }, staff));
  expect((await status(taskId)).state).toBe('queued');
  await drain();
  expect(await status(taskId)).toMatchObject({ state: 'succeeded', progressPct: 100, errorCode: null, retryAfterMs: null });
}

async function generated(type: 'general' | 'car' | 'full', language: 'en' | 'ru' = 'en'): Promise<Report> {
  const [report] = await ok<Report[]>(
    await t.api(api[`create${cap(type)}Report` as 'createGeneralReport'].aipm, { periodId: period, language }, staff),
  );
  const { taskId } = await ok<{ taskId: number }>(await t.api(api.startGeneration.aipm, { reportId: report!.id }, staff));
  await drain();
  expect((await status(taskId)).state).toBe('succeeded');
  return (await list()).reports.find((r) => r.id === report!.id)!;
}
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

async function workbookOf(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as never);
  return book;
}

describe('freezing the statistics', () => {
  it('freezes the accepted answers in a task, with the snapshot on the period, and logs it', async () => {
    expect((await list()).snapshot).toBeNull();
    await freeze();
    const { snapshot, freezeTaskId } = await list();
    expect(freezeTaskId).toBeNull();
    expect(snapshot!.responsesIncluded).toBeGreaterThanOrEqual(12);
    expect(snapshot!.cells).toBeGreaterThan(snapshot!.suppressedCells);
    const [log] = await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'snapshot.frozen'));
    expect(log?.domain).toBe('survey');
  });

  it('refuses a period with fewer accepted participants than the rules ask', async () => {
    const [open] = await t.database.db.select({ id: surveyPeriods.id }).from(surveyPeriods).where(eq(surveyPeriods.status, 'open'));
    const res = await t.api(api.freezeStatistics.aipm, { periodId: open!.id }, staff);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'REPORT_TOO_FEW_RESPONSES',
      message: 'There are too few accepted responses for any statistic to be published.',
    });
  });

  it('refuses a second freeze while one is queued, and a report before any freeze', async () => {
    await ok(await t.api(api.freezeStatistics.aipm, { periodId: period }, staff));
    const again = await t.api(api.freezeStatistics.aipm, { periodId: period }, staff, { headers: { 'accept-language': 'ru' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REPORT_BUILDING', message: 'Это уже формируется. Дождитесь окончания.' });
    const early = await t.api(api.createGeneralReport.aipm, { periodId: period, language: 'en' }, staff);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'REPORT_NO_SNAPSHOT' });
    expect(await t.database.db.select().from(reports)).toEqual([]);
  });
});

describe('generating reports', () => {
  beforeEach(freeze);

  it('builds the general report in both languages as xlsx, stamped with the reader at download, and logs each download', async () => {
    const en = await generated('general', 'en');
    const ru = await generated('general', 'ru');
    expect(en).toMatchObject({ status: 'ready', format: 'xlsx', version: 1, taskId: null });
    expect(en.fileName).toMatch(/^AIPM-.+-general-en-v1\.xlsx$/);
    expect(ru.fileName).toMatch(/-general-ru-v1\.xlsx$/);
    const res = await t.api(api.download.aipm, { reportId: en.id }, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = await workbookOf(res.rawPayload);
    expect(book.worksheets.length).toBeGreaterThan(1);
    const cover = book.worksheets[0]!;
    const text = cover.getSheetValues().flat().map(String).join(' ');
    expect(text).toContain('Sergey Staffov');
    const downloads = await t.database.db.select().from(reportDownloads).where(eq(reportDownloads.reportId, en.id));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatchObject({ periodId: period, companyId: null });
  });

  it('gives the general, car and full reports their profile, budgets, benefits, trend, car and allowance sections', async () => {
    const book = async (report: Report) => workbookOf((await t.api(api.download.aipm, { reportId: report.id }, staff)).rawPayload);
    /** A table's sheet by its heading (A1), as its rows of values. */
    const table = (workbook: ExcelJS.Workbook, heading: string) => {
      const sheet = workbook.worksheets.find((ws) => ws.getCell(1, 1).value === heading);
      if (!sheet) throw new Error(`no sheet "${heading}" in ${workbook.worksheets.map((ws) => ws.getCell(1, 1).value)}`);
      return (sheet.getSheetValues() as ExcelJS.CellValue[][]).slice(3).map((row) => (row ?? []).slice(1));
    };
    const rowOf = (rows: ExcelJS.CellValue[][], first: string) => rows.find((r) => r[0] === first);

    const general = await book(await generated('general', 'en'));
    const profile = table(general, 'Participant profile: companies and incumbents covered');
    expect(rowOf(profile, 'All participants')).toEqual(['All participants', 12, 100, expect.any(Number)]);
    expect(profile.some((r) => String(r[0]).startsWith('Present in '))).toBe(true);
    const budgets = table(general, 'Increase budgets including and excluding freezes, % of payroll');
    expect(budgets.filter((r) => r[2] === 'Excluding freezes').length).toBeGreaterThan(0);
    // No company of the demo froze salaries: the budgets are the same either way.
    expect(budgets[1]!.slice(3)).toEqual(budgets[0]!.slice(3));
    const benefits = table(general, 'Benefits: allowance prevalence across positions');
    expect(rowOf(benefits, 'Mobile phone')).toEqual(['Mobile phone', 11, expect.any(Number), expect.any(Number)]);
    const trend = table(general, 'Five-year trend of the headline figures');
    expect(trend[0]![0]).toBe('Salary survey 2024');
    expect(trend.flat()).toContain('No earlier data: no earlier period has frozen statistics to compare with.');
    expect(general.getWorksheet('Charts')!.getColumn(1).values).toContain('Actual increase budget over the years: P25–P75 and median, %');

    const car = await book(await generated('car', 'en'));
    expect(table(car, 'Private use of company cars by position, % of companies').length).toBeGreaterThan(0);
    expect(table(car, 'Car acquisition by position: owned or leased, % of companies').length).toBeGreaterThan(0);
    const models = table(car, 'Typical car makes and models by class, % of companies');
    expect(models.filter((r) => r[1] === 'Any model of the class').map((r) => r[0])).toEqual(['Class B', 'Class C', 'Class D']);
    // Nine companies name the Camry in class D; class B's three are too few.
    expect(models.find((r) => r[1] === 'Toyota Camry')).toEqual(['Class D', 'Toyota Camry', 9, 100]);
    expect(models.find((r) => r[1] === 'Kia Rio')).toEqual(['Class B', 'Kia Rio', 'n<5', 'n<5']);

    const full = await book(await generated('full', 'ru'));
    const allowances = table(full, 'Распространённость компенсаций по группам должностей');
    expect(allowances.map((r) => r[0])).toContain('Все группы должностей');
    expect(allowances.map((r) => r[0])).toContain('Продажи');
  });

  it('never builds the same edition twice at once, and keeps a published edition as it was read', async () => {
    const [report] = await ok<Report[]>(await t.api(api.createCarReport.aipm, { periodId: period, language: 'en' }, staff));
    await ok(await t.api(api.startGeneration.aipm, { reportId: report!.id }, staff));
    const twice = await t.api(api.startGeneration.aipm, { reportId: report!.id }, staff);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REPORT_BUILDING');
    expect(await drain()).toBe(1);
    await ok(await t.api(api.setAccessToReport.aipm, { periodId: period, reportId: report!.id, participants: true, publish: true }, staff));
    const again = await t.api(api.startGeneration.aipm, { reportId: report!.id }, staff);
    expect(again.statusCode).toBe(409);
    // A new edition of a published report is a new version.
    const [next] = await ok<Report[]>(await t.api(api.createCarReport.aipm, { periodId: period, language: 'en' }, staff));
    expect(next).toMatchObject({ version: 2, status: 'draft' });
  });

  it('converts a built report to PDF, and zips the period’s reports', async () => {
    const xlsx = await generated('full');
    const { taskId } = await ok<{ taskId: number }>(await t.api(api.convertToPdf.aipm, { reportId: xlsx.id }, staff));
    await drain();
    expect((await status(taskId)).state).toBe('succeeded');
    const pdf = (await list()).reports.find((r) => r.format === 'pdf')!;
    expect(pdf).toMatchObject({ type: 'full', status: 'ready', pdfSourceReportId: xlsx.id, version: xlsx.version });
    const file = await t.api(api.download.aipm, { reportId: pdf.id }, staff);
    const doc = await PDFDocument.load(file.rawPayload);
    expect(doc.getPageCount()).toBeGreaterThan(1);

    const zip = await ok<{ taskId: number; archiveId: number }>(await t.api(api.createZip.aipm, { periodId: period, language: 'en' }, staff));
    await drain();
    expect((await status(zip.taskId)).state).toBe('succeeded');
    const archive = await t.api(api.downloadZip.aipm, { archiveId: zip.archiveId }, staff);
    expect(archive.statusCode).toBe(200);
    expect(archive.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(archive.rawPayload.includes(Buffer.from(pdf.fileName!))).toBe(true);
  });

  it('fails a task whose process died, and retries its job as a new attempt that completes', async () => {
    const [report] = await ok<Report[]>(await t.api(api.createGeneralReport.aipm, { periodId: period, language: 'en' }, staff));
    const { taskId } = await ok<{ taskId: number }>(await t.api(api.startGeneration.aipm, { reportId: report!.id }, staff));
    // A worker took the job and died: the task is running, its heartbeat long silent.
    const long = new Date(t.clock.now().getTime() - 10 * 60_000);
    await t.database.db.update(reportTasks).set({ state: 'running', startedAt: long, heartbeatAt: long }).where(eq(reportTasks.id, taskId));
    await t.app.services.reportJobs.sweep();
    expect(await status(taskId)).toMatchObject({ state: 'failed', errorCode: 'errors.generationInterrupted' });
    // The sweep queued the next attempt: it runs to the end (the dead attempt's own job finds nothing to do).
    await drain();
    const tasks = await ok<TaskStatus[]>(await t.api(api.tasks.aipm, { periodId: period }, staff));
    const attempts = tasks.filter((x) => x.reportId === report!.id);
    expect(attempts.map((x) => [x.attempt, x.state])).toEqual([
      [2, 'succeeded'],
      [1, 'failed'],
    ]);
    expect((await list()).reports.find((r) => r.id === report!.id)?.status).toBe('ready');
  });
});

describe('access and publication', () => {
  beforeEach(freeze);

  it('publishes to the accepted participants (give to get) and tells their readers by e-mail', async () => {
    const report = await generated('general');
    const result = await ok<{ granted: number; published: number; notified: number }>(
      await t.api(api.setAccessToReport.aipm, { periodId: period, reportType: 'general', participants: true, publish: true }, staff),
    );
    expect(result.published).toBe(1);
    const participants = await ok<{ id: number; name: string }[]>(await t.api(api.participants.aipm, { periodId: period }, staff));
    expect(participants).toContainEqual({ id: DEMO_COMPANY_ID, name: 'Demo Pharma' });
    expect(result.granted).toBe(participants.length);
    await t.flushMail();
    const mail = t.mail.find((m) => m.to === 'ceo@demo.test');
    expect(mail?.type).toBe('reportPublished');
    expect(mail?.text).toContain('/ceo/reports/published');
    const mine = await ok<PublishedReport[]>(await t.api(api.getPublishedReports, {}, ceo));
    expect(mine.map((r) => r.id)).toEqual([report.id]);
    const file = await t.api(api.downloadPublished, { reportId: report.id }, ceo);
    expect(file.statusCode).toBe(200);
    const text = (await workbookOf(file.rawPayload)).worksheets[0]!.getSheetValues().flat().map(String).join(' ');
    expect(text).toContain('Cyril Directorov');
    expect(text).toContain('Demo Pharma');
    const [logged] = await t.database.db
      .select()
      .from(reportDownloads)
      .where(eq(reportDownloads.userId, await idOf('ceo@demo.test')));
    expect(logged).toMatchObject({ reportId: report.id, companyId: DEMO_COMPANY_ID });
  });

  it('is 403 for a person without the area or a company without a grant, and 404 for no report', async () => {
    const report = await generated('general');
    await ok(await t.api(api.setAccessToReport.aipm, { periodId: period, reportId: report.id, publish: true }, staff));
    // Published but granted to nobody: not even the ceo may read it.
    expect((await t.api(api.downloadPublished, { reportId: report.id }, ceo)).statusCode).toBe(403);
    await ok(await t.api(api.setAccessToReport.aipm, { periodId: period, reportId: report.id, companyIds: [DEMO_COMPANY_ID] }, staff));
    expect((await t.api(api.downloadPublished, { reportId: report.id }, ceo)).statusCode).toBe(200);
    // The employee's company has it, but the employee lacks the salary reports area.
    expect((await t.api(api.downloadPublished, { reportId: report.id }, employee)).statusCode).toBe(403);
    expect(await ok<PublishedReport[]>(await t.api(api.getPublishedReports, {}, employee))).toEqual([]);
    // A grant to the employee alone does not help without the area either; the area and a grant do.
    expect((await t.api(api.downloadPublished, { reportId: 999999 }, ceo)).statusCode).toBe(404);
  });

  it('saves a bulk change all or nothing, naming the rows at fault, in the caller’s language', async () => {
    const report = await generated('car');
    const before = await ok<unknown[]>(await t.api(api.accessReportsList.aipm, { periodId: period }, staff));
    const refused = await t.api(
      api.accessReportsUpdate.aipm,
      {
        changes: [
          { periodId: period, reportId: report.id, companyId: DEMO_COMPANY_ID, grant: true },
          { periodId: period, reportType: 'car', companyId: 999999, grant: true },
          { periodId: period, reportType: 'car', userId: await idOf('staff@demo.test'), grant: true },
        ],
      },
      staff,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'ACCESS_RIGHTS_FAILED', message: "Couldn't change access rights." });
    expect(Object.keys(refused.json().fields).sort()).toEqual(['changes.1.companyId', 'changes.2.userId']);
    expect(await ok<unknown[]>(await t.api(api.accessReportsList.aipm, { periodId: period }, staff))).toEqual(before);

    const done = await ok<{ applied: number }>(
      await t.api(
        api.accessReportsUpdate.aipm,
        { changes: [{ periodId: period, reportType: 'car', userId: await idOf('employee@demo.test'), grant: true }] },
        staff,
      ),
    );
    expect(done.applied).toBe(1);
    const grants = await ok<{ userName: string | null; reportType: string | null }[]>(
      await t.api(api.accessReportsList.aipm, { periodId: period }, staff),
    );
    expect(grants).toContainEqual(expect.objectContaining({ userName: 'Egor Sotrudnikov', reportType: 'car' }));
  });

  it('lets staff change access only with the report_admin scope an admin gives them', async () => {
    await t.database.db.delete(staffDataAccess);
    const body = { periodId: period, reportType: 'general' as const, companyIds: [DEMO_COMPANY_ID] };
    // A business refusal, not a 403: the staff member's role may call, only the scope is lacking (a 403 logs out).
    const refused = await t.api(api.setAccessToReport.aipm, body, staff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'STAFF_SCOPE_REQUIRED', message: 'An administrator has to give you this data access first.' });
    expect((await t.api(api.setAccessToReport.admin, body, admin)).statusCode).toBe(200);
    const staffId = await idOf('staff@demo.test');
    await ok(await t.api(api.staffDataUpdate, { changes: [{ userId: staffId, scope: 'report_admin', grant: true }] }, admin));
    const { rows } = await ok<{ rows: { userId: number; scopes: string[] }[] }>(await t.api(api.staffDataList, undefined, admin));
    expect(rows.find((r) => r.userId === staffId)?.scopes).toEqual(['report_admin']);
    expect((await t.api(api.setAccessToReport.aipm, { ...body, revoke: true }, staff)).statusCode).toBe(200);
    const notStaff = await t.api(
      api.staffDataUpdate,
      { changes: [{ userId: await idOf('ceo@demo.test'), scope: 'raw_salary', grant: true }] },
      admin,
    );
    expect(notStaff.statusCode).toBe(400);
  });

  it('gives a reader the zip of every report of the period they may read, each stamped for them', async () => {
    const general = await generated('general');
    const car = await generated('car');
    for (const reportType of ['general', 'car'] as const)
      await ok(await t.api(api.setAccessToReport.aipm, { periodId: period, reportType, participants: true, publish: true }, staff));
    const zip = await t.api(api.downloadZipReports, { periodId: period }, ceo);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    for (const r of [general, car]) expect(zip.rawPayload.includes(Buffer.from(r.fileName!))).toBe(true);
    const logged = await t.database.db
      .select()
      .from(reportDownloads)
      .where(and(eq(reportDownloads.userId, await idOf('ceo@demo.test')), eq(reportDownloads.periodId, period)));
    expect(logged).toHaveLength(2);
  });
});

describe('the credit report', () => {
  it('is built from a credit period’s data in a task, and refused for a salary period', async () => {
    await seedCreditDemo(t.database.db, TEST_NOW);
    const [credit] = await t.database.db.select({ id: surveyPeriods.id }).from(surveyPeriods).where(eq(surveyPeriods.kind, 'credit'));
    const wrong = await t.api(api.createCreditReport.aipm, { periodId: period, language: 'en' }, staff);
    expect(wrong.statusCode).toBe(409);
    const [report] = await ok<Report[]>(await t.api(api.createCreditReport.aipm, { periodId: credit!.id, language: 'ru' }, staff));
    expect(report).toMatchObject({ type: 'credit', snapshotId: null, status: 'draft' });
    const { taskId } = await ok<{ taskId: number }>(await t.api(api.startGeneration.aipm, { reportId: report!.id }, staff));
    await drain();
    expect((await status(taskId)).state).toBe('succeeded');
    const file = await t.api(api.download.aipm, { reportId: report!.id }, staff);
    expect(file.statusCode).toBe(200);
    const sheets = (await workbookOf(file.rawPayload)).worksheets.map((w) => w.name);
    expect(sheets.length).toBeGreaterThan(1);
    const published = await ok<{ granted: number; published: number }>(
      await t.api(api.setAccessToReport.aipm, { periodId: credit!.id, reportType: 'credit', participants: true, publish: true }, staff),
    );
    expect(published).toMatchObject({ published: 1 });
    expect(published.granted).toBeGreaterThanOrEqual(6);
  });
});

describe('the interactive cut', () => {
  it('answers the base salary per position for a size band with the period’s rules, suppressed cells with their reason', async () => {
    const all = await ok<{ companies: number; rows: { nCompanies: number; suppressReason: string | null; p50: string | null }[] }>(
      await t.api(api.interactiveCut.aipm, { periodId: period }, staff),
    );
    expect(all.companies).toBeGreaterThanOrEqual(12);
    expect(all.rows.some((r) => r.suppressReason === null && r.p50 !== null)).toBe(true);
    for (const r of all.rows.filter((x) => x.suppressReason === null)) expect(r.nCompanies).toBeGreaterThanOrEqual(5);
    const small = await ok<typeof all>(await t.api(api.interactiveCut.aipm, { periodId: period, sizeBand: '2000plus' }, staff));
    expect(small.companies).toBeLessThan(all.companies);
  });
});

const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
