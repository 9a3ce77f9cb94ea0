import { type Application, account, organisation, type STAFF_API_PREFIXES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiInput, createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, companyRow, DEMO_COMPANY_ID, insertCompany, logEntries, setPassword, userRow } from '../../../test/org-fixtures.ts';
import { companies, signupRequests, users } from '../../db/schema/index.ts';

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

type Page = { rows: Application[]; total: number };
const signupForm = (over: Record<string, string> = {}) => ({
  company: 'Demo Pharma LLC',
  name: 'Ivan',
  surname: 'Petrov',
  position: 'Medical Director',
  phone: '+7 (495) 123-45-67',
  email: 'ivan.petrov@demo.test',
  consent: 'on',
  ...over,
});
/** Files a signup request through the public form and returns its id; the clock moves a minute after it. */
const signup = async (over: Record<string, string> = {}, headers?: Record<string, string>): Promise<number> => {
  const res = await t.api(account.signup, signupForm(over), undefined, { headers });
  expect(res.statusCode).toBe(202);
  const email = signupForm(over).email.toLowerCase();
  const [row] = await t.database.db.select({ id: signupRequests.id }).from(signupRequests).where(eq(signupRequests.email, email));
  t.clock.advance(60_000);
  if (!row) throw new Error(`no request for ${email}`);
  return row.id;
};
type Prefix = (typeof STAFF_API_PREFIXES)[number];
const list = async (token: string, query: ApiInput<typeof organisation.applications.aipm> = {}, prefix: Prefix = 'aipm'): Promise<Page> => {
  const res = await t.api(organisation.applications[prefix], query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const approve = (token: string, form: ApiInput<typeof organisation.approveApplication.aipm>, prefix: Prefix = 'aipm') =>
  t.api(organisation.approveApplication[prefix], form, token);
const reject = (token: string, form: ApiInput<typeof organisation.rejectApplication.aipm>, prefix: Prefix = 'aipm') =>
  t.api(organisation.rejectApplication[prefix], form, token);

describe('the queue of signup requests', () => {
  it('lists requests newest first with their details and the company suggested by the e-mail domain', async () => {
    const beta = await addBetaBio(t);
    // A company whose domain is a public mail provider's is never suggested.
    await insertCompany(t, 'Gmail Lovers', { domain: 'gmail.com' });
    await signup();
    await signup({ email: 'jane.doe@gmail.com', company: 'Freelance', name: 'Jane', surname: 'Doe' });
    await signup({ email: 'b.new@BETA.test', company: 'Beta', name: 'Bob', surname: 'New' }, { 'accept-language': 'ru' });
    await signup({ email: 'someone@unknown.test', company: 'Unknown Labs', name: 'Uma', surname: 'Known' });
    const staff = await t.tokenFor('staff@demo.test');
    const page = await list(staff);
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => [r.email, r.suggestedCompany])).toEqual([
      ['someone@unknown.test', null],
      ['b.new@beta.test', { id: beta.id, name: 'Beta Bio' }],
      ['jane.doe@gmail.com', null],
      ['ivan.petrov@demo.test', { id: DEMO_COMPANY_ID, name: 'Demo Pharma' }],
    ]);
    expect(page.rows[3]).toEqual({
      id: expect.any(Number),
      company: 'Demo Pharma LLC',
      name: 'Ivan',
      surname: 'Petrov',
      position: 'Medical Director',
      phone: '+7 (495) 123-45-67',
      email: 'ivan.petrov@demo.test',
      locale: 'en',
      status: 'new',
      reason: null,
      createdAt: '2026-03-02T09:00:00.000Z',
      decidedAt: null,
      decidedBy: null,
      suggestedCompany: { id: DEMO_COMPANY_ID, name: 'Demo Pharma' },
    });
    expect(page.rows[1]?.locale).toBe('ru');
    const oldestFirst = await list(staff, { sort: 'createdAt', order: 'asc' });
    expect(oldestFirst.rows[0]?.email).toBe('ivan.petrov@demo.test');
    expect((await t.api(organisation.applications.admin, undefined, staff)).statusCode).toBe(403);
    const admin = await t.tokenFor('admin@demo.test');
    expect((await list(admin, { sort: 'surname' }, 'admin')).rows.map((r) => r.surname)).toEqual(['Doe', 'Known', 'New', 'Petrov']);
    expect((await list(admin, { pageSize: 2, page: 2 }, 'admin')).rows.map((r) => r.surname)).toEqual(['Doe', 'Petrov']);
  });

  it('filters by status and pages with 50 rows when absent', async () => {
    for (let i = 0; i < 52; i++) {
      await t.database.db.insert(signupRequests).values({
        ...signupForm({ email: `applicant${i}@queue.test` }),
        locale: 'en',
        status: i < 2 ? 'rejected' : 'new',
        createdAt: new Date(t.clock.now().getTime() + i * 1000),
      });
    }
    const admin = await t.tokenFor('admin@demo.test');
    const first = await list(admin, {}, 'admin');
    expect(first.total).toBe(52);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.email).toBe('applicant51@queue.test');
    expect((await list(admin, { page: 2 }, 'admin')).rows).toHaveLength(2);
    const fresh = await list(admin, { status: 'new' }, 'admin');
    expect(fresh.total).toBe(50);
    expect((await list(admin, { status: 'rejected' }, 'admin')).rows.map((r) => r.email)).toEqual(['applicant1@queue.test', 'applicant0@queue.test']);
    expect((await t.api(organisation.applications.admin, { status: 'pending' }, admin)).statusCode).toBe(400);
  });

  it('is for staff and admin only', async () => {
    const id = await signup();
    for (const email of ['ceo@demo.test', 'trusted@demo.test', 'employee@demo.test']) {
      const token = await t.tokenFor(email);
      expect((await t.api(organisation.applications.aipm, undefined, token)).statusCode).toBe(403);
      expect((await approve(token, { id: String(id), companyId: '1' })).statusCode).toBe(403);
      expect((await reject(token, { id: String(id), reason: 'No' })).statusCode).toBe(403);
    }
    const staff = await t.tokenFor('staff@demo.test');
    expect((await approve(staff, { id: String(id), companyId: '1' }, 'admin')).statusCode).toBe(403);
    expect((await t.api(organisation.applications.aipm)).statusCode).toBe(401);
    expect((await companyRow(t, DEMO_COMPANY_ID))?.name).toBe('Demo Pharma');
    expect(await userRow(t, 'ivan.petrov@demo.test')).toBeUndefined();
  });
});

