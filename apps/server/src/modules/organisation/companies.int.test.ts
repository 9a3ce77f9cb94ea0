import { account, type Company, type CompanyListQuery, organisation, type STAFF_API_PREFIXES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, addCompanies, companyRow, DEMO_COMPANY_ID, insertCompany, logEntries, logOf, userRow } from '../../../test/org-fixtures.ts';
import { companies, sessions, users } from '../../db/schema/index.ts';

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

const DEMO_PEOPLE = ['ceo@demo.test', 'trusted@demo.test', 'employee@demo.test'];
const names = (rows: Company[]) => rows.map((c) => c.name);
const list = async (token: string, query: CompanyListQuery = {}, prefix: (typeof STAFF_API_PREFIXES)[number] = 'admin') => {
  const res = await t.api(organisation.companies[prefix], query, token);
  expect(res.statusCode).toBe(200);
  return res.json() as { rows: Company[]; total: number };
};

describe('the companies list', () => {
  it('pages with page 1 and 50 rows when absent, sorted by name', async () => {
    await addCompanies(t, 60);
    const admin = await t.tokenFor('admin@demo.test');
    const first = await list(admin);
    expect(first.total).toBe(61);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toMatchObject({ name: 'Demo Pharma', domain: 'demo.test', status: 'confirmed', isActive: true });
    expect(names(first.rows)).toEqual([...names(first.rows)].sort());
    const second = await list(admin, { page: 2 });
    expect(second.rows).toHaveLength(11);
    expect(second.total).toBe(61);
    expect(second.rows.at(-1)?.name).toBe('Paging Co 060');
    const small = await list(admin, { page: 3, pageSize: 10 });
    expect(names(small.rows)).toEqual(Array.from({ length: 10 }, (_, i) => `Paging Co ${String(i + 20).padStart(3, '0')}`));
    const beyond = await list(admin, { page: 9 });
    expect(beyond).toEqual({ rows: [], total: 61 });
  });

  it('sorts on the server by name, domain, status, creation and people, either way', async () => {
    await addCompanies(t, 3, { prefix: 'Sort Co' });
    await addBetaBio(t);
    await insertCompany(t, 'Alpha Removed', { domain: 'zz.test', status: 'removed' });
    const admin = await t.tokenFor('admin@demo.test');
    const desc = await list(admin, { sort: 'name', order: 'desc' });
    expect(names(desc.rows)).toEqual(['Sort Co 003', 'Sort Co 002', 'Sort Co 001', 'Demo Pharma', 'Beta Bio', 'Alpha Removed']);
    const byDomain = await list(admin, { sort: 'domain' });
    expect(byDomain.rows.map((c) => c.domain)).toEqual([
      'beta.test',
      'demo.test',
      'sort-co-001.test',
      'sort-co-002.test',
      'sort-co-003.test',
      'zz.test',
    ]);
    const byStatus = await list(admin, { sort: 'status', order: 'desc' });
    expect(byStatus.rows[0]?.name).toBe('Alpha Removed');
    const byCreation = await list(admin, { sort: 'createdAt', order: 'desc' });
    expect(byCreation.rows[0]?.name).toBe('Sort Co 003');
  });

  it("counts each company's people and active people, and sorts by that count", async () => {
    const beta = await addBetaBio(t);
    const [small] = await addCompanies(t, 1, { prefix: 'Small Co', peopleEach: 1 });
    await addCompanies(t, 1, { prefix: 'Empty Co' });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, beta.employee.id));
    const admin = await t.tokenFor('admin@demo.test');
    const counts = (rows: Company[]) => rows.map((c) => [c.name, c.people, c.activePeople]);
    expect(counts((await list(admin)).rows)).toEqual([
      ['Beta Bio', 3, 2],
      ['Demo Pharma', 3, 3],
      ['Empty Co 001', 0, 0],
      ['Small Co 001', 1, 1],
    ]);
    expect(counts((await list(admin, { sort: 'people', order: 'desc' })).rows)).toEqual([
      ['Demo Pharma', 3, 3],
      ['Beta Bio', 3, 2],
      ['Small Co 001', 1, 1],
      ['Empty Co 001', 0, 0],
    ]);
    const toggled = await t.api(organisation.toggleCompany, { id: String(small), isActive: 'false' }, admin);
    expect(toggled.json().company).toMatchObject({ people: 1, activePeople: 0 });
  });

  it('filters by isActive, status and search on the server', async () => {
    await addBetaBio(t);
    await insertCompany(t, 'Gamma Generics', { domain: 'gamma.test', isActive: false, status: 'removed' });
    await insertCompany(t, '100% Pharma', { domain: 'hundred.test', status: 'in_progress' });
    const staff = await t.tokenFor('staff@demo.test');
    expect(names((await list(staff, { isActive: false }, 'aipm')).rows)).toEqual(['Gamma Generics']);
    expect(names((await list(staff, { isActive: true }, 'aipm')).rows)).toEqual(['100% Pharma', 'Beta Bio', 'Demo Pharma']);
    expect((await list(staff, { isActive: 'all' }, 'aipm')).total).toBe(4);
    expect((await list(staff, { isActive: '' }, 'aipm')).total).toBe(4);
    expect(names((await list(staff, { status: 'in_progress' }, 'aipm')).rows)).toEqual(['100% Pharma']);
    expect(names((await list(staff, { search: 'BETA' }, 'aipm')).rows)).toEqual(['Beta Bio']);
    expect(names((await list(staff, { search: 'gamma.test' }, 'aipm')).rows)).toEqual(['Gamma Generics']);
    // Wildcards are taken literally.
    expect(names((await list(staff, { search: '100%' }, 'aipm')).rows)).toEqual(['100% Pharma']);
    expect((await list(staff, { search: '%' }, 'aipm')).total).toBe(1);
    expect((await list(staff, { search: '_' }, 'aipm')).total).toBe(0);
    expect(names((await list(staff, { search: 'pharma', isActive: true, status: 'confirmed' }, 'aipm')).rows)).toEqual(['Demo Pharma']);
  });

  it('refuses bad list parameters with a message per field', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    for (const query of ['page=0', 'pageSize=500', 'sort=password', 'isActive=maybe', 'status=gone', 'order=up']) {
      const res = await t.call('GET', `/api/admin/company?${query}`, { token: admin });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields), query).toEqual([query.split('=')[0]]);
    }
  });

  it('admits staff and admin under /aipm, only admin under /admin, nobody from a company', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const admin = await t.tokenFor('admin@demo.test');
    expect((await t.api(organisation.companies.aipm, undefined, admin)).statusCode).toBe(200);
    expect((await t.api(organisation.companies.admin, undefined, staff)).statusCode).toBe(403);
    for (const email of DEMO_PEOPLE) {
      const token = await t.tokenFor(email);
      expect((await t.api(organisation.companies.aipm, undefined, token)).statusCode).toBe(403);
    }
    expect((await t.api(organisation.companies.aipm)).statusCode).toBe(401);
  });
});

