import { survey as api, type IncumbentReport, type PositionsData, type SaveResult, type SurveyOverview } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, DEMO_COMPANY_ID, type FixtureCompany, logOf } from '../../../test/org-fixtures.ts';
import { positionIncumbents, responseEvents, surveyPeriods, surveyResponses } from '../../db/schema/index.ts';
import { positionIdsByCode, regionIdsByCode } from '../../db/seed/survey-catalogue.ts';

let t: TestApp;
let staff: string;
let ceo: string;
let employee: string;
let beta: FixtureCompany;
let betaCeo: string;
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
  positions = await positionIdsByCode(t.database.db);
  regions = await regionIdsByCode(t.database.db);
});
afterAll(async () => {
  await t.close();
});

type Res = { statusCode: number; body: string; json(): unknown };
const ok = async <T>(res: Res, status = 200): Promise<T> => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const overview = async (token: string, companyId?: number) => ok<SurveyOverview>(await t.api(api.getSurvey, { companyId }, token));
const grid = async (token: string, companyId?: number) => ok<PositionsData>(await t.api(api.getPositionsData, { companyId }, token));
const rowOf = (data: PositionsData, code: string, region: string) =>
  data.rows.find((r) => r.positionId === positions.get(code) && r.regionId === regions.get(region));

const download = async (token: string, companyId?: number) => {
  const res = await t.api(api.downloadIncumbents, { companyId }, token);
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook;
};
/** The template with these lines added (position, region, base, 13th, target %, actual). */
const withLines = (workbook: ExcelJS.Workbook, lines: (string | number | null)[][]) => {
  const sheet = workbook.getWorksheet('Incumbents')!;
  for (const line of lines) sheet.addRow(line);
  return workbook;
};
const upload = async (token: string, workbook: ExcelJS.Workbook, fields: Record<string, unknown>) =>
  t.api(api.uploadIncumbents, fields as never, token, {
    file: { filename: 'incumbents.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) },
  });
const storedIncumbents = () => t.database.db.select().from(positionIncumbents);

/** Two rows of Beta Bio's grid from four people: three field representatives in Moscow, one in Saint Petersburg. */
const GOOD_LINES = [
  ['SAL-01', 'MOW', 100000, 100000, 20, 240000],
  ['SAL-01', 'MOW', 100000, null, null, null],
  ['SAL-01', 'MOW', 100001, 0, 25, 300001],
  ['SAL-01', 'SPB', 90000, 90000, 15, 150000],
];

describe('the incumbent template', () => {
  it('has one sheet of codes and pay (no names), the catalogue on a second sheet, and comes back prefilled', async () => {
    const workbook = await download(betaCeo);
    const sheet = workbook.getWorksheet('Incumbents')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Position code',
      'Region code',
      'Base salary, RUB/month',
      '13th salary etc., RUB/year',
      'Bonus target, %',
      'Bonus paid, RUB/year',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'position_code',
      'region_code',
      'base_salary',
      'guaranteed_extra_annual',
      'bonus_target_pct',
      'bonus_actual',
    ]);
    expect(sheet.rowCount).toBe(2);
    const codes = workbook.getWorksheet('Codes')!;
    const column = (n: number) => codes.getColumn(n).values.filter((v) => v !== undefined && v !== null);
    expect(column(1)).toEqual(expect.arrayContaining(['Position code', 'SAL-01', 'HR-03']));
    expect(column(3)).toContain('Sales');
    expect(column(5)).toEqual(expect.arrayContaining(['Region code', 'MOW', 'SPB']));
    // Russian headers for a Russian reader; the codes stay.
    const ru = new ExcelJS.Workbook();
    await ru.xlsx.load((await t.api(api.downloadIncumbents, { locale: 'ru' }, betaCeo)).rawPayload as unknown as ArrayBuffer);
    expect(ru.getWorksheet('Incumbents')!.getRow(1).getCell(3).value).toBe('Оклад, руб./мес.');

    const version = (await overview(betaCeo)).response.version;
    await ok(await upload(betaCeo, withLines(workbook, GOOD_LINES), { version, commit: true }));
    const again = (await download(betaCeo)).getWorksheet('Incumbents')!;
    expect(again.rowCount).toBe(6);
    expect(again.getRow(4).values).toEqual([undefined, 'SAL-01', 'MOW', 100000, 0, 0, 0]);
    expect(again.getRow(6).values).toEqual([undefined, 'SAL-01', 'SPB', 90000, 90000, 15, 150000]);
  });
});

