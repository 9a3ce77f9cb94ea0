import { account, erasure, organisation, voting as votingApi } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { DEMO_COMPANY_ID, setPassword } from '../../../test/org-fixtures.ts';
import { createStartedVoting, storedCounts } from '../../../test/voting-fixtures.ts';
import { actionLog, erasureRequests, signupRequests, users } from '../../db/schema/index.ts';

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

const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

/** Every text and JSON value in the database that holds the needle (table and column), found by asking every column. */
async function whereFound(needle: string): Promise<string[]> {
  const { rows } = (await t.database.db.execute(sql`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'character varying', 'jsonb', 'json')`)) as unknown as {
    rows: { table_name: string; column_name: string }[];
  };
  const hits: string[] = [];
  for (const { table_name, column_name } of rows) {
    const found = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE strpos(lower(${sql.identifier(column_name)}::text), lower(${needle})) > 0`,
    )) as unknown as { rows: { n: number }[] };
    if ((found.rows[0]?.n ?? 0) > 0) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

const ask = async (token: string) => t.api(erasure.request, undefined, token);
const pendingId = async (userId: number) =>
  (await t.database.db.select({ id: erasureRequests.id }).from(erasureRequests).where(eq(erasureRequests.userId, userId)))[0]?.id ?? 0;

describe('erasure of personal data', () => {
  it('leaves nothing of the person in any column while their vote still counts and the log keeps its actions', async () => {
    const email = 'employee@demo.test';
    const userId = await idOf(email);
    const token = await t.tokenFor(email);
    const profile = { name: 'Zinovy', surname: 'Erasmusov', position: 'Registration Steward', phone: '+7 495 987-65-43' };
    expect((await t.api(account.updateProfile, profile, token)).statusCode).toBe(200);
    await t.api(account.login, { email, password: 'Wrong12345' }, undefined, { remoteAddress: '203.0.113.9' });
    await t.api(account.sendOwnRestorePasswordEmail, undefined, token);
    const staff = await t.tokenFor('staff@demo.test');
    const voting = await createStartedVoting(t, staff, { unit: 'person', requireCode: false, secret: false });
    expect((await t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[0]!.id] }, token)).statusCode).toBe(200);
    const counted = await storedCounts(t, voting.id);
    // A free text elsewhere quotes them after a line break (a JSON value's text form escapes it as "\n").
    await t.database.db.insert(actionLog).values({
      at: t.clock.now(),
      domain: 'users',
      action: 'company.updated',
      entity: 'company',
      entityId: 1,
      after: { note: 'Hello,\nZinovy Erasmusov wrote' },
    });

    const asked = await ask(token);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'pending', reason: '', decidedAt: null });
    expect((await ask(token)).json()).toMatchObject({ code: 'ERASURE_PENDING' });
    const queue = (await t.api(erasure.list.aipm, { status: 'pending' }, staff)).json();
    expect(queue.rows).toEqual([expect.objectContaining({ userId, name: 'Zinovy', surname: 'Erasmusov', email, company: 'Demo Pharma' })]);

    const done = await t.api(erasure.confirm.aipm, { id: queue.rows[0].id }, staff);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'erased', name: `Erased person #${userId}`, surname: '', decidedBy: 'Sergey Staffov' });

    for (const needle of [email, 'Erasmusov', 'Zinovy', 'Registration Steward', '987-65-43', 'Sotrudnikov'])
      expect(await whereFound(needle), needle).toEqual([]);
    expect(await storedCounts(t, voting.id)).toEqual(counted);
    expect((await t.api(account.currentUser, undefined, token)).statusCode).toBe(401);
    expect((await t.api(account.login, { email, password: DEMO_PASSWORD })).statusCode).toBe(401);
    // The log keeps what the person did, under the placeholder.
    const theirs = await t.database.db.select({ action: actionLog.action, ip: actionLog.ip }).from(actionLog).where(eq(actionLog.actorId, userId));
    expect(theirs.map((e) => e.action)).toEqual(expect.arrayContaining(['profile.updated', 'erasure.requested']));
    expect(theirs.every((e) => e.ip === null)).toBe(true);
    expect((await t.api(account.login, { email: 'trusted@demo.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
    // The erased row is a record only: their company's manager cannot bring it back.
    const revived = await t.api(organisation.toggleUser.ceo, { id: userId, isActive: true }, await t.tokenFor('ceo@demo.test'));
    expect(revived.json()).toMatchObject({ code: 'ERASED' });
  });

  it('leaves nothing of a person who came in through a signup: their requests, the requests’ log entries and mails', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const form = {
      company: 'Demo Pharma LLC',
      name: 'Zlata',
      surname: 'Zayavkina',
      position: 'Clinical Quality Steward',
      phone: '+7 495 246-80-13',
      email: 'zlata.zayavkina@demo.test',
      consent: 'on',
    };
    const newRequest = async () => {
      expect((await t.api(account.signup, form)).statusCode).toBe(202);
      const page = (await t.api(organisation.applications.aipm, { status: 'new' }, staff)).json();
      return page.rows.find((r: { email: string }) => r.email === form.email).id as number;
    };
    // A first request is turned down (its entry holds the address), the second approved into the company.
    const rejected = await t.api(organisation.rejectApplication.aipm, { id: String(await newRequest()), reason: 'Please apply once more.' }, staff);
    expect(rejected.statusCode, rejected.body).toBe(200);
    t.clock.advance(60_000);
    const approved = await t.api(organisation.approveApplication.aipm, { id: String(await newRequest()), companyId: String(DEMO_COMPANY_ID) }, staff);
    expect(approved.statusCode, approved.body).toBe(200);
    await t.flushMail();
    expect((await setPassword(t, t.linkCode(form.email))).statusCode).toBe(204);
    // Staff then change their address: the requests are no longer found by the address in the profile.
    const email = 'z.zayavkina@demo.test';
    const userId = await idOf(form.email);
    const { company: _company, consent: _consent, ...fields } = form;
    const moved = await t.api(organisation.updateEmployee.aipm, { ...fields, id: String(userId), email }, staff);
    expect(moved.statusCode, moved.body).toBe(200);
    const token = await t.tokenFor(email);
    const voting = await createStartedVoting(t, staff, { unit: 'person', requireCode: false, secret: false });
    expect((await t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[0]!.id] }, token)).statusCode).toBe(200);
    const counted = await storedCounts(t, voting.id);
    // Before the erasure the requests and their log entries name them.
    const needles = [form.email, email, 'Zlata', 'Zayavkina', 'Clinical Quality Steward', '246-80-13'];
    expect(await whereFound('Zayavkina')).toEqual(expect.arrayContaining(['action_log.after', 'signup_requests.surname']));

    expect((await ask(token)).statusCode).toBe(200);
    const done = await t.api(erasure.confirm.aipm, { id: await pendingId(userId) }, staff);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'erased', name: `Erased person #${userId}`, surname: '' });

    const left: Record<string, string[]> = {};
    for (const needle of needles) left[needle] = await whereFound(needle);
    expect(left).toEqual(Object.fromEntries(needles.map((n) => [n, []])));
    expect(await storedCounts(t, voting.id)).toEqual(counted);
    // The requests stay for the queue's record, decided as they were, under the placeholder.
    const requests = await t.database.db.select().from(signupRequests).orderBy(signupRequests.id);
    expect(requests.map((r) => [r.status, r.name, r.email, r.company])).toEqual([
      ['rejected', `Erased person #${userId}`, `erased-${userId}@erased.invalid`, 'Demo Pharma LLC'],
      ['approved', `Erased person #${userId}`, `erased-${userId}@erased.invalid`, 'Demo Pharma LLC'],
    ]);
    const actions = (await t.database.db.select({ action: actionLog.action }).from(actionLog)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['signup.requested', 'application.rejected', 'application.approved', 'erasure.confirmed']));
  });

  it('does not touch another person whose address or name holds the erased one, or who shares their phone', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    await t.database.db.update(users).set({ phone: '+7 495 700-00-00' }).where(eq(users.email, 'employee@demo.test'));
    const [other] = await t.database.db
      .insert(users)
      .values({ email: 'my.employee@demo.test', name: 'Egor', surname: 'Sotrudnikova', phone: '+7 495 700-00-00', role: 'staff', status: 'joined' })
      .returning({ id: users.id });
    // A first name alone that another person bears, and an address that holds the erased surname, may be theirs.
    const note = 'Egor Sotrudnikova (sotrudnikov@beta.test) and Egor from Beta will call';
    const [entry] = await t.database.db
      .insert(actionLog)
      .values({ at: t.clock.now(), domain: 'users', action: 'company.updated', entity: 'company', entityId: 1, after: { note } })
      .returning({ id: actionLog.id });
    await ask(await t.tokenFor('employee@demo.test'));
    expect((await t.api(erasure.confirm.admin, { id: await pendingId(await idOf('employee@demo.test')) }, admin)).statusCode).toBe(200);
    const [kept] = await t.database.db.select().from(users).where(eq(users.id, other!.id));
    expect(kept).toMatchObject({ email: 'my.employee@demo.test', name: 'Egor', surname: 'Sotrudnikova', phone: '+7 495 700-00-00' });
    const [noted] = await t.database.db.select({ after: actionLog.after }).from(actionLog).where(eq(actionLog.id, entry!.id));
    expect(noted?.after).toEqual({ note });
  });

  it('refuses with a reason, e-mailed to the person, who may ask again; a waiting request can be withdrawn', async () => {
    const token = await t.tokenFor('trusted@demo.test');
    const staff = await t.tokenFor('staff@demo.test');
    await ask(token);
    const id = await pendingId(await idOf('trusted@demo.test'));
    expect((await t.api(erasure.refuse.aipm, { id, reason: '' }, staff)).json().fields).toEqual({ reason: expect.any(String) });
    const refused = await t.api(erasure.refuse.aipm, { id, reason: 'Your survey submission is under audit until March.' }, staff);
    expect(refused.json()).toMatchObject({ status: 'refused', reason: 'Your survey submission is under audit until March.' });
    await t.flushMail();
    const mail = t.mail.filter((m) => m.to === 'trusted@demo.test');
    expect(mail.at(-1)).toMatchObject({ type: 'erasureRefused' });
    expect(mail.at(-1)?.text).toContain('under audit until March');
    expect((await t.api(erasure.confirm.aipm, { id }, staff)).json()).toMatchObject({ code: 'ERASURE_DECIDED' });
    expect((await t.api(erasure.mine, undefined, token)).json()).toMatchObject({ status: 'refused' });

    expect((await ask(token)).json()).toMatchObject({ status: 'pending' });
    const withdrawn = await t.api(erasure.withdraw, undefined, token);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    expect((await t.api(erasure.withdraw, undefined, token)).json()).toMatchObject({ status: 'withdrawn' });
    expect(await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'erasure.withdrawn'))).toHaveLength(1);
  });

  it('keeps a company’s general manager and the last admin until another is named, and nobody decides their own request', async () => {
    const ceo = await ask(await t.tokenFor('ceo@demo.test'));
    expect(ceo.statusCode).toBe(409);
    expect(ceo.json()).toMatchObject({ code: 'ERASURE_LAST_CEO', message: expect.stringContaining('general manager') });
    const ru = await t.api(erasure.request, undefined, await t.tokenFor('ceo@demo.test'), { headers: { 'accept-language': 'ru' } });
    expect(ru.json().message).toMatch(/[а-я]/);
    const admin = await t.tokenFor('admin@demo.test');
    expect((await ask(admin)).json()).toMatchObject({ code: 'ERASURE_LAST_ADMIN' });

    const staff = await t.tokenFor('staff@demo.test');
    await ask(staff);
    const own = await t.api(erasure.confirm.aipm, { id: await pendingId(await idOf('staff@demo.test')) }, staff);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'ERASURE_OWN' });
    expect((await t.api(erasure.confirm.admin, { id: 2147483647 }, admin)).statusCode).toBe(404);
    expect((await t.api(erasure.list.aipm, {}, await t.tokenFor('employee@demo.test'))).statusCode).toBe(403);
  });
});
