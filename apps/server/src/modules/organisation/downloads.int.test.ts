import { type EndpointDef, organisation, type Person, type UserListQuery } from '@portal/shared';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiInput, createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, addPeople, DEMO_COMPANY_ID, type FixtureCompany } from '../../../test/org-fixtures.ts';

let t: TestApp;
let beta: FixtureCompany;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  beta = await addBetaBio(t);
  await addPeople(t, beta.id, 3, { prefix: 'idle', isActive: false, status: 'registered' });
});
afterAll(async () => {
  await t.close();
});

type DownloadQuery = ApiInput<typeof organisation.downloadUsers.aipm>;

const HEADER = ['Surname', 'Name', 'E-mail', 'Company', 'Position', 'Phone', 'Role', 'Status', 'Active', 'Added'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const download = async (
  token: string,
  endpoint: EndpointDef,
  query: DownloadQuery = {},
  headers?: Record<string, string>,
): Promise<LightMyRequestResponse> => {
  const res = await t.api(endpoint, query, token, { headers });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res;
};
/** The rows of the first sheet, as text, header first. */
async function sheetRows(res: LightMyRequestResponse): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1).map((v) => String(v ?? '')));
  });
  return rows;
}
/** The lines of a CSV download split into cells (the test data has no quoted cells). */
function csvRows(res: LightMyRequestResponse): string[][] {
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return res.body
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}
const listed = async (token: string, query: UserListQuery) => {
  const res = await t.api(organisation.companyUsers.aipm, query, token);
  expect(res.statusCode).toBe(200);
  return (res.json() as { rows: Person[] }).rows;
};
const EMAIL = 2;