describe('applying incumbents', () => {
  it('reports first, then stores the people and computes the rows’ averages exactly, adding the rows the grid lacks', async () => {
    const version = (await overview(betaCeo)).response.version;
    const file = withLines(await download(betaCeo), GOOD_LINES);
    const dry = await ok<IncumbentReport>(await upload(betaCeo, file, { version }));
    expect(dry).toMatchObject({ rows: 4, entries: 2, created: 2, released: 0, errors: 0, warnings: 0, saved: false });
    expect(await storedIncumbents()).toHaveLength(0);

    const report = await ok<IncumbentReport>(await upload(betaCeo, file, { version, commit: true }));
    expect(report.saved).toBe(true);
    expect(report.result?.version).toBe(version + 1);
    const data = await grid(betaCeo);
    expect(rowOf(data, 'SAL-01', 'MOW')).toMatchObject({
      headcount: 3,
      // (100000 + 100000 + 100001) / 3, half up
      baseSalaryAvg: '100000.33',
      guaranteedExtraAnnual: '33333.33',
      // Two of three have a target: their mean target, and their mean bonus.
      bonusEligiblePct: '66.67',
      bonusTargetPct: '22.50',
      bonusActualAvg: '270000.50',
      matchQuality: 'exact',
      incumbents: 3,
    });
    expect(rowOf(data, 'SAL-01', 'SPB')).toMatchObject({
      headcount: 1,
      baseSalaryAvg: '90000.00',
      guaranteedExtraAnnual: '90000.00',
      bonusEligiblePct: '100.00',
      bonusTargetPct: '15.00',
      bonusActualAvg: '150000.00',
      incumbents: 1,
    });
    expect((await storedIncumbents()).map((i) => Object.keys(i).sort())[0]).toEqual([
      'baseSalary',
      'bonusActual',
      'bonusTargetPct',
      'entryId',
      'guaranteedExtraAnnual',
      'id',
    ]);
    // The steps move as for any grid save: matching is answered, the grid's cells are counted.
    const o = await overview(betaCeo);
    expect(o.steps.find((s) => s.key === 'matching')?.status).toBe('complete');
    expect(o.steps.find((s) => s.key === 'positions')).toMatchObject({ answeredRequired: 12, requiredTotal: 13 });
    const [event] = await t.database.db.select().from(responseEvents).where(eq(responseEvents.action, 'import_incumbents'));
    expect(event?.summary).toEqual({ incumbents: 4, rows: 2, added: 2, released: 0 });
    expect((await logOf(t, 'survey')).map((l) => [l.action, l.entityId, l.after])).toEqual([
      ['surveyResponse.incumbentsImported', beta.id, { period: o.period.code, incumbents: 4, rows: 2, added: 2, released: 0 }],
    ]);
    // The same file again changes nothing.
    expect((await upload(betaCeo, file, { version: o.response.version, commit: true })).json()).toMatchObject({ code: 'NOTHING_TO_SAVE' });
  });

  it('keeps the averages read-only while a row has incumbents; removing them keeps the averages and frees them', async () => {
    const version = (await overview(betaCeo)).response.version;
    await ok(await upload(betaCeo, withLines(await download(betaCeo), GOOD_LINES), { version, commit: true }));
    let data = await grid(betaCeo);
    const moscow = rowOf(data, 'SAL-01', 'MOW')!;
    const edited = await t.api(
      api.savePositions,
      { version: data.version, rows: [{ ...moscow, baseSalaryAvg: '120000' }], cars: [] } as never,
      betaCeo,
    );
    expect([edited.statusCode, edited.json().fields]).toEqual([400, { 'rows.0.baseSalaryAvg': expect.stringContaining('incumbents') }]);
    // The typed answers around the averages stay editable.
    const commented = await ok<SaveResult>(
      await t.api(api.savePositions, { version: data.version, rows: [{ ...moscow, comment: 'Field force' }] } as never, betaCeo),
    );
    // The grid's own template refuses a changed average on its cell (the Moscow row comes first).
    const positionsFile = new ExcelJS.Workbook();
    await positionsFile.xlsx.load((await t.api(api.downloadPositions, {}, betaCeo)).rawPayload as unknown as ArrayBuffer);
    const line = positionsFile.getWorksheet('Positions')!.getRow(3);
    expect([line.getCell(1).value, line.getCell(2).value]).toEqual(['SAL-01', 'MOW']);
    line.getCell(7).value = 130000;
    const gridReport = await ok<{ issues: { row: number; column: string; message: string }[] }>(
      await t.api(api.uploadPositions, { version: commented.version } as never, betaCeo, {
        file: { filename: 'positions.xlsx', content: Buffer.from(await positionsFile.xlsx.writeBuffer()) },
      }),
    );
    expect(gridReport.issues).toContainEqual(
      expect.objectContaining({ row: 3, column: 'G (Base salary, RUB/month)', message: expect.stringContaining('incumbents') }),
    );

    const removed = await ok<SaveResult>(
      await t.api(api.removeIncumbents, { version: commented.version, positionId: moscow.positionId, regionId: moscow.regionId }, betaCeo),
    );
    data = await grid(betaCeo);
    expect(rowOf(data, 'SAL-01', 'MOW')).toMatchObject({ headcount: 3, baseSalaryAvg: '100000.33', comment: 'Field force', incumbents: 0 });
    expect(await storedIncumbents()).toHaveLength(1);
    expect(
      (await t.api(api.removeIncumbents, { version: removed.version, positionId: moscow.positionId, regionId: moscow.regionId }, betaCeo)).json()
        .code,
    ).toBe('NOTHING_TO_SAVE');
    await ok(
      await t.api(
        api.savePositions,
        { version: removed.version, rows: [{ ...rowOf(data, 'SAL-01', 'MOW')!, baseSalaryAvg: '120000' }] } as never,
        betaCeo,
      ),
    );
    expect((await logOf(t, 'survey')).at(-1)).toMatchObject({
      action: 'surveyResponse.incumbentsRemoved',
      after: expect.objectContaining({ incumbents: 3 }),
    });
    expect((await t.database.db.select().from(responseEvents).where(eq(responseEvents.action, 'remove_incumbents'))).length).toBe(1);
  });

  it('fills an existing row without touching its match or comment, and a file without a row’s people releases it', async () => {
    // The demo company typed SAL-01 Moscow (24 people at 165 000); its file gives three people instead.
    const before = await grid(ceo);
    const typed = {
      ...rowOf(before, 'SAL-01', 'MOW')!,
      matchQuality: 'broader',
      comment: 'Field force',
      allowances: [{ type: 'mobile', amountAvg: '2000', shareReceivingPct: null }],
    };
    const saved = await ok<SaveResult>(await t.api(api.savePositions, { version: before.version, rows: [typed] } as never, ceo));
    const lines = [
      ['SAL-01', 'MOW', 160000, 0, 25, 480000],
      ['SAL-01', 'MOW', 170000, 0, 25, 510000],
      ['SAL-01', 'MOW', 180000, 0, 25, 540000],
    ];
    const report = await ok<IncumbentReport>(await upload(ceo, withLines(await download(ceo), lines), { version: saved.version, commit: true }));
    expect(report).toMatchObject({ entries: 1, created: 0, released: 0, saved: true });
    const data = await grid(ceo);
    expect(rowOf(data, 'SAL-01', 'MOW')).toMatchObject({
      headcount: 3,
      baseSalaryAvg: '170000.00',
      bonusActualAvg: '510000.00',
      incumbents: 3,
      matchQuality: 'broader',
      comment: 'Field force',
      allowances: [{ type: 'mobile', amountAvg: '2000.00', shareReceivingPct: null }],
    });
    expect(rowOf(data, 'SAL-01', 'SPB')).toMatchObject({ headcount: 12, incumbents: 0 });
    // An emptied file takes the people away; the averages stay.
    const empty = await ok<IncumbentReport>(await upload(ceo, await download(ceo).then(clearLines), { version: data.version, commit: true }));
    expect(empty).toMatchObject({ rows: 0, entries: 0, released: 1, saved: true });
    expect(rowOf(await grid(ceo), 'SAL-01', 'MOW')).toMatchObject({ headcount: 3, baseSalaryAvg: '170000.00', incumbents: 0 });
  });

  it('lets staff apply a company’s file, marked as a staff edit with the averages before and after', async () => {
    const o = await overview(staff, beta.id);
    const report = await ok<IncumbentReport>(
      await upload(staff, withLines(await download(staff, beta.id), GOOD_LINES.slice(3)), {
        companyId: beta.id,
        version: o.response.version,
        commit: true,
      }),
    );
    expect(report.saved).toBe(true);
    expect(rowOf(await grid(staff, beta.id), 'SAL-01', 'SPB')).toMatchObject({ baseSalaryAvg: '90000.00', incumbents: 1 });
    const [event] = await t.database.db.select().from(responseEvents).where(eq(responseEvents.action, 'import_incumbents'));
    expect(event?.summary).toMatchObject({ staffEdit: true, before: [null], after: [expect.objectContaining({ baseSalaryAvg: '90000.00' })] });
    expect((await logOf(t, 'survey')).map((l) => l.action)).toEqual(['surveyResponse.incumbentsImported', 'surveyResponse.edited']);
  });
});

