import { account, digest, HISTORY_AREAS, type HistoryQuery, history, organisation } from '@portal/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { pdfOfSize } from '../../../test/pdf-files.ts';
import { createVoting } from '../../../test/voting-fixtures.ts';
import { listLog, logEntries } from './action-log.repository.ts';
import { writeLog } from './action-log.ts';

let t: TestApp;
let staff: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  staff = await t.tokenFor('staff@demo.test');
  admin = await t.tokenFor('admin@demo.test');
});
afterAll(async () => {
  await t.close();
});

/** A change in each area: a company (users), a voting (vote), a digest issue (digest), and a locale change (not history). */
async function changeEverything() {
  const company = await t.api(organisation.addCompany, { name: 'History Pharma', domain: 'history.test', status: 'confirmed' }, admin);
  expect(company.statusCode, company.body).toBe(200);
  const voting = await createVoting(t, staff, { title: 'History voting' });
  const issue = await t.api(digest.create, {}, admin, { file: { filename: 'History digest.pdf', content: pdfOfSize(2048) } });
  expect(issue.statusCode, issue.body).toBe(200);
  await t.api(account.setLocale, { locale: 'ru' }, staff);
  return { companyId: company.json().id as number, votingId: voting.id, issueId: issue.json().id as number };
}

const get = async (query: HistoryQuery, token = staff, endpoint = history.list.aipm) => {
  const res = await t.api(endpoint, query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    total: number;
    rows: { domain: string; action: string; entityLabel: string | null; actor: { surname: string } | null; ip: string | null }[];
  };
};

describe('the staff’s history', () => {
  it('gathers every change across the portal, newest first, with its object named; sign-ins and personal settings stay out', async () => {
    await changeEverything();
    const { rows } = await get({ pageSize: 200 });
    expect(rows.slice(0, 3).map((r) => [r.domain, r.action, r.entityLabel])).toEqual([
      ['digest', 'digest.created', 'History digest.pdf'],
      ['vote', 'voting.created', 'History voting'],
      ['users', 'company.added', 'History Pharma'],
    ]);
    expect(rows.some((r) => r.action === 'locale.changed' || r.action === 'login')).toBe(false);
  });

  it('filters by area, author, object and days, in the database', async () => {
    const { votingId } = await changeEverything();
    expect((await get({ area: 'vote' })).rows.every((r) => r.domain === 'vote')).toBe(true);
    const byAdmin = await get({ actorId: (await t.api(account.currentUser, undefined, admin)).json().id });
    expect(byAdmin.rows.map((r) => r.action)).toEqual(['digest.created', 'company.added']);
    expect((await get({ entity: 'voting', entityId: votingId })).rows.map((r) => r.action)).toEqual(['voting.created']);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await get({ from: today, to: today })).total).toBeGreaterThanOrEqual(3);
    expect((await get({ to: '2000-01-01' })).total).toBe(0);
    // The security log is admin's own area, never among all areas.
    expect((await t.api(history.list.aipm, { area: 'security' }, staff)).statusCode).toBe(403);
    expect((await t.api(history.download.aipm, { area: 'security' }, staff)).statusCode).toBe(403);
  });

  it("shows admin the security log as an area of its own, with each entry's address", async () => {
    await t.api(account.login, { email: 'ceo@demo.test', password: 'Wrong12345' }, undefined, { remoteAddress: '203.0.113.9' });
    await t.api(account.login, { email: 'ceo@demo.test', password: DEMO_PASSWORD }, undefined, { remoteAddress: '198.51.100.4' });
    const log = await get({ area: 'security' }, admin, history.list.admin);
    expect(log.rows.slice(0, 2).map((r) => [r.action, r.ip, r.entityLabel])).toEqual([
      ['login', '198.51.100.4', 'Directorov Cyril <ceo@demo.test>'],
      ['login.failed', '203.0.113.9', 'Directorov Cyril <ceo@demo.test>'],
    ]);
    expect((await get({})).rows.some((r) => r.domain === 'security')).toBe(false);
    expect((await get({ area: 'users' })).rows.every((r) => r.ip === null)).toBe(true);
    // Filtered by event, in the list and in the file; an event the log does not know is bad input.
    const failed = await get({ area: 'security', action: 'login.failed' }, admin, history.list.admin);
    expect(failed.rows.map((r) => [r.action, r.ip])).toEqual([['login.failed', '203.0.113.9']]);
    const failedFile = await t.api(history.download.admin, { area: 'security', action: 'login.failed' }, admin);
    const failedBook = new ExcelJS.Workbook();
    await failedBook.xlsx.load(failedFile.rawPayload as unknown as ArrayBuffer);
    expect(failedBook.worksheets[0]?.rowCount).toBe(2);
    const unknown = await t.api(history.list.admin, { area: 'security', action: 'login.guessed' } as never, admin);
    expect(unknown.statusCode).toBe(400);
    // A coded value is said in the reader's words (a passkey refusal's reason), on the screen's catalogue and in the file.
    await t.database.db.transaction((tx) =>
      writeLog(tx, t.clock.now(), {
        domain: 'security',
        action: 'login.passkey_failed',
        entity: 'user',
        after: { reason: 'counter' },
        ip: '203.0.113.7',
      }),
    );
    const file = await t.api(history.download.admin, { area: 'security' }, admin, { headers: { 'accept-language': 'ru' } });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    expect(rows[1]).toEqual(
      expect.arrayContaining([
        'Вход с ключом доступа отклонён',
        'Причина: Повторённый или скопированный ключ доступа (счётчик не вырос)',
        '203.0.113.7',
      ]),
    );
  });

  it('downloads the filtered history as Excel, with actions and changes in the caller’s words', async () => {
    await changeEverything();
    const res = await t.api(history.download.admin, { area: 'digest' }, admin, { headers: { 'accept-language': 'ru' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/history-\d{4}-\d{2}-\d{2}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    expect(rows[0]).toEqual(expect.arrayContaining(['Раздел', 'Действие', 'Объект']));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(
      expect.arrayContaining([
        'Медиадайджест',
        'Выпуск дайджеста опубликован',
        'History digest.pdf',
        'Размер (байт): 2048\nИмя файла: History digest.pdf',
      ]),
    );
  });
});

describe('a long history', () => {
  it('says the same in a page (written by the database as JSON) as in the same entries read as rows, as the download reads them', async () => {
    await changeEverything();
    const filters = { page: 1, pageSize: 50, order: 'desc' as const };
    const page = JSON.parse((await listLog(t.database.db, [...HISTORY_AREAS], filters)).text) as { rows: unknown[]; total: number };
    const rows = await logEntries(t.database.db, [...HISTORY_AREAS], filters);
    expect(page.rows.length).toBeGreaterThan(2);
    expect(page.rows).toEqual(rows);
    expect(page.total).toBe(rows.length);
  });

  it('counts exactly up to the cap and says "more" above it, without counting the rest', async () => {
    const [staffRow] = await t.database.query<{ id: number }>("SELECT id FROM users WHERE email = 'staff@demo.test'");
    await t.database.query(`INSERT INTO action_log (at, domain, action, entity, entity_id, actor_id, viewed)
      SELECT now(), 'users', 'company.updated', 'company', 1, ${Number(staffRow!.id)}, true FROM generate_series(1, 10005)`);
    const { total } = await get({ pageSize: 1 });
    expect(total).toBe(10_001);
    // Paging still reaches the entries past the cap.
    expect((await get({ pageSize: 50, page: 201 })).rows.length).toBeGreaterThan(0);
    expect((await get({ area: 'vote' })).total).toBe(0);
  });
});
