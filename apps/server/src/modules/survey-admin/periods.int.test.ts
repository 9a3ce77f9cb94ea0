import { surveyAdmin as api } from '@portal/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { samplePdf } from '../../../test/pdf-files.ts';
import {
  CAR_HEADERS,
  createPeriod,
  GOOD_CARS,
  GOOD_POSITIONS,
  GOOD_REGIONS,
  loadCatalogue,
  ok,
  POSITION_HEADERS,
  periodInput,
  REGION_HEADERS,
  sheet,
  upload,
  withoutDemoSurvey,
} from '../../../test/survey-admin-fixtures.ts';
import { actionLog, carPrices, periodPositions, periodRegions, positionLineage, regions, surveyPositions } from '../../db/schema/index.ts';

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

type Period = { id: number; status: string; version: number; regions: number; positions: number; cars: number; rules: Record<string, number> };
type File = {
  id: number;
  status: string;
  rowsTotal: number;
  rowsOk: number;
  errors: number;
  warnings: number;
  issues: { row: number; column: string | null; severity: string; code: string; message: string }[];
};
const move = (id: number, from: string, to: string, token = staff) => t.api(api.movePeriod.aipm, { id, from, to } as never, token);

describe('periods', () => {
  it('are created as drafts with the default anonymity thresholds, listed with their counts, and logged', async () => {
    const created = await createPeriod(t, staff);
    expect(created).toMatchObject({ status: 'draft', version: 1 });
    const list = await ok<Period[]>(await t.api(api.periods.admin, undefined, admin));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      code: '2026',
      minimumWage: '22440.00',
      effectiveDate: '2026-04-01',
      publishNotBefore: '2026-07-01',
      rules: { minCompanies: 5, minIncumbents: 5, minCompaniesP10P90: 10, minIncumbentsP10P90: 10, maxCompanySharePct: 25 },
      regions: 0,
      positions: 0,
      counts: { companies: 1, notStarted: 1, inProgress: 0, submitted: 0, accepted: 0 },
    });
    const [entry] = await t.database.db.select().from(actionLog).where(eq(actionLog.domain, 'survey'));
    expect(entry).toMatchObject({ action: 'period.created', entity: 'surveyPeriod', entityId: created.id });
  });

  it('refuse bad input on its field, in the caller language, and change nothing', async () => {
    const res = await t.api(
      api.createPeriod.aipm,
      periodInput({ code: 'bad code', minimumWage: '-5', publishNotBefore: '2026-06-30', opensAt: '2026-05-01T00:00:00Z' }),
      staff,
      { headers: { 'accept-language': 'ru' } },
    );
    expect(res.statusCode).toBe(400);
    const { fields } = res.json() as { fields: Record<string, string> };
    expect(fields.code).toBe('Используйте латинские буквы, цифры, дефис и подчёркивание.');
    expect(fields.minimumWage).toBe('Введите сумму в рублях, не более двух знаков после запятой.');
    expect(fields.publishNotBefore).toMatch(/три месяца/);
    expect(fields.closesAt).toBe('Срок должен быть позже открытия.');
    expect(await ok<Period[]>(await t.api(api.periods.aipm, undefined, staff))).toEqual([]);
  });

  it('take as last year only another period of the same survey', async () => {
    const credit = await ok<Period>(
      await t.api(api.createPeriod.aipm, periodInput({ kind: 'credit', code: 'C-PRIOR', publishNotBefore: null }), staff),
    );
    const res = await t.api(api.createPeriod.aipm, periodInput({ code: 'S-NEXT', priorPeriodId: credit.id }), staff);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { fields: Record<string, string> }).fields.priorPeriodId).toBeDefined();
    const salary = await ok<Period>(await t.api(api.createPeriod.aipm, periodInput({ code: 'S-LAST' }), staff));
    expect(
      (
        await ok<Period & { priorPeriodId: number | null }>(
          await t.api(api.createPeriod.aipm, periodInput({ code: 'S-NEXT', priorPeriodId: salary.id }), staff),
        )
      ).priorPeriodId,
    ).toBe(salary.id);
  });

  it('keep codes unique and check the version on edit', async () => {
    const { id } = await createPeriod(t, staff);
    const dup = await t.api(api.createPeriod.aipm, periodInput(), staff);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'PERIOD_CODE_TAKEN' });
    const edited = await ok<Period>(await t.api(api.updatePeriod.aipm, { ...periodInput({ titleEn: 'Pay survey 2026' }), id, version: 1 }, staff));
    expect(edited).toMatchObject({ titleEn: 'Pay survey 2026', version: 2 });
    const stale = await t.api(api.updatePeriod.aipm, { ...periodInput({ titleEn: 'Stale' }), id, version: 1 }, staff);
    expect(stale.statusCode).toBe(409);
  });

  it('move by PERIOD_MOVES only, open only with a catalogue and one at a time, and refuse a stale screen', async () => {
    const { id } = await createPeriod(t, staff);
    expect((await move(id, 'draft', 'open')).json()).toMatchObject({ code: 'PERIOD_NOT_READY' });
    expect((await move(id, 'draft', 'closed')).json()).toMatchObject({ code: 'PERIOD_MOVE_IMPOSSIBLE' });
    await loadCatalogue(t, staff, id);
    const opened = await ok<Period & { opensAt: string }>(await move(id, 'draft', 'open'));
    expect(opened).toMatchObject({ status: 'open', regions: 3, positions: 3, cars: 2 });
    expect(opened.opensAt).toBe('2026-03-02T09:00:00.000Z');
    expect((await move(id, 'draft', 'open')).statusCode).toBe(409);
    const other = await createPeriod(t, staff, { code: '2027' });
    await loadCatalogue(t, staff, other.id);
    expect((await move(other.id, 'draft', 'open')).json()).toMatchObject({ code: 'PERIOD_ANOTHER_OPEN' });
    for (const [from, to] of [
      ['open', 'closed'],
      ['closed', 'open'],
      ['open', 'closed'],
      ['closed', 'review'],
      ['review', 'published'],
    ]) {
      await ok(await move(id, from!, to!));
    }
    expect((await move(id, 'published', 'review')).statusCode).toBe(409);
    const locked = await t.api(api.updatePeriod.aipm, { ...periodInput(), id, version: 7 }, staff);
    expect(locked.json()).toMatchObject({ code: 'PERIOD_LOCKED' });
    await ok(await move(id, 'published', 'archived'));
    const moves = await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'period.moved'));
    expect(moves).toHaveLength(7);
  });
});