describe('approving', () => {
  it('attaches the applicant to an existing company as Registered, e-mails the link, and makes them Joined once the password is set', async () => {
    const id = await signup();
    await t.flushMail();
    const staff = await t.tokenFor('staff@demo.test');
    const res = await approve(staff, { id: String(id), companyId: String(DEMO_COMPANY_ID) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'approved', decidedBy: 'Sergey Staffov', decidedAt: t.clock.now().toISOString(), reason: null });
    const user = await userRow(t, 'ivan.petrov@demo.test');
    expect(user).toMatchObject({
      name: 'Ivan',
      surname: 'Petrov',
      position: 'Medical Director',
      phone: '+7 (495) 123-45-67',
      role: 'employee',
      status: 'registered',
      isActive: true,
      companyId: DEMO_COMPANY_ID,
      passwordHash: null,
    });
    const [entry] = await logEntries(t, 'application.approved');
    expect(entry).toMatchObject({ entity: 'user', entityId: user?.id, after: { requestId: id, companyId: DEMO_COMPANY_ID, role: 'employee' } });

    await t.flushMail();
    expect(t.mail.map((m) => [m.to, m.type])).toEqual([
      ['ivan.petrov@demo.test', 'signupReceived'],
      ['ivan.petrov@demo.test', 'firstPassword'],
    ]);
    expect((await setPassword(t, t.linkCode('ivan.petrov@demo.test'), 'Ivan12345')).statusCode).toBe(204);
    expect(await userRow(t, 'ivan.petrov@demo.test')).toMatchObject({ status: 'joined' });
    // Becoming Joined is in the users' log, by the person themself.
    expect(await logEntries(t, 'user.joined')).toEqual([
      expect.objectContaining({
        domain: 'users',
        entityId: user?.id,
        actorId: user?.id,
        before: { status: 'registered' },
        after: { status: 'joined' },
      }),
    ]);
    const token = await t.login('ivan.petrov@demo.test', 'Ivan12345');
    expect((await t.api(account.currentUser, undefined, token)).json()).toMatchObject({ role: 'employee', company: { name: 'Demo Pharma' } });
  });

  it("mails the link in the applicant's language and can make them trusted", async () => {
    const id = await signup({ email: 'olga@beta.test' }, { 'accept-language': 'ru' });
    const beta = await addBetaBio(t);
    const admin = await t.tokenFor('admin@demo.test');
    const res = await approve(admin, { id: String(id), companyId: String(beta.id), role: 'trusted' }, 'admin');
    expect(res.statusCode).toBe(200);
    expect(await userRow(t, 'olga@beta.test')).toMatchObject({ role: 'trusted', companyId: beta.id, locale: 'ru' });
    await t.flushMail();
    expect(t.mail.at(-1)).toMatchObject({ to: 'olga@beta.test', type: 'firstPassword', subject: 'Добро пожаловать на портал членов AIPM' });
  });

  it('creates the company when a new name is given (with the e-mail domain, never a public one)', async () => {
    const id = await signup({ email: 'anna@acme.test', company: 'Acme' });
    const gmail = await signup({ email: 'solo@gmail.com', company: 'Solo Consulting' });
    const staff = await t.tokenFor('staff@demo.test');
    const res = await approve(staff, { id: String(id), newCompanyName: 'Acme Pharma' });
    expect(res.statusCode).toBe(200);
    const [acme] = await t.database.db.select().from(companies).where(eq(companies.name, 'Acme Pharma'));
    expect(acme).toMatchObject({ domain: 'acme.test', status: 'confirmed', isActive: true });
    expect(await userRow(t, 'anna@acme.test')).toMatchObject({ companyId: acme?.id, status: 'registered' });
    expect(await logEntries(t, 'company.added')).toMatchObject([{ entityId: acme?.id, after: { name: 'Acme Pharma' } }]);

    // An empty name names no company.
    expect((await approve(staff, { id: String(gmail), newCompanyName: '' })).statusCode).toBe(400);
    const [solo] = await t.database.db.select().from(companies).where(eq(companies.name, 'Solo Consulting'));
    expect(solo).toBeUndefined();
  });

  it('refuses a company name that exists, a missing company, a switched-off company and a second ceo', async () => {
    const id = String(await signup());
    const staff = await t.tokenFor('staff@demo.test');
    const dupName = await approve(staff, { id, newCompanyName: 'demo pharma' });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().fields).toEqual({ newCompanyName: 'A company with this name already exists.' });
    const none = await approve(staff, { id });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ companyId: 'Choose a company.' });
    const unknown = await approve(staff, { id, companyId: '9999' });
    expect(unknown.json().fields).toEqual({ companyId: 'Choose a company.' });
    const ceo = await approve(staff, { id, companyId: String(DEMO_COMPANY_ID), role: 'ceo' });
    expect(ceo.statusCode).toBe(409);
    expect(ceo.json().fields).toEqual({ role: 'The company already has an active general manager.' });
    const badRole = await t.call('POST', '/api/aipm/applications/approve', {
      token: staff,
      form: { id, companyId: String(DEMO_COMPANY_ID), role: 'admin' },
    });
    expect(badRole.json().fields).toEqual({ role: 'Invalid value.' });
    const off = await insertCompany(t, 'Dormant', { isActive: false });
    const inactive = await approve(staff, { id, companyId: String(off) });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().code).toBe('COMPANY_INACTIVE');
    expect(await userRow(t, 'ivan.petrov@demo.test')).toBeUndefined();
    const [request] = await t.database.db.select().from(signupRequests);
    expect(request).toMatchObject({ status: 'new', decidedAt: null });
    await t.flushMail();
    expect(t.mail.map((m) => m.type)).toEqual(['signupReceived']);
  });

  it('refuses when the e-mail got an account meanwhile', async () => {
    const id = await signup();
    await t.database.db
      .insert(users)
      .values({ email: 'ivan.petrov@demo.test', name: 'Ivan', surname: 'P', role: 'employee', companyId: DEMO_COMPANY_ID });
    const staff = await t.tokenFor('staff@demo.test');
    const res = await approve(staff, { id: String(id), companyId: String(DEMO_COMPANY_ID) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
  });
});