describe('adding and editing companies', () => {
  it('adds a company (staff or admin) with a normalised domain and logs it', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const res = await t.api(organisation.addCompany, { name: '  Acme Pharma ', domain: '@Acme.COM ' }, staff);
    expect(res.statusCode).toBe(200);
    const company = res.json();
    expect(company).toEqual({
      id: expect.any(Number),
      name: 'Acme Pharma',
      domain: 'acme.com',
      status: 'new',
      isActive: true,
      createdAt: t.clock.now().toISOString(),
      people: 0,
      activePeople: 0,
    });
    const admin = await t.tokenFor('admin@demo.test');
    const other = await t.api(organisation.addCompany, { name: 'No Domain', domain: '', status: 'in_progress' }, admin);
    expect(other.json()).toMatchObject({ name: 'No Domain', domain: null, status: 'in_progress' });
    const [entry] = await logEntries(t, 'company.added');
    expect(entry).toMatchObject({ domain: 'users', entity: 'company', entityId: company.id, after: { name: 'Acme Pharma', domain: 'acme.com' } });
    expect(entry?.actorId).toBe((await userRow(t, 'staff@demo.test'))?.id);
  });

  it('refuses a duplicate name (any case) with a 409 on the field, and bad input with 400', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const dup = await t.api(organisation.addCompany, { name: 'demo PHARMA', domain: 'other.test' }, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'COMPANY_NAME_TAKEN',
      message: 'A company with this name already exists.',
      fields: { name: 'A company with this name already exists.' },
    });
    const ru = await t.api(organisation.addCompany, { name: 'Demo Pharma' }, admin, { headers: { 'accept-language': 'ru' } });
    expect(ru.json().fields).toEqual({ name: 'Компания с таким названием уже существует.' });

    for (const domain of ['not a domain', 'http://acme.com', 'acme', 'a@b.com', 'acme..com']) {
      const bad = await t.api(organisation.addCompany, { name: 'Acme', domain }, admin);
      expect(bad.statusCode, domain).toBe(400);
      expect(bad.json().fields, domain).toEqual({ domain: 'Please enter a domain name such as example.com.' });
    }
    const empty = await t.call('POST', '/api/admin/company/add', { token: admin, form: { name: ' ', status: 'closed' } });
    expect(empty.json().fields).toEqual({ name: 'You must enter a value.', status: 'Invalid value.' });
    const emptyRu = await t.api(organisation.addCompany, { name: '' }, admin, { headers: { 'accept-language': 'ru' } });
    expect(emptyRu.json().fields).toEqual({ name: 'Необходимо заполнить поле.' });
    expect(await t.database.db.select().from(companies)).toHaveLength(1);
    expect(await logEntries(t, 'company.added')).toHaveLength(0);
  });

  it('edits a company and logs before and after', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const res = await t.api(
      organisation.updateCompany,
      { id: String(DEMO_COMPANY_ID), name: 'Demo Pharma International', domain: 'demo-intl.test', status: 'in_progress' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: DEMO_COMPANY_ID, name: 'Demo Pharma International', domain: 'demo-intl.test', status: 'in_progress' });
    // Changing only the case of its own name is not a duplicate.
    const recase = await t.api(
      organisation.updateCompany,
      { id: String(DEMO_COMPANY_ID), name: 'DEMO Pharma International', domain: 'demo-intl.test', status: 'in_progress' },
      admin,
    );
    expect(recase.statusCode).toBe(200);
    const [entry] = await logEntries(t, 'company.updated');
    expect(entry?.before).toEqual({ name: 'Demo Pharma', domain: 'demo.test', status: 'confirmed' });
    expect(entry?.after).toEqual({ name: 'Demo Pharma International', domain: 'demo-intl.test', status: 'in_progress' });
  });

  it('refuses to edit into a duplicate name, an unknown company or bad input', async () => {
    const beta = await addBetaBio(t);
    const staff = await t.tokenFor('staff@demo.test');
    const dup = await t.api(organisation.updateCompany, { id: String(beta.id), name: 'demo pharma', domain: 'beta.test' }, staff);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ name: 'A company with this name already exists.' });
    const unknown = await t.api(organisation.updateCompany, { id: '9999', name: 'Ghost' }, staff);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested item was not found.' });
    const bad = await t.api(organisation.updateCompany, { id: 'x', name: 'Beta', domain: 'beta' }, staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ id: 'Invalid value.', domain: 'Please enter a domain name such as example.com.' });
    expect(await companyRow(t, beta.id)).toMatchObject({ name: 'Beta Bio', domain: 'beta.test' });
    expect(await logEntries(t, 'company.updated')).toHaveLength(0);
  });

  it('lets no company person add, edit or switch companies', async () => {
    for (const email of DEMO_PEOPLE) {
      const token = await t.tokenFor(email);
      const id = String(DEMO_COMPANY_ID);
      expect((await t.api(organisation.addCompany, { name: 'Mine' }, token)).statusCode).toBe(403);
      expect((await t.api(organisation.updateCompany, { id, name: 'Mine' }, token)).statusCode).toBe(403);
      expect((await t.api(organisation.toggleCompany, { id, isActive: 'false' }, token)).statusCode).toBe(403);
    }
    expect((await t.api(organisation.addCompany, { name: 'Mine' })).statusCode).toBe(401);
    expect(await companyRow(t, DEMO_COMPANY_ID)).toMatchObject({ name: 'Demo Pharma', isActive: true });
  });
});