/** The template with its incumbent lines taken out. */
function clearLines(workbook: ExcelJS.Workbook): ExcelJS.Workbook {
  workbook.getWorksheet('Incumbents')!.eachRow((row, line) => {
    if (line >= 3)
      row.eachCell((cell) => {
        cell.value = null;
      });
  });
  return workbook;
}

describe('bad incumbent files', () => {
  it('reports every bad cell in the caller’s language and saves nothing', async () => {
    const version = (await overview(betaCeo)).response.version;
    const file = withLines(await download(betaCeo), [
      ['XXX-99', 'MOW', 100000, 0, 10, 0],
      ['SAL-01', 'ZZZ', 100000, 0, 10, 0],
      ['SAL-01', 'MOW', 'a lot', 0, 10, 0],
      ['SAL-01', 'MOW', 100000, -5, 10, 0],
      ['SAL-01', 'MOW', null, 0, 10, 0],
      ['SAL-01', 'MOW', 15000, 0, 10, 0],
      ['SAL-01', 'MOW', 100000, 0, 250, 0],
      ['SAL-01', 'MOW', 100000, 0, 0, 50000],
      ['SAL-01', 'MOW', 100000, 0, 20, 240000],
    ]);
    const report = await ok<IncumbentReport>(await upload(betaCeo, file, { version, commit: true }));
    expect(report).toMatchObject({ rows: 9, errors: 7, warnings: 1, saved: false, result: null });
    expect(report.issues.map((i) => [i.row, i.column, i.severity, i.message])).toEqual([
      [3, 'A (Position code)', 'error', 'Unknown position code.'],
      [4, 'B (Region code)', 'error', 'Unknown region code.'],
      [5, 'C (Base salary, RUB/month)', 'error', 'Enter a number.'],
      [6, 'D (13th salary etc., RUB/year)', 'error', 'The figure cannot be negative.'],
      [7, 'C (Base salary, RUB/month)', 'error', 'You must enter a value.'],
      [8, 'C (Base salary, RUB/month)', 'error', 'The base salary is below the minimum wage of 22440.00 RUB.'],
      [9, 'E (Bonus target, %)', 'error', 'The bonus target is between 0 and 200 %.'],
      [
        10,
        'F (Bonus paid, RUB/year)',
        'warning',
        'A bonus paid without a target is left out of the bonus averages: give the target, or check the figure.',
      ],
    ]);
    expect(await storedIncumbents()).toHaveLength(0);
    expect((await grid(betaCeo)).rows).toHaveLength(0);
    expect((await overview(betaCeo)).response.version).toBe(version);
    const russian = await t.api(api.uploadIncumbents, { version } as never, betaCeo, {
      file: { filename: 'incumbents.xlsx', content: Buffer.from(await file.xlsx.writeBuffer()) },
      headers: { 'accept-language': 'ru' },
    });
    expect((russian.json() as IncumbentReport).issues[0]?.message).toBe('Неизвестный код должности.');
  });

  it('warns on a row’s averages the lines alone cannot show (last year’s base) on the row’s first line', async () => {
    const o = await overview(ceo);
    const report = await ok<IncumbentReport>(
      await upload(ceo, withLines(await download(ceo), [['SAL-01', 'MOW', 60000, 0, 25, 180000]]), { version: o.response.version }),
    );
    expect(report).toMatchObject({ errors: 0, warnings: 1 });
    expect(report.issues[0]).toMatchObject({ row: 3, column: 'C (Base salary, RUB/month)', severity: 'warning' });
    expect(report.issues[0]?.message).toMatch(/changed by -\d+ % against last year/);
  });

  it('refuses a file that is not the incumbent template, or whose code row moved', async () => {
    const foreign = new ExcelJS.Workbook();
    foreign.addWorksheet('Sheet1').addRow(['name', 'salary']);
    const res = await upload(betaCeo, foreign, { version: 1 });
    expect([res.statusCode, res.json().code]).toEqual([400, 'SURVEY_NOT_INCUMBENT_TEMPLATE']);
    const positionsFile = new ExcelJS.Workbook();
    await positionsFile.xlsx.load((await t.api(api.downloadPositions, {}, betaCeo)).rawPayload as unknown as ArrayBuffer);
    expect((await upload(betaCeo, positionsFile, { version: 1 })).json().code).toBe('SURVEY_NOT_INCUMBENT_TEMPLATE');
    const moved = await download(betaCeo);
    moved.getWorksheet('Incumbents')!.spliceColumns(2, 1);
    expect((await upload(betaCeo, moved, { version: 1 })).json().code).toBe('SURVEY_NOT_INCUMBENT_TEMPLATE');
    const notXlsx = await t.api(api.uploadIncumbents, { version: 1 } as never, betaCeo, { file: { filename: 'x.xlsx', content: 'hello' } });
    expect([notXlsx.statusCode, notXlsx.json().message]).toEqual([400, expect.stringContaining('not the incumbent template')]);
  });
});