describe('Excel downloads', () => {
  it('downloads the filtered people as .xlsx under a dated name, with the header row and exactly the filtered rows', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const res = await download(admin, organisation.downloadUsers.admin, { companyId: beta.id, isActive: true });
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="users-2026-03-02.xlsx"; filename*=UTF-8''users-2026-03-02.xlsx`);
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = await sheetRows(res);
    expect(header).toEqual(HEADER);
    expect(rows).toEqual([
      ['Belov', 'Bogdan', 'employee@beta.test', 'Beta Bio', 'Sales Representative', '+7 495 111-22-33', 'Employee', 'Joined', 'Yes', '3/2/26'],
      ['Betov', 'Boris', 'ceo@beta.test', 'Beta Bio', 'General Manager', '+7 495 111-22-33', 'General manager', 'Joined', 'Yes', '3/2/26'],
      ['Bravina', 'Bella', 'trusted@beta.test', 'Beta Bio', 'HR Manager', '+7 495 111-22-33', 'Authorised person', 'Joined', 'Yes', '3/2/26'],
    ]);
  });

  it('applies every list filter: the rows are the list’s rows', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const filters: UserListQuery[] = [
      {},
      { role: 'trusted' },
      { status: 'registered' },
      { isActive: false },
      { search: 'demo' },
      { companyId: DEMO_COMPANY_ID, role: 'employee' },
    ];
    for (const query of filters) {
      const [, ...rows] = await sheetRows(await download(staff, organisation.downloadUsers.aipm, query));
      const people = await listed(staff, { ...query, pageSize: 200 });
      expect(rows.map((r) => r[EMAIL]).sort(), JSON.stringify(query)).toEqual(people.map((p) => p.email).sort());
    }
    const [, ...all] = await sheetRows(await download(staff, organisation.downloadUsers.aipm));
    expect(all).toHaveLength(9);
    // Ordered by company, then surname.
    expect(all.map((r) => r[3])).toEqual([...Array(6).fill('Beta Bio'), ...Array(3).fill('Demo Pharma')]);
  });

  it('downloads general managers and authorised persons under their own names', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const ceos = await download(admin, organisation.downloadCeos.admin);
    expect(ceos.headers['content-disposition']).toContain('filename="ceos-2026-03-02.xlsx"');
    expect((await sheetRows(ceos)).slice(1).map((r) => r[EMAIL])).toEqual(['ceo@beta.test', 'ceo@demo.test']);
    const trusted = await download(admin, organisation.downloadTrusted.admin, { format: 'csv', companyId: DEMO_COMPANY_ID });
    expect(trusted.headers['content-disposition']).toContain('filename="trusted-2026-03-02.csv"');
    expect(
      csvRows(trusted)
        .slice(1)
        .map((r) => r[EMAIL]),
    ).toEqual(['trusted@demo.test']);
    // The role filter cannot widen a CEO download.
    const mixed = await download(admin, organisation.downloadCeos.admin, { format: 'csv', role: 'employee' });
    expect(csvRows(mixed)).toEqual([HEADER]);
  });
});

describe('CSV downloads', () => {
  it('downloads the filtered people as UTF-8 CSV with a header row', async () => {
    const ceo = await t.tokenFor('ceo@demo.test');
    const res = await download(ceo, organisation.downloadUsers.ceo, { format: 'csv', role: 'trusted' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="users-2026-03-02.csv"; filename*=UTF-8''users-2026-03-02.csv`);
    expect(csvRows(res)).toEqual([
      HEADER,
      // The phone keeps an apostrophe in front, or a spreadsheet would read "+7 …" as a formula.
      ['Doverova', 'Tatiana', 'trusted@demo.test', 'Demo Pharma', 'HR Director', "'+7 495 000-00-00", 'Authorised person', 'Joined', 'Yes', '3/2/26'],
    ]);
  });

  it('gives a ceo or trusted person only their own company, whatever companyId says', async () => {
    for (const [email, prefix] of [
      ['ceo@beta.test', 'ceo'],
      ['trusted@beta.test', 'trusted'],
    ] as const) {
      const token = await t.tokenFor(email);
      const res = await download(token, organisation.downloadUsers[prefix], { format: 'csv', companyId: DEMO_COMPANY_ID });
      const rows = csvRows(res).slice(1);
      expect(rows.map((r) => r[EMAIL]).sort()).toEqual([
        'ceo@beta.test',
        'employee@beta.test',
        'idle001@people.test',
        'idle002@people.test',
        'idle003@people.test',
        'trusted@beta.test',
      ]);
      const xlsxRows = (await sheetRows(await download(token, organisation.downloadCeos[prefix], { companyId: DEMO_COMPANY_ID }))).slice(1);
      expect(xlsxRows.map((r) => r[EMAIL])).toEqual(['ceo@beta.test']);
    }
  });

  it('heads the columns in the caller’s language', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const res = await download(admin, organisation.downloadCeos.admin, { format: 'csv', companyId: 1 }, { 'accept-language': 'ru' });
    const [header, row] = csvRows(res);
    expect(header?.[0]).toBe('Фамилия');
    expect(row?.[EMAIL]).toBe('ceo@demo.test');
    expect(row?.[9]).toBe('02.03.2026');
  });
});

describe('download names and refusals', () => {
  it("dates the file name by the server's clock", async () => {
    t.clock.set('2026-12-31T23:30:00Z');
    const admin = await t.tokenFor('admin@demo.test');
    const res = await download(admin, organisation.downloadUsers.admin, { format: 'csv' });
    expect(res.headers['content-disposition']).toContain('filename="users-2026-12-31.csv"');
  });

  it('refuses a bad format or filter, other prefixes and guests', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    for (const query of ['format=pdf', 'role=admin', 'companyId=x', 'isActive=maybe']) {
      expect((await t.call('GET', `/api/admin/company/downloadUsers?${query}`, { token: admin })).statusCode, query).toBe(400);
    }
    const employee = await t.tokenFor('employee@demo.test');
    for (const file of ['downloadUsers', 'downloadCeos', 'downloadTrusted'] as const) {
      expect((await t.api(organisation[file].ceo, {}, employee)).statusCode).toBe(403);
      expect((await t.api(organisation[file].aipm)).statusCode).toBe(401);
    }
    const ceo = await t.tokenFor('ceo@demo.test');
    expect((await t.api(organisation.downloadUsers.aipm, undefined, ceo)).statusCode).toBe(403);
  });
});