describe('switching a company off and on', () => {
  it('switches off the company, its people and their sessions at once, and logs the counts', async () => {
    const beta = await addBetaBio(t);
    const tokens = await Promise.all(DEMO_PEOPLE.map((e) => t.tokenFor(e)));
    await t.tokenFor('employee@demo.test');
    const betaToken = await t.tokenFor(beta.employee.email);
    for (const token of tokens) expect((await t.api(account.currentUser, undefined, token)).statusCode).toBe(200);
    const seen: { companyId: number; now: Date }[] = [];
    const remove = t.app.services.companies.cascade.add(async (tx, companyId, now) => {
      seen.push({ companyId, now });
      // Stands in for the committee subscriptions a later domain removes.
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
      return rows.length;
    });
    onTestFinished(remove);

    const admin = await t.tokenFor('admin@demo.test');
    const res = await t.api(organisation.toggleCompany, { id: String(DEMO_COMPANY_ID), isActive: 'false' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      company: { id: DEMO_COMPANY_ID, isActive: false },
      deactivatedPeople: 3,
      endedSessions: 4,
      removedSubscriptions: 3,
    });
    expect(seen).toEqual([{ companyId: DEMO_COMPANY_ID, now: t.clock.now() }]);
    for (const email of DEMO_PEOPLE) expect((await userRow(t, email))?.isActive, email).toBe(false);
    for (const token of tokens) {
      const next = await t.api(account.currentUser, undefined, token);
      expect(next.statusCode).toBe(401);
      expect(next.json().code).toBe('UNAUTHORIZED');
    }
    const login = await t.api(account.login, { email: 'ceo@demo.test', password: 'Demo12345' });
    expect(login.statusCode).toBe(401);
    // Other companies and the association are untouched.
    expect((await t.api(account.currentUser, undefined, betaToken)).statusCode).toBe(200);
    expect((await t.api(account.currentUser, undefined, admin)).statusCode).toBe(200);
    expect((await userRow(t, beta.ceo.email))?.isActive).toBe(true);

    const [entry] = await logEntries(t, 'company.deactivated');
    expect(entry).toMatchObject({
      domain: 'users',
      entity: 'company',
      entityId: DEMO_COMPANY_ID,
      before: { isActive: true },
      after: { isActive: false, deactivatedPeople: 3, endedSessions: 4, removedSubscriptions: 3 },
    });
    expect(entry?.at).toEqual(t.clock.now());
    // And each person it switched off, so staff know whom to switch on again.
    const people = await logEntries(t, 'user.deactivated');
    expect(people.map((e) => e.entityId).sort()).toEqual((await Promise.all(DEMO_PEOPLE.map(async (email) => (await userRow(t, email))!.id))).sort());
    expect(people[0]).toMatchObject({ domain: 'users', entity: 'user', after: { isActive: false, company: 'Demo Pharma' } });
    expect(names((await list(admin, { isActive: false })).rows)).toEqual(['Demo Pharma']);
  });

  it('is all or nothing: a failing cascade step leaves the company, its people, their sessions and the log as they were', async () => {
    const tokens = await Promise.all(DEMO_PEOPLE.map((e) => t.tokenFor(e)));
    const sessionsBefore = await t.database.db.select().from(sessions);
    const logBefore = await logOf(t, 'users');
    onTestFinished(
      t.app.services.companies.cascade.add(async () => {
        throw new Error('boom');
      }),
    );
    const admin = await t.tokenFor('admin@demo.test');
    const res = await t.api(organisation.toggleCompany, { id: String(DEMO_COMPANY_ID), isActive: 'false' }, admin);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Oops! Something went wrong.' });
    expect(await companyRow(t, DEMO_COMPANY_ID)).toMatchObject({ isActive: true });
    for (const email of DEMO_PEOPLE) expect((await userRow(t, email))?.isActive, email).toBe(true);
    expect(await t.database.db.select().from(sessions)).toHaveLength(sessionsBefore.length + 1);
    for (const token of tokens) expect((await t.api(account.currentUser, undefined, token)).statusCode).toBe(200);
    expect(await logOf(t, 'users')).toEqual(logBefore);
  });

  it('switching on restores the company only: its people stay off until switched on one by one', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const id = String(DEMO_COMPANY_ID);
    await t.api(organisation.toggleCompany, { id, isActive: 'false' }, admin);
    t.clock.advance(60_000);
    const res = await t.api(organisation.toggleCompany, { id, isActive: 'true' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      company: { isActive: true },
      deactivatedPeople: 0,
      endedSessions: 0,
      removedSubscriptions: 0,
    });
    for (const email of DEMO_PEOPLE) expect((await userRow(t, email))?.isActive, email).toBe(false);
    expect((await t.api(account.login, { email: 'employee@demo.test', password: 'Demo12345' })).statusCode).toBe(401);
    const [entry] = await logEntries(t, 'company.activated');
    expect(entry).toMatchObject({ before: { isActive: false }, after: { isActive: true, deactivatedPeople: 0 } });

    const employee = await userRow(t, 'employee@demo.test');
    const on = await t.api(organisation.toggleUser.admin, { id: String(employee?.id), isActive: 'true' }, admin);
    expect(on.statusCode).toBe(200);
    await t.login('employee@demo.test');
  });

  it('is idempotent, and refuses an unknown company or a bad body', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const same = await t.api(organisation.toggleCompany, { id: String(DEMO_COMPANY_ID), isActive: 'true' }, staff);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ company: { isActive: true }, deactivatedPeople: 0 });
    expect(await logOf(t, 'users')).toHaveLength(0);
    expect((await t.api(organisation.toggleCompany, { id: '9999', isActive: 'false' }, staff)).statusCode).toBe(404);
    const bad = await t.api(organisation.toggleCompany, { id: '1' }, staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ isActive: 'Invalid value.' });
  });

  it('refuses to add or invite people into a switched-off company', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    await t.api(organisation.toggleCompany, { id: String(DEMO_COMPANY_ID), isActive: 'false' }, admin);
    const res = await t.api(
      organisation.addNewEmployee.admin,
      { name: 'Nina', surname: 'N', position: 'Analyst', phone: '+74951234567', email: 'nina@demo.test', companyId: String(DEMO_COMPANY_ID) },
      admin,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The company is switched off: switch it on first.');
  });
});

describe('single-line texts', () => {
  it('refuses a company name with a line break, a control or a direction character, naming the field, and saves nothing', async () => {
    const token = await t.tokenFor('staff@demo.test');
    for (const name of ['Evil\nPharma', 'Evil\rPharma', 'Evil\u0085Pharma', 'Evil\u202EPharma', 'Evil\u2066Pharma']) {
      const res = await t.call('POST', '/api/admin/company/add', { token, json: { name }, headers: { 'accept-language': 'ru' } });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().fields).toEqual({
        name: 'Введите одну строку обычного текста: переводы строк, табуляция, управляющие символы и символы направления текста недопустимы.',
      });
    }
    expect(await t.database.db.select().from(companies).where(eq(companies.name, 'Evil\nPharma'))).toEqual([]);
  });
});
