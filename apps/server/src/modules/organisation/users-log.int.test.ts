import { account, type EndpointDef, type LogEntry, organisation, type STAFF_API_PREFIXES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiInput, createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, DEMO_COMPANY_ID, insertCompany, logOf, userId } from '../../../test/org-fixtures.ts';
import { actionLog, users } from '../../db/schema/index.ts';

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

const DAY = 24 * 3_600_000;
type Page = { rows: LogEntry[]; total: number };
const log = async (
  token: string,
  query: ApiInput<typeof organisation.usersLog.admin> = {},
  prefix: (typeof STAFF_API_PREFIXES)[number] = 'admin',
): Promise<Page> => {
  const res = await t.api(organisation.usersLog[prefix], query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const actions = (page: Page) => page.rows.map((r) => r.action);
const markViewed = (token: string, id: number | string) => t.api(organisation.usersLogIsViewed, { id }, token);

/** Three changes on three days: staff edits an employee (day 1), admin adds a company (day 2), someone signs up (day 3). */
async function threeChanges() {
  const employee = await userId(t, 'employee@demo.test');
  const edited = await t.api(
    organisation.updateEmployee.aipm,
    {
      id: String(employee),
      name: 'Egor',
      surname: 'Smirnov',
      position: 'Medical Advisor',
      phone: '+7 495 000-00-00',
      email: 'employee@demo.test',
    },
    await t.tokenFor('staff@demo.test'),
  );
  expect(edited.statusCode).toBe(200);
  t.clock.advance(DAY);
  const added = await t.api(organisation.addCompany, { name: 'Acme', domain: 'acme.test' }, await t.tokenFor('admin@demo.test'));
  expect(added.statusCode).toBe(200);
  t.clock.advance(DAY);
  const signup = await t.api(account.signup, {
    company: 'Acme',
    name: 'Ann',
    surname: 'Lee',
    position: 'Analyst',
    phone: '+7 495 123-45-67',
    email: 'ann@acme.test',
    consent: 'on',
  });
  expect(signup.statusCode).toBe(202);
  // The harness's sessions last an hour: these are taken at the end.
  return {
    staff: await t.tokenFor('staff@demo.test'),
    admin: await t.tokenFor('admin@demo.test'),
    employee,
    staffId: await userId(t, 'staff@demo.test'),
    adminId: await userId(t, 'admin@demo.test'),
  };
}

describe("the users' log", () => {
  it('lists changes to people and companies newest first, with author, time, object and before/after', async () => {
    const { admin, employee, staffId, adminId } = await threeChanges();
    await t.login('ceo@demo.test'); // a security event, not a change: not in this log
    const page = await log(admin);
    expect(page.total).toBe(3);
    expect(actions(page)).toEqual(['signup.requested', 'company.added', 'user.updated']);
    const [signup, company, edit] = page.rows;
    expect(signup).toMatchObject({
      at: '2026-03-04T09:00:00.000Z',
      entity: 'signupRequest',
      entityLabel: 'Lee Ann <ann@acme.test>, Acme',
      actor: null,
      viewed: false,
    });
    expect(company).toMatchObject({
      at: '2026-03-03T09:00:00.000Z',
      entity: 'company',
      entityLabel: 'Acme',
      actor: { id: adminId, name: 'Anna', surname: 'Adminova' },
      after: { name: 'Acme', domain: 'acme.test', status: 'new' },
    });
    expect(edit).toEqual({
      id: expect.any(Number),
      domain: 'users',
      at: '2026-03-02T09:00:00.000Z',
      action: 'user.updated',
      entity: 'user',
      entityId: employee,
      entityLabel: 'Smirnov Egor <employee@demo.test>',
      actor: { id: staffId, name: 'Sergey', surname: 'Staffov' },
      before: expect.objectContaining({ surname: 'Sotrudnikov', role: 'employee', companyId: DEMO_COMPANY_ID }),
      after: expect.objectContaining({ surname: 'Smirnov', role: 'employee', companyId: DEMO_COMPANY_ID }),
      viewed: false,
      // Addresses are the security log's alone.
      ip: null,
    });
  });

  it('filters by action, author, viewed flag and dates, and pages', async () => {
    const { admin, staff, adminId, staffId } = await threeChanges();
    expect(actions(await log(admin, { action: 'user.updated' }))).toEqual(['user.updated']);
    expect(actions(await log(admin, { action: 'nothing.like.this' }))).toEqual([]);
    expect(actions(await log(admin, { actorId: adminId }))).toEqual(['company.added']);
    expect(actions(await log(staff, { actorId: staffId }, 'aipm'))).toEqual(['user.updated']);
    expect(actions(await log(admin, { from: '2026-03-03' }))).toEqual(['signup.requested', 'company.added']);
    expect(actions(await log(admin, { to: '2026-03-03' }))).toEqual(['company.added', 'user.updated']);
    expect(actions(await log(admin, { from: '2026-03-03', to: '2026-03-03' }))).toEqual(['company.added']);
    expect(actions(await log(admin, { from: '2026-03-05' }))).toEqual([]);
    expect(actions(await log(admin, { order: 'asc' }))).toEqual(['user.updated', 'company.added', 'signup.requested']);
    const paged = await log(admin, { pageSize: 1, page: 2 });
    expect(paged).toMatchObject({ total: 3, rows: [{ action: 'company.added' }] });
    const [first] = (await log(admin)).rows;
    await markViewed(admin, first!.id);
    expect(actions(await log(admin, { viewed: true }))).toEqual(['signup.requested']);
    expect(actions(await log(admin, { viewed: false }))).toEqual(['company.added', 'user.updated']);
    for (const query of ['from=yesterday', 'to=2026-13-01', 'actorId=x', 'viewed=perhaps', 'order=sideways', 'page=0']) {
      const res = await t.call('GET', `/api/admin/users/log?${query}`, { token: admin });
      expect(res.statusCode, query).toBe(400);
    }
    const bad = await t.api(organisation.usersLog.admin, { from: '2026-3-1' }, admin, { headers: { 'accept-language': 'ru' } });
    expect(bad.json().fields).toEqual({ from: 'Некорректное значение.' });
  });

  it('pages with 50 rows when absent', async () => {
    const now = t.clock.now();
    await t.database.db
      .insert(actionLog)
      .values(Array.from({ length: 55 }, (_, i) => ({ at: new Date(now.getTime() + i), domain: 'users', action: `test.${i}`, entity: 'user' })));
    const admin = await t.tokenFor('admin@demo.test');
    const first = await log(admin);
    expect(first.total).toBe(55);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.action).toBe('test.54');
    expect((await log(admin, { page: 2 })).rows).toHaveLength(5);
  });

  it('is for staff and admin, under both prefixes', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    expect((await t.api(organisation.usersLog.admin, undefined, staff)).statusCode).toBe(200);
    expect((await t.api(organisation.usersLog.aipm, undefined, staff)).statusCode).toBe(200);
    for (const email of ['ceo@demo.test', 'trusted@demo.test', 'employee@demo.test']) {
      const token = await t.tokenFor(email);
      expect((await t.api(organisation.usersLog.admin, undefined, token)).statusCode).toBe(403);
      expect((await t.api(organisation.usersLog.aipm, undefined, token)).statusCode).toBe(403);
      expect((await markViewed(token, 1)).statusCode).toBe(403);
      expect((await t.api(organisation.usersLogSetAllViewed, undefined, token)).statusCode).toBe(403);
    }
    expect((await t.api(organisation.usersLog.admin)).statusCode).toBe(401);
  });
});