describe('rejecting', () => {
  it('needs a reason, e-mails it to the applicant, creates nobody and is logged', async () => {
    const id = await signup();
    await t.flushMail();
    const admin = await t.tokenFor('admin@demo.test');
    const noReason = await reject(admin, { id: String(id), reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'You must enter a value.' });
    const ru = await t.call('POST', '/api/aipm/applications/reject', {
      token: admin,
      form: { id: String(id) },
      headers: { 'accept-language': 'ru' },
    });
    expect(ru.json().fields).toEqual({ reason: 'Необходимо заполнить поле.' });

    const res = await reject(admin, { id: String(id), reason: 'Your company is not a member of the association.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      reason: 'Your company is not a member of the association.',
      decidedBy: 'Anna Adminova',
      decidedAt: t.clock.now().toISOString(),
    });
    await t.flushMail();
    expect(t.mail).toHaveLength(2);
    expect(t.mail[1]).toMatchObject({ to: 'ivan.petrov@demo.test', type: 'applicationRejected', subject: 'Your request to join the portal' });
    expect(t.mail[1]?.text).toContain('Reason: Your company is not a member of the association.');
    expect(t.mail[1]?.text).toContain('Demo Pharma LLC');
    expect(await userRow(t, 'ivan.petrov@demo.test')).toBeUndefined();
    expect(await logEntries(t, 'application.rejected')).toMatchObject([
      {
        entity: 'signupRequest',
        entityId: id,
        after: { email: 'ivan.petrov@demo.test', reason: 'Your company is not a member of the association.' },
      },
    ]);
  });

  it('allows one decision only: a second approval or rejection is 409', async () => {
    const approved = String(await signup());
    const rejected = String(await signup({ email: 'other@demo.test' }));
    const staff = await t.tokenFor('staff@demo.test');
    expect((await approve(staff, { id: approved, companyId: '1' })).statusCode).toBe(200);
    expect((await reject(staff, { id: rejected, reason: 'Duplicate' })).statusCode).toBe(200);
    for (const res of [
      await approve(staff, { id: approved, companyId: '1' }),
      await reject(staff, { id: approved, reason: 'Changed my mind' }),
      await approve(staff, { id: rejected, companyId: '1' }),
      await reject(staff, { id: rejected, reason: 'Again' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'APPLICATION_DECIDED', message: 'This request has already been decided.' });
    }
    expect((await approve(staff, { id: '9999', companyId: '1' })).statusCode).toBe(404);
    expect((await reject(staff, { id: '9999', reason: 'x' })).statusCode).toBe(404);
    expect(await userRow(t, 'other@demo.test')).toBeUndefined();
    expect(await logEntries(t, 'application.approved')).toHaveLength(1);
    expect(await logEntries(t, 'application.rejected')).toHaveLength(1);
  });
});