describe('catalogue files', () => {
  it('check a good file row by row, keep it, and apply it into the catalogues and the period lists in one go', async () => {
    const { id } = await createPeriod(t, staff);
    const file = await ok<File>(await upload(t, staff, id, 'positions_catalogue', await sheet(POSITION_HEADERS, GOOD_POSITIONS)));
    expect(file).toMatchObject({ status: 'validated', rowsTotal: 3, rowsOk: 3, errors: 0, warnings: 0 });
    expect(await t.database.db.select().from(surveyPositions)).toEqual([]);
    const applied = await ok<File>(await t.api(api.applyDatafile.admin, { datafileId: file.id }, admin));
    expect(applied.status).toBe('applied');
    const positions = await t.database.db.select().from(surveyPositions);
    expect(positions.map((p) => [p.code, p.careerLevel, p.isField])).toEqual([
      ['SR1', 'P1', true],
      ['SM1', 'M1', true],
      ['HRBP', 'P3', false],
    ]);
    expect(await t.database.db.select().from(periodPositions)).toHaveLength(3);
    expect((await t.api(api.applyDatafile.aipm, { datafileId: file.id }, staff)).json()).toMatchObject({ code: 'DATAFILE_NOT_APPLICABLE' });
  });

  it('apply regions and cars, with prices as exact decimals, and a new version supersedes the old one', async () => {
    const { id } = await createPeriod(t, staff);
    const regionFile = await ok<File>(
      await upload(t, staff, id, 'regions', await sheet(REGION_HEADERS, [...GOOD_REGIONS, ['KZN', 'Kazan', 'Казань', 4]])),
    );
    await ok(await t.api(api.applyDatafile.aipm, { datafileId: regionFile.id }, staff));
    expect(await t.database.db.select().from(periodRegions)).toHaveLength(4);
    expect((await t.database.db.select().from(regions).where(eq(regions.code, 'KZN')))[0]).toMatchObject({ nameRu: 'Казань' });
    const again = await ok<File>(await upload(t, staff, id, 'regions', await sheet(REGION_HEADERS, GOOD_REGIONS)));
    await ok(await t.api(api.applyDatafile.aipm, { datafileId: again.id }, staff));
    expect(await t.database.db.select().from(periodRegions)).toHaveLength(3);
    const cars = await ok<File>(await upload(t, staff, id, 'cars', await sheet(CAR_HEADERS, GOOD_CARS)));
    await ok(await t.api(api.applyDatafile.aipm, { datafileId: cars.id }, staff));
    expect((await t.database.db.select().from(carPrices)).map((p) => p.listPrice).sort()).toEqual(['2350000.00', '3900000.50']);
    const files = await ok<File[]>(await t.api(api.datafiles.aipm, { periodId: id }, staff));
    expect(files.map((f) => f.status)).toEqual(['applied', 'applied', 'superseded']);
  });

  it('report a missing column, a duplicate code, an unknown job group and a bad level, and refuse to apply such a file', async () => {
    const { id } = await createPeriod(t, staff);
    const missing = await ok<File>(await upload(t, staff, id, 'regions', await sheet(['Code', 'Name (English)'], [['MOW', 'Moscow']])));
    expect(missing.status).toBe('invalid');
    expect(missing.issues).toEqual([
      expect.objectContaining({
        row: 1,
        column: 'Name (Russian)',
        severity: 'error',
        message: 'The column “Name (Russian)” is missing. Download the template to see the columns.',
      }),
    ]);
    const rows = [
      ...GOOD_POSITIONS,
      ['SALES', 'SR1', 'Twice', 'Дважды', 'x', 'x', 'P2', 'no', ''],
      ['NOPE', 'X1', 'Unknown group', 'Неизвестная', 'x', 'x', 'Z9', 'maybe', 'GONE'],
      ['HR', 'HR2', 'No description', 'Без описания', '', '', 'P2', 'no', 'HRBP'],
    ];
    const bad = await ok<File>(await upload(t, staff, id, 'positions_catalogue', await sheet(POSITION_HEADERS, rows), 'positions.xlsx'));
    expect(bad).toMatchObject({ status: 'invalid', rowsTotal: 6, rowsOk: 4, errors: 5, warnings: 1 });
    const at = (row: number) => bad.issues.filter((i) => i.row === row).map((i) => `${i.severity} ${i.column}: ${i.message}`);
    expect(at(5)).toEqual(['error Position code: The code SR1 appears twice in the file (also on row 2).']);
    expect(at(6)).toEqual([
      'error Job group code: There is no job group with the code NOPE.',
      'error Career level: The career level Z9 is not one of P1–P4, M1–M4, E1–E2.',
      'error Field position: Write yes or no, not maybe.',
      'error Replaces code: The position GONE it replaces is neither in this file nor in the catalogue.',
    ]);
    expect(at(7)).toEqual([
      'warning Description (English): The position has no description in English or Russian: companies match their jobs by it.',
    ]);
    const refused = await t.api(api.applyDatafile.aipm, { datafileId: bad.id }, staff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'DATAFILE_HAS_ERRORS',
      message: 'A file with errors cannot be applied. Fix them and load it again.',
    });
    expect(await t.database.db.select().from(surveyPositions)).toEqual([]);
  });

  it('say the issues in Russian to a Russian reader', async () => {
    const { id } = await createPeriod(t, staff);
    const res = await t.api(api.uploadDatafile.aipm, { periodId: id, kind: 'cars' }, staff, {
      headers: { 'accept-language': 'ru' },
      file: { filename: 'cars.xlsx', content: await sheet(CAR_HEADERS, [['Lada', 'Vesta', 'Q', 'coal', '0']]) },
    });
    const file = await ok<File>(res);
    expect(file.issues.map((i) => `${i.column}: ${i.message}`)).toEqual([
      'Класс: Класс Q — не один из B, C, D, E, SUV-C, SUV-D.',
      'Топливо: Топливо coal — не одно из petrol, diesel, hybrid, ev.',
      'Цена, руб.: Цена 0 — не сумма в рублях больше нуля.',
    ]);
  });

  it('refuse a file that is not Excel on its field and keep nothing', async () => {
    const { id } = await createPeriod(t, staff);
    const res = await upload(t, staff, id, 'regions', Buffer.from('code,name\nMOW,Moscow\n'), 'regions.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { file: 'The file is not an Excel workbook (.xlsx). Download the template and fill it in.' } });
    expect(await ok<File[]>(await t.api(api.datafiles.aipm, { periodId: id }, staff))).toEqual([]);
  });

  it('follow renamed positions with their lineage', async () => {
    const { id } = await createPeriod(t, staff);
    await loadCatalogue(t, staff, id);
    const renamed = [['SALES', 'SR2', 'Medical representative', 'Медпредставитель', 'Visits doctors', 'Посещает врачей', 'P1', 'да', 'SR1']];
    const file = await ok<File>(await upload(t, staff, id, 'positions_catalogue', await sheet(POSITION_HEADERS, renamed)));
    await ok(await t.api(api.applyDatafile.aipm, { datafileId: file.id }, staff));
    const [link] = await t.database.db.select().from(positionLineage);
    const byId = new Map((await t.database.db.select().from(surveyPositions)).map((p) => [p.id, p.code]));
    expect([byId.get(link!.fromPositionId), byId.get(link!.toPositionId)]).toEqual(['SR1', 'SR2']);
  });

  it('are frozen once the period opens; the instruction PDF may still change', async () => {
    const { id } = await createPeriod(t, staff);
    await loadCatalogue(t, staff, id);
    await ok(await move(id, 'draft', 'open'));
    const late = await ok<File>(await upload(t, staff, id, 'regions', await sheet(REGION_HEADERS, GOOD_REGIONS)));
    const refused = await t.api(api.applyDatafile.aipm, { datafileId: late.id }, staff);
    expect(refused.json()).toMatchObject({ code: 'CATALOGUE_FROZEN' });
    const pdf = await ok<File>(
      await t.api(api.uploadDatafile.aipm, { periodId: id, kind: 'instructions_pdf' }, staff, {
        file: { filename: 'guide.pdf', content: await samplePdf('Instruction') },
      }),
    );
    await ok(await t.api(api.applyDatafile.aipm, { datafileId: pdf.id }, staff));
    const res = await t.api(api.instructions.aipm, { periodId: id }, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const notPdf = await t.api(api.uploadDatafile.aipm, { periodId: id, kind: 'instructions_pdf' }, staff, {
      file: { filename: 'guide.pdf', content: 'not a pdf' },
    });
    expect(notPdf.statusCode).toBe(400);
  });

  it('offer a template per kind with the columns in the caller language', async () => {
    const res = await t.api(api.datafileTemplate.aipm, { kind: 'positions_catalogue' }, staff, { headers: { 'accept-language': 'ru' } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as string[]).slice(1, 4)).toEqual([
      'Код группы должностей',
      'Код должности',
      'Должность (англ.)',
    ]);
    expect(workbook.worksheets[1]!.getRow(2).values).toEqual([undefined, 'GM', 'Общее руководство']);
    // The template filled in goes back in as it is.
    const { id } = await createPeriod(t, staff);
    const ws = workbook.worksheets[0]!;
    ws.addRow(['SALES', 'SR1', 'Sales representative', 'Медицинский представитель', 'Visits', 'Посещает', 'P1', 'да', '']);
    const file = await ok<File>(await upload(t, staff, id, 'positions_catalogue', Buffer.from(await workbook.xlsx.writeBuffer())));
    expect(file).toMatchObject({ status: 'validated', rowsOk: 1 });
  });
});