describe('who may apply incumbents, and when', () => {
  it('refuses a stale version with the newer grid, and saves nothing', async () => {
    const version = (await overview(betaCeo)).response.version;
    const file = withLines(await download(betaCeo), GOOD_LINES);
    // A colleague saves meanwhile.
    await ok(
      await t.api(
        api.savePositions,
        { version, rows: [{ positionId: positions.get('HR-03')!, regionId: regions.get('MOW')!, headcount: 1 }] } as never,
        betaCeo,
      ),
    );
    const res = await upload(betaCeo, file, { version, commit: true });
    expect([res.statusCode, res.json().code, res.json().details.version]).toEqual([409, 'SURVEY_STALE', version + 1]);
    expect(await storedIncumbents()).toHaveLength(0);
  });

  it('keeps a company to its own survey and its fillers; a closed period or a completed response is refused', async () => {
    const file = withLines(await download(betaCeo), GOOD_LINES);
    const o = await overview(betaCeo);
    expect((await upload(betaCeo, file, { companyId: DEMO_COMPANY_ID, version: 1, commit: true })).statusCode).toBe(403);
    expect((await t.api(api.downloadIncumbents, { companyId: DEMO_COMPANY_ID }, betaCeo)).statusCode).toBe(403);
    expect((await upload(employee, file, { version: 1, commit: true })).statusCode).toBe(403);
    expect((await t.api(api.removeIncumbents, { version: 1, positionId: 1, regionId: 1 }, employee)).statusCode).toBe(403);
    expect((await upload(staff, file, { version: 1 })).json().fields).toEqual({ companyId: expect.any(String) });

    const [response] = await t.database.db
      .select({ id: surveyResponses.id })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.companyId, beta.id), eq(surveyResponses.periodId, o.period.id)));
    await t.database.db.update(surveyResponses).set({ status: 'submitted' }).where(eq(surveyResponses.id, response!.id));
    const readOnly = await upload(betaCeo, file, { version: o.response.version, commit: true });
    expect([readOnly.statusCode, readOnly.json().code]).toEqual([409, 'SURVEY_READ_ONLY']);

    await t.database.db.update(surveyPeriods).set({ status: 'closed' }).where(eq(surveyPeriods.id, o.period.id));
    const closed = await upload(betaCeo, file, { version: o.response.version, commit: true });
    expect([closed.statusCode, closed.json().message]).toEqual([410, 'Survey is no longer available']);
    expect(await storedIncumbents()).toHaveLength(0);
  });
});
