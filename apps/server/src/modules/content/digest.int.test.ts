import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { account, digest } from '@portal/shared';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiInput, createTestApp, type TestApp } from '../../../test/harness.ts';
import { pdfOfSize, samplePdf } from '../../../test/pdf-files.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { actionLog, digests } from '../../db/schema/index.ts';

const MB = 1024 * 1024;
const BUCKET = 'portal-files';

let s3: S3rver;
let s3Dir: string;
/** An app on each file store; the tests that do not depend on the store use the local one. */
const apps = {} as Record<'local' | 's3', TestApp>;
beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  apps.local = await createTestApp();
  apps.s3 = await createTestApp({
    S3_URL: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
afterAll(async () => {
  await apps.local.close();
  await apps.s3.close();
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

/** Every stored object's path, on either store. */
function storedFiles(t: TestApp, store: 'local' | 's3'): string[] {
  const dir = store === 'local' ? path.join(t.dataDir, 'files') : path.join(s3Dir, BUCKET);
  if (!fs.existsSync(dir)) return [];
  return (
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      // s3rver keeps each object as <key>._S3rver_object beside its metadata and checksum.
      .filter((e) => e.isFile() && (store === 'local' || e.name.endsWith('._S3rver_object')))
      .map((e) => path.join(e.parentPath, e.name))
  );
}

describe.each(['local', 's3'] as const)('the media digest on the %s file store', (store) => {
  let t: TestApp;
  let admin: string;
  let employee: string;
  beforeEach(async () => {
    t = apps[store];
    await t.reset();
    admin = await t.tokenFor('admin@demo.test');
    employee = await t.tokenFor('employee@demo.test');
  });
  afterEach(async () => {
    // Each test of the S3 store leaves the bucket as it found it (a reset empties only the local store).
    if (store === 's3') for (const row of await t.database.db.select().from(digests)) await t.api(digest.remove, { id: row.id }, admin);
  });

  const upload = (content: Buffer | string, filename = 'Digest 2026-11.pdf', fields: ApiInput<typeof digest.create> = {}) =>
    t.api(digest.create, fields, admin, { file: { filename, content, contentType: 'application/pdf' } });

  it('publishes a PDF that every role lists and opens or downloads under its own name, byte for byte', async () => {
    const pdf = await samplePdf('Media digest, November 2026');
    const created = await upload(pdf, 'Дайджест 2026-11.pdf');
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ fileName: 'Дайджест 2026-11.pdf', size: pdf.length, uploadedAt: t.clock.now().toISOString() });
    const list = await t.api(digest.list, undefined, employee);
    expect(list.json()).toMatchObject({ total: 1, years: [2026], rows: [{ fileName: 'Дайджест 2026-11.pdf', size: pdf.length }] });
    const id = created.json().id;
    const saved = await t.api(digest.download, { id }, employee);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['content-type']).toBe('application/pdf');
    expect(saved.headers['content-disposition']).toBe(
      `attachment; filename="________ 2026-11.pdf"; filename*=UTF-8''${encodeURIComponent('Дайджест 2026-11.pdf')}`,
    );
    expect(saved.rawPayload.equals(pdf)).toBe(true);
    expect(await pdfText(saved.rawPayload)).toContain('Media digest, November 2026');
    const opened = await t.api(digest.download, { id, inline: true }, employee);
    expect(opened.headers['content-disposition']).toMatch(/^inline; /);
    expect(storedFiles(t, store)).toHaveLength(1);
    const [entry] = await t.database.db.select().from(actionLog).where(eq(actionLog.domain, 'digest'));
    expect(entry).toMatchObject({ action: 'digest.created', entityId: id, after: { fileName: 'Дайджест 2026-11.pdf', size: pdf.length } });
  });

  it('accepts a PDF of exactly 10 MB and refuses one byte more, leaving neither a file nor a row', async () => {
    const ok = await upload(pdfOfSize(10 * MB));
    expect(ok.statusCode, ok.body).toBe(200);
    const big = await upload(pdfOfSize(10 * MB + 1));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'VALIDATION', fields: { file: 'The file is too large: at most 10 MB.' } });
    expect(await t.database.db.select().from(digests)).toHaveLength(1);
    expect(storedFiles(t, store)).toHaveLength(1);
  });

  it('refuses what is not a whole PDF, a bad name, or no file, in the caller’s language, leaving nothing behind', async () => {
    const pdf = await samplePdf('Real');
    const cases: [Buffer | string, string, Record<string, string>, string][] = [
      ['Just some text', 'notes.pdf', {}, 'Choose a PDF file: this file is not a whole PDF document.'],
      [pdf.subarray(0, pdf.length - 200), 'cut.pdf', {}, 'Choose a PDF file: this file is not a whole PDF document.'],
      [
        Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), pdf]),
        'polyglot.pdf',
        {},
        'Choose a PDF file: this file is not a whole PDF document.',
      ],
      [
        Buffer.concat([pdf, Buffer.from('PK\u0003\u0004 appended archive')]),
        'appended.pdf',
        {},
        'Choose a PDF file: this file is not a whole PDF document.',
      ],
    ];
    for (const [content, filename, fields, message] of cases) {
      const res = await upload(content, filename, fields);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().fields.file, filename).toBe(message);
    }
    const badName = await upload(pdf, 'x.pdf', { fileName: '../../etc/passwd' });
    expect(badName.json().fields).toEqual({ fileName: 'Enter a file name without slashes.' });
    const controls = await upload(pdf, 'x.pdf', { fileName: 'Digest\u202Efdp.exe' });
    expect(controls.statusCode).toBe(400);
    const russian = await t.api(digest.create, {}, admin, { headers: { 'accept-language': 'ru' }, file: { filename: 'notes.pdf', content: 'text' } });
    expect(russian.json().fields.file).toBe('Выберите файл PDF: этот файл не является целым документом PDF.');
    const none = await t.api(digest.create, { fileName: 'x.pdf' }, admin);
    expect(none.json().fields).toEqual({ file: 'Choose a file.' });
    expect(await t.database.db.select().from(digests)).toHaveLength(0);
    expect(storedFiles(t, store)).toHaveLength(0);
  });

  it('renames, replaces (removing the old file) and deletes an issue, each in the log', async () => {
    const first = (await upload(await samplePdf('First'), 'first.pdf')).json();
    const renamed = await t.api(digest.update, { id: first.id, fileName: 'Digest 1.pdf' }, admin);
    expect(renamed.json()).toMatchObject({ id: first.id, fileName: 'Digest 1.pdf', size: first.size });
    const second = await samplePdf('Second, corrected');
    const replaced = await t.api(digest.update, { id: first.id }, admin, { file: { filename: 'corrected.pdf', content: second } });
    expect(replaced.json()).toMatchObject({ fileName: 'corrected.pdf', size: second.length, uploadedAt: first.uploadedAt });
    expect(storedFiles(t, store)).toHaveLength(1);
    const got = await t.api(digest.download, { id: first.id }, employee);
    expect(got.rawPayload.equals(second)).toBe(true);
    const nothing = await t.api(digest.update, { id: first.id }, admin);
    expect(nothing.json()).toMatchObject({ code: 'NOTHING_TO_SAVE', message: 'Nothing to save.' });
    const removed = await t.api(digest.remove, { id: first.id }, admin);
    expect(removed.statusCode).toBe(204);
    expect(storedFiles(t, store)).toHaveLength(0);
    expect((await t.api(digest.download, { id: first.id }, employee)).statusCode).toBe(404);
    const actions = (await t.database.db.select().from(actionLog).where(eq(actionLog.domain, 'digest'))).map((e) => e.action);
    expect(actions).toEqual(['digest.created', 'digest.updated', 'digest.updated', 'digest.deleted']);
  });

  it('is published by admin only', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const res = await t.api(digest.create, {}, staff, { file: { filename: 'a.pdf', content: await samplePdf('x') } });
    expect(res.statusCode).toBe(403);
    expect(storedFiles(t, store)).toHaveLength(0);
  });
});