describe('marking the log viewed', () => {
  it('logIsViewed marks one entry (staff too); an unknown id or another log’s entry is 404', async () => {
    const { staff, admin } = await threeChanges();
    const [newest, middle] = (await log(admin)).rows;
    const res = await markViewed(staff, middle!.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await log(admin)).rows.map((r) => r.viewed)).toEqual([false, true, false]);
    expect((await markViewed(admin, middle!.id)).statusCode).toBe(204);
    expect(newest?.viewed).toBe(false);

    const unknown = await markViewed(admin, 99999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested item was not found.' });
    await t.login('ceo@demo.test');
    const [security] = await t.database.db.select().from(actionLog).where(eq(actionLog.domain, 'security'));
    expect((await markViewed(admin, security!.id)).statusCode).toBe(404);
    expect((await t.database.db.select().from(actionLog).where(eq(actionLog.id, security!.id)))[0]?.viewed).toBe(false);
    expect((await markViewed(admin, 'abc')).statusCode).toBe(400);
    expect((await t.api(organisation.usersLogIsViewed, undefined, admin)).statusCode).toBe(400);
  });

  it('setAllLogIsViewed marks every entry of this log, and no other log', async () => {
    const { admin } = await threeChanges();
    await t.login('ceo@demo.test');
    const res = await t.api(organisation.usersLogSetAllViewed, undefined, admin);
    expect(res.statusCode).toBe(204);
    expect((await log(admin, { viewed: false })).total).toBe(0);
    expect((await log(admin, { viewed: true })).total).toBe(3);
    expect((await logOf(t, 'security')).every((e) => !e.viewed)).toBe(true);
    const staff = await t.tokenFor('staff@demo.test');
    expect((await t.api(organisation.usersLogSetAllViewed, undefined, staff)).statusCode).toBe(204);
  });
});

