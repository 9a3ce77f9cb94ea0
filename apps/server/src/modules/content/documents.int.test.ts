import { DOC_PREFIX_OF, type DocCategory, type DocsQuery, documents as documentsApi, type Role } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { samplePdf } from '../../../test/pdf-files.ts';
import { actionLog, documents } from '../../db/schema/index.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  admin = await t.tokenFor('admin@demo.test');
});
afterAll(async () => {
  await t.close();
});

const fields = (title: string, roles: string, category: DocCategory = 'policies') => ({
  titleEn: title,
  titleRu: `${title} (рус.)`,
  category,
  roles,
});
const publish = async (title: string, roles: string, content?: Buffer | string) =>
  t.api(documentsApi.upload, fields(title, roles), admin, {
    file: { filename: `${title}.pdf`, content: content ?? (await samplePdf(title)), contentType: 'application/pdf' },
  });

const titlesFor = async (role: Role) => {
  const res = await t.api(documentsApi.list[DOC_PREFIX_OF[role]], {}, await t.tokenFor(`${role}@demo.test`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows.map((d: { titleEn: string }) => d.titleEn);
};

describe('documents', () => {
  it('are listed and served to the roles they are meant for only; admin sees all; anyone else gets 403 on download', async () => {
    const forCeos = (await publish('Code of practice', 'ceo,trusted')).json();
    await publish('Staff handbook', 'staff');
    await publish('Member guide', 'employee,trusted,ceo');
    expect(await titlesFor('ceo')).toEqual(['Member guide', 'Code of practice']);
    expect(await titlesFor('employee')).toEqual(['Member guide']);
    expect(await titlesFor('staff')).toEqual(['Staff handbook']);
    expect(await titlesFor('admin')).toEqual(['Member guide', 'Staff handbook', 'Code of practice']);
    const ceo = await t.api(documentsApi.download.ceo, { id: forCeos.id }, await t.tokenFor('ceo@demo.test'));
    expect(ceo.statusCode).toBe(200);
    expect(ceo.headers['content-disposition']).toMatch(/^attachment; filename="Code of practice.pdf"/);
    const employee = await t.api(documentsApi.download.user, { id: forCeos.id }, await t.tokenFor('employee@demo.test'));
    expect(employee.statusCode).toBe(403);
  });

  it('search by title in either language and filter by category, in the database', async () => {
    await publish('Annual report 2025', 'employee');
    await t.api(documentsApi.upload, fields('Board minutes', 'employee', 'minutes'), admin, {
      file: { filename: 'minutes.pdf', content: await samplePdf('m') },
    });
    const token = await t.tokenFor('employee@demo.test');
    const get = async (query: DocsQuery) =>
      (await t.api(documentsApi.list.user, query, token)).json().rows.map((d: { titleEn: string }) => d.titleEn);
    expect(await get({ category: 'minutes' })).toEqual(['Board minutes']);
    expect(await get({ search: 'report 2025 (рус' })).toEqual(['Annual report 2025']);
  });

  it('refuse a missing title, no roles, a role that is not an audience, and a file that is not a PDF, leaving nothing', async () => {
    const pdf = await samplePdf('x');
    const bad = await t.api(documentsApi.upload, { titleEn: '', titleRu: 'Т', category: 'policies', roles: '' }, admin, {
      file: { filename: 'a.pdf', content: pdf },
    });
    expect(bad.json().fields).toEqual({ titleEn: 'You must enter a value.', roles: 'Choose who the document is meant for.' });
    const admins = await t.api(documentsApi.upload, fields('X', 'admin'), admin, { file: { filename: 'a.pdf', content: pdf } });
    expect(admins.statusCode).toBe(400);
    expect((await publish('Fake', 'employee', 'plain text')).json().fields.file).toBe('Choose a PDF file: this file is not a whole PDF document.');
    expect(await t.database.db.select().from(documents)).toHaveLength(0);
  });

  it('are edited (new roles, a new PDF) and deleted by admin only, each change in the log', async () => {
    const doc = (await publish('Policy', 'employee')).json();
    const staff = await t.tokenFor('staff@demo.test');
    expect((await t.api(documentsApi.upload, fields('X', 'employee'), staff)).statusCode).toBe(403);
    const replaced = await t.api(documentsApi.update, { id: doc.id, ...fields('Policy v2', 'ceo') }, admin, {
      file: { filename: 'Policy v2.pdf', content: await samplePdf('v2') },
    });
    expect(replaced.json()).toMatchObject({ titleEn: 'Policy v2', roles: ['ceo'], fileName: 'Policy v2.pdf' });
    expect(await titlesFor('employee')).toEqual([]);
    expect((await t.api(documentsApi.remove, { id: doc.id }, admin)).statusCode).toBe(204);
    expect(await titlesFor('ceo')).toEqual([]);
    const actions = (await t.database.db.select().from(actionLog).where(eq(actionLog.domain, 'documents'))).map((e) => e.action);
    expect(actions).toEqual(['document.created', 'document.updated', 'document.deleted']);
  });
});