describe('the digest’s list', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = apps.local;
    await t.reset();
  });

  it('pages, searches by name, filters by year and sorts in the database', async () => {
    const names = ['Digest 2024-12.pdf', 'Digest 2025-06.pdf', 'Digest 2025-07.pdf', 'Special 100% issue.pdf'];
    await t.database.db.insert(digests).values(
      names.map((fileName, i) => ({
        fileName,
        size: 1000 + i,
        fileKey: `digest/00000000-0000-0000-0000-00000000000${i}`,
        uploadedAt: new Date(`${fileName.match(/\d{4}-\d{2}/)?.[0] ?? '2026-01'}-15T10:00:00Z`),
      })),
    );
    const token = await t.tokenFor('ceo@demo.test');
    const get = async (query: ApiInput<typeof digest.list> = {}) => (await t.api(digest.list, query, token)).json();
    expect((await get()).rows.map((r: { fileName: string }) => r.fileName)).toEqual([
      'Special 100% issue.pdf',
      'Digest 2025-07.pdf',
      'Digest 2025-06.pdf',
      'Digest 2024-12.pdf',
    ]);
    expect((await get()).years).toEqual([2026, 2025, 2024]);
    expect(await get({ year: 2025 })).toMatchObject({ total: 2, rows: [{ fileName: 'Digest 2025-07.pdf' }, { fileName: 'Digest 2025-06.pdf' }] });
    expect(await get({ search: '100%' })).toMatchObject({ total: 1, rows: [{ fileName: 'Special 100% issue.pdf' }] });
    expect(await get({ sort: 'fileName', order: 'asc', pageSize: 2, page: 2 })).toMatchObject({
      total: 4,
      rows: [{ fileName: 'Digest 2025-07.pdf' }, { fileName: 'Special 100% issue.pdf' }],
    });
    expect((await t.api(digest.list, { year: 1800 }, token)).statusCode).toBe(400);
  });
});

describe('a new issue’s e-mail', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = apps.local;
    await t.reset();
  });

  it('goes to every subscriber who may sign in, in their language, linking to the digest in their own area; a person who turned it off gets none', async () => {
    const employee = await t.tokenFor('employee@demo.test');
    const off = await t.api(
      account.updateProfile,
      { name: 'Ivan', surname: 'Sotrudnikov', position: 'Analyst', phone: '+7 495 111-22-33', digestSubscribed: false },
      employee,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().digestSubscribed).toBe(false);
    const admin = await t.tokenFor('admin@demo.test');
    const created = await t.api(digest.create, {}, admin, { file: { filename: 'Digest 12.pdf', content: await samplePdf('x') } });
    expect(created.statusCode).toBe(200);
    await t.flushMail();
    const sent = t.mail.filter((m) => m.type === 'digestPublished');
    expect(sent.map((m) => m.to)).not.toContain('employee@demo.test');
    const ceo = sent.find((m) => m.to === 'ceo@demo.test');
    expect(ceo?.subject).toBe('Media digest: Digest 12.pdf');
    expect(ceo?.text).toContain('/ceo/digest');
    expect(sent.find((m) => m.to === 'staff@demo.test')?.text).toContain('/aipm/digest');
  });
});
