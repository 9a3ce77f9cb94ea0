import { type ImportRow, organisation, type STAFF_API_PREFIXES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { MultipartFile } from '../../../test/multipart.ts';
import { DEMO_COMPANY_ID, insertCompany, logEntries, logOf, setPassword, userRow } from '../../../test/org-fixtures.ts';
import { users } from '../../db/schema/index.ts';

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

const HEADER = 'name,surname,email,position,phone,role';
const GOOD_CSV = [
  HEADER,
  'Alice,Smith,Alice.Smith@demo.test,Market Access Lead,+7 495 123-45-67,',
  'Bob,Jones,bob.jones@demo.test,"Head of Quality, Russia",+7 (495) 123-45-68,Trusted',
  'Egor,Sotrudnikov,EMPLOYEE@demo.test,Medical Advisor,+7 495 000-00-00,employee',
  '',
].join('\r\n');
const BAD_CSV = [
  HEADER,
  'Alice,Smith,alice.smith@demo.test,Market Access Lead,+7 495 123-45-67,employee',
  'Egor,Sotrudnikov,employee@demo.test,Medical Advisor,+7 495 000-00-00,',
  'Carl,Phone,carl@demo.test,Analyst,call me,',
  'Dina,Cyrillic,dina@demo.test,Врач,+7 495 123-45-69,',
  ',Nameless,nameless@demo.test,Analyst,+7 495 123-45-70,',
  'Ivan,Boss,boss@demo.test,Director,+7 495 123-45-71,ceo',
  'Dup,One,dup@demo.test,Analyst,+7 495 123-45-72,',
  'Dup,Two,DUP@demo.test,Analyst,+7 495 123-45-73,',
  'Eve,Mail,eve@,Analyst,+7 495 123-45-74,',
].join('\n');

const csv = (content: string, filename = 'people.csv'): MultipartFile => ({ filename, content, contentType: 'text/csv' });
const upload = async (
  file: MultipartFile | undefined,
  fields: Record<string, string> = { companyId: String(DEMO_COMPANY_ID) },
  options: { email?: string; prefix?: (typeof STAFF_API_PREFIXES)[number]; headers?: Record<string, string> } = {},
) => {
  const token = await t.tokenFor(options.email ?? 'staff@demo.test');
  return t.api(organisation.importEmployees[options.prefix ?? 'aipm'], fields, token, { file, headers: options.headers });
};
const outcomes = (rows: ImportRow[]) => rows.map((r) => [r.line, r.email, r.outcome]);
const companyPeople = async () => (await t.database.db.select().from(users).where(eq(users.companyId, DEMO_COMPANY_ID))).length;

/** An .xlsx workbook made with exceljs: a header row, then the rows as given (null leaves a row empty). */
async function xlsx(
  rows: (ExcelJS.CellValue[] | null)[],
  header = ['Name', 'Surname', 'E-mail', 'Position', 'Phone', 'Role'],
): Promise<MultipartFile> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('People');
  sheet.addRow(header);
  rows.forEach((row, i) => {
    if (row) sheet.getRow(i + 2).values = row;
  });
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  return { filename: 'people.xlsx', content, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
}

describe('the preview', () => {
  it('lists every row as new, known or invalid with the reasons, and saves nothing', async () => {
    const res = await upload(csv(BAD_CSV));
    expect(res.statusCode, res.body).toBe(200);
    const { rows, created } = res.json() as { rows: ImportRow[]; created: number };
    expect(created).toBe(0);
    expect(outcomes(rows)).toEqual([
      [2, 'alice.smith@demo.test', 'new'],
      [3, 'employee@demo.test', 'known'],
      [4, 'carl@demo.test', 'invalid'],
      [5, 'dina@demo.test', 'invalid'],
      [6, 'nameless@demo.test', 'invalid'],
      [7, 'boss@demo.test', 'invalid'],
      [8, 'dup@demo.test', 'invalid'],
      [9, 'DUP@demo.test', 'invalid'],
      [10, 'eve@', 'invalid'],
    ]);
    expect(rows[0]).toEqual({
      line: 2,
      name: 'Alice',
      surname: 'Smith',
      email: 'alice.smith@demo.test',
      position: 'Market Access Lead',
      phone: '+7 495 123-45-67',
      role: 'employee',
      outcome: 'new',
      reasons: {},
    });
    expect(rows.map((r) => r.reasons)).toEqual([
      {},
      { email: 'A user with this e-mail already exists.' },
      { phone: 'Please enter a valid phone number.' },
      { position: 'Use Latin characters only.' },
      { name: 'You must enter a value.' },
      { role: 'Invalid value.' },
      { email: 'This e-mail appears more than once in the file.' },
      { email: 'This e-mail appears more than once in the file.' },
      { email: 'Please enter a valid e-mail.' },
    ]);
    expect(await userRow(t, 'alice.smith@demo.test')).toBeUndefined();
    expect(await logOf(t, 'users')).toHaveLength(0);
    await t.flushMail();
    expect(t.mail).toHaveLength(0);
  });

  it('gives the reasons in the caller’s language and reads semicolons, a BOM and Russian headers', async () => {
    const content = `\uFEFFИмя;Фамилия;Эл. почта;Должность;Телефон;Роль\nАлиса;Смирнова;alice@demo.test;Аналитик;+7 495 123-45-67;\nBob;Jones;bob@demo.test;Analyst;+7 495 123-45-68;trusted\n`;
    const res = await upload(csv(content), undefined, { headers: { 'accept-language': 'ru' } });
    expect(res.statusCode).toBe(200);
    const rows: ImportRow[] = res.json().rows;
    expect(outcomes(rows)).toEqual([
      [2, 'alice@demo.test', 'invalid'],
      [3, 'bob@demo.test', 'new'],
    ]);
    expect(rows[0]).toMatchObject({ name: 'Алиса', surname: 'Смирнова', reasons: { position: 'Используйте только латинские символы.' } });
    expect(rows[1]?.role).toBe('trusted');
  });

  it('reads an Excel file made with exceljs', async () => {
    const file = await xlsx([
      ['Alice', 'Smith', 'alice@demo.test', 'Analyst', 74951234567, ''],
      ['Bob', 'Jones', { text: 'bob@demo.test', hyperlink: 'mailto:bob@demo.test' }, 'Manager', '+7 495 123-45-68', 'trusted'],
      ['Egor', 'Sotrudnikov', 'employee@demo.test', 'Medical Advisor', '+7 495 000-00-00', 'employee'],
      ['Zed', 'Zero', 'zed@demo.test', 'Director', '+7 495 123-45-69', 'admin'],
    ]);
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(200);
    const rows: ImportRow[] = res.json().rows;
    expect(outcomes(rows)).toEqual([
      [2, 'alice@demo.test', 'new'],
      [3, 'bob@demo.test', 'new'],
      [4, 'employee@demo.test', 'known'],
      [5, 'zed@demo.test', 'invalid'],
    ]);
    expect(rows[0]?.phone).toBe('74951234567');
    expect(rows[3]?.reasons).toEqual({ role: 'Invalid value.' });
    expect(await userRow(t, 'alice@demo.test')).toBeUndefined();
  });

  it("reports the spreadsheet's own row numbers when an Excel sheet has blank rows", async () => {
    const file = await xlsx([
      ['Alice', 'Smith', 'alice@demo.test', 'Analyst', '+7 495 123-45-67', ''],
      null,
      ['Carl', 'Phone', 'carl@demo.test', 'Analyst', 'n/a', ''],
    ]);
    const rows: ImportRow[] = (await upload(file)).json().rows;
    expect(outcomes(rows)).toEqual([
      [2, 'alice@demo.test', 'new'],
      [4, 'carl@demo.test', 'invalid'],
    ]);
  });

  it("reports the file's own line numbers when a CSV file has blank lines", async () => {
    const content = [HEADER, 'Alice,Smith,alice@demo.test,Analyst,+7 495 123-45-67,', '', 'Carl,Phone,carl@demo.test,Analyst,n/a,'].join('\n');
    const rows: ImportRow[] = (await upload(csv(content))).json().rows;
    expect(outcomes(rows)).toEqual([
      [2, 'alice@demo.test', 'new'],
      [4, 'carl@demo.test', 'invalid'],
    ]);
  });
});

describe('the commit', () => {
  it('creates every new row at once, as Registered people of the company, and e-mails their invitations', async () => {
    const before = await companyPeople();
    const res = await upload(csv(GOOD_CSV), { companyId: String(DEMO_COMPANY_ID), commit: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toBe(2);
    expect(outcomes(res.json().rows)).toEqual([
      [2, 'alice.smith@demo.test', 'new'],
      [3, 'bob.jones@demo.test', 'new'],
      [4, 'EMPLOYEE@demo.test', 'known'],
    ]);
    expect(await companyPeople()).toBe(before + 2);
    expect(await userRow(t, 'alice.smith@demo.test')).toMatchObject({
      name: 'Alice',
      surname: 'Smith',
      position: 'Market Access Lead',
      role: 'employee',
      status: 'registered',
      isActive: true,
      companyId: DEMO_COMPANY_ID,
    });
    expect(await userRow(t, 'bob.jones@demo.test')).toMatchObject({ role: 'trusted', position: 'Head of Quality, Russia' });
    expect(await userRow(t, 'employee@demo.test')).toMatchObject({ surname: 'Sotrudnikov', phone: '+7 495 000-00-00' });
    expect((await logEntries(t, 'user.imported')).map((e) => (e.after as { email: string }).email)).toEqual([
      'alice.smith@demo.test',
      'bob.jones@demo.test',
    ]);
    await t.flushMail();
    // The outbox sends side by side: the order they arrive in is not the order they were queued in.
    expect(t.mail.map((m) => [m.to, m.type]).sort()).toEqual([
      ['alice.smith@demo.test', 'firstPassword'],
      ['bob.jones@demo.test', 'firstPassword'],
    ]);
    expect((await setPassword(t, t.linkCode('bob.jones@demo.test'))).statusCode).toBe(204);
    await t.login('bob.jones@demo.test', 'Joined1234');
  });

  it('commits an Excel file as well (admin, under /admin)', async () => {
    const file = await xlsx([['Alice', 'Smith', 'alice@demo.test', 'Analyst', '+7 495 123-45-67', 'employee']]);
    const res = await upload(file, { companyId: String(DEMO_COMPANY_ID), commit: 'true' }, { email: 'admin@demo.test', prefix: 'admin' });
    expect(res.json().created).toBe(1);
    expect(await userRow(t, 'alice@demo.test')).toMatchObject({ companyId: DEMO_COMPANY_ID, status: 'registered' });
  });

  it('refuses a file with any invalid row (409) and imports nothing', async () => {
    const before = await companyPeople();
    const res = await upload(csv(BAD_CSV), { companyId: String(DEMO_COMPANY_ID), commit: 'true' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'IMPORT_HAS_INVALID_ROWS',
      message: 'Some rows are invalid: correct them and upload the file again. Nothing was imported.',
    });
    expect(await companyPeople()).toBe(before);
    expect(await userRow(t, 'alice.smith@demo.test')).toBeUndefined();
    expect(await logOf(t, 'users')).toHaveLength(0);
    await t.flushMail();
    expect(t.mail).toHaveLength(0);
  });

  it('refuses to commit into a switched-off company, but previews', async () => {
    const off = await insertCompany(t, 'Dormant', { isActive: false });
    const preview = await upload(csv(GOOD_CSV), { companyId: String(off) });
    expect(preview.statusCode).toBe(200);
    const commit = await upload(csv(GOOD_CSV), { companyId: String(off), commit: 'true' });
    expect(commit.statusCode).toBe(409);
    expect(commit.json().code).toBe('COMPANY_INACTIVE');
    expect(await userRow(t, 'alice.smith@demo.test')).toBeUndefined();
  });
});

describe('bad uploads', () => {
  it('answers 400 for a file it cannot read', async () => {
    const unreadable: MultipartFile[] = [
      { filename: 'people.xlsx', content: Buffer.from('this is not a workbook') },
      { filename: 'people.csv', content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01, 0x02]) },
      csv(''),
      csv('first,last,mail\nAlice,Smith,alice@demo.test\n'),
      { filename: 'photo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) },
    ];
    for (const file of unreadable) {
      const res = await upload(file);
      expect(res.statusCode, file.filename).toBe(400);
      expect(res.json(), file.filename).toEqual({
        code: 'IMPORT_INVALID_FILE',
        message: 'The file could not be read. Upload a CSV or Excel (.xlsx) file with a header row.',
      });
    }
    const ru = await upload(csv(''), undefined, { headers: { 'accept-language': 'ru' } });
    expect(ru.json().message).toBe('Не удалось прочитать файл. Загрузите файл CSV или Excel (.xlsx) со строкой заголовков.');
  });

  it('needs a file and a known company', async () => {
    const noFile = await upload(undefined);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual({ file: 'You must enter a value.' });
    const noCompany = await upload(csv(GOOD_CSV), {});
    expect(noCompany.statusCode).toBe(400);
    expect(Object.keys(noCompany.json().fields)).toEqual(['companyId']);
    const unknown = await upload(csv(GOOD_CSV), { companyId: '9999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ companyId: 'Choose a company.' });
    const badCommit = await upload(csv(GOOD_CSV), { companyId: '1', commit: 'maybe' });
    expect(badCommit.json().fields).toEqual({ commit: 'Invalid value.' });
  });

  it('is for staff and admin only', async () => {
    for (const email of ['ceo@demo.test', 'trusted@demo.test', 'employee@demo.test']) {
      const res = await upload(csv(GOOD_CSV), { companyId: '1', commit: 'true' }, { email });
      expect(res.statusCode, email).toBe(403);
    }
    const staffOnAdmin = await upload(csv(GOOD_CSV), { companyId: '1' }, { prefix: 'admin' });
    expect(staffOnAdmin.statusCode).toBe(403);
    const guest = await t.api(organisation.importEmployees.aipm, { companyId: '1' }, undefined, { file: csv(GOOD_CSV) });
    expect(guest.statusCode).toBe(401);
    expect(await userRow(t, 'alice.smith@demo.test')).toBeUndefined();
  });
});