describe('the dashboard', () => {
  it('counts pending requests, unviewed log entries and the membership, in agreement with the lists', async () => {
    const { admin } = await threeChanges();
    const beta = await addBetaBio(t);
    await insertCompany(t, 'Dormant', { isActive: false });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, beta.employee.id));
    const reject = await t.api(
      organisation.rejectApplication.admin,
      { id: String((await t.api(organisation.applications.admin, undefined, admin)).json().rows[0].id), reason: 'Not a member' },
      admin,
    );
    expect(reject.statusCode).toBe(200);
    await t.api(account.signup, {
      company: 'Beta',
      name: 'Ben',
      surname: 'Ng',
      position: 'Analyst',
      phone: '+7 495 123-45-68',
      email: 'ben@beta.test',
      consent: 'on',
    });

    const res = await t.api(organisation.dashboard.admin, undefined, admin);
    expect(res.statusCode).toBe(200);
    const dashboard = res.json();
    expect(dashboard).toEqual({
      pendingApplications: 1,
      unviewedUsersLog: 5,
      unviewedCommitteeLog: 0,
      openMembershipRequests: 0,
      staffWithoutSecondFactor: 2,
      companies: { active: 3, inactive: 1 },
      people: { active: 5, inactive: 1 },
    });
    /** The total of a list endpoint that takes these filters. */
    const total = async (endpoint: EndpointDef, query: Record<string, string | boolean>) => {
      const r = await t.api(endpoint, query, admin);
      expect(r.statusCode, endpoint.path).toBe(200);
      return r.json().total as number;
    };
    expect(dashboard.pendingApplications).toBe(await total(organisation.applications.admin, { status: 'new' }));
    expect(dashboard.unviewedUsersLog).toBe(await total(organisation.usersLog.admin, { viewed: false }));
    expect(dashboard.companies.active).toBe(await total(organisation.companies.admin, { isActive: true }));
    expect(dashboard.companies.inactive).toBe(await total(organisation.companies.admin, { isActive: false }));
    expect(dashboard.people.active).toBe(await total(organisation.companyUsers.admin, { isActive: true }));
    expect(dashboard.people.inactive).toBe(await total(organisation.companyUsers.admin, { isActive: false }));

    await t.api(organisation.usersLogSetAllViewed, undefined, admin);
    const staff = await t.tokenFor('staff@demo.test');
    const after = await t.api(organisation.dashboard.aipm, undefined, staff);
    expect(after.json()).toMatchObject({ pendingApplications: 1, unviewedUsersLog: 0 });
  });

  it('is for staff (under /aipm) and admin', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const admin = await t.tokenFor('admin@demo.test');
    expect((await t.api(organisation.dashboard.aipm, undefined, admin)).statusCode).toBe(200);
    expect((await t.api(organisation.dashboard.admin, undefined, staff)).statusCode).toBe(403);
    const ceo = await t.tokenFor('ceo@demo.test');
    expect((await t.api(organisation.dashboard.aipm, undefined, ceo)).statusCode).toBe(403);
    expect((await t.api(organisation.dashboard.aipm)).statusCode).toBe(401);
    expect((await t.api(organisation.dashboard.aipm, undefined, staff)).json()).toEqual({
      pendingApplications: 0,
      unviewedUsersLog: 0,
      unviewedCommitteeLog: 0,
      openMembershipRequests: 0,
      staffWithoutSecondFactor: 2,
      companies: { active: 1, inactive: 0 },
      people: { active: 3, inactive: 0 },
    });
  });
});
