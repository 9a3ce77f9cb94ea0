import { type ApiPrefix, account, type EndpointDef, organisation, type Person, STAFF_API_PREFIXES, type UserListQuery } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  addBetaBio,
  addPeople,
  DEMO_COMPANY_ID,
  type FixtureCompany,
  insertCompany,
  insertPerson,
  logEntries,
  personForm,
  setPassword,
  userId,
  userRow,
} from '../../../test/org-fixtures.ts';
import { users } from '../../db/schema/index.ts';

let t: TestApp;
let beta: FixtureCompany;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  beta = await addBetaBio(t);
});
afterAll(async () => {
  await t.close();
});

type Page = { rows: Person[]; total: number };
const EMAIL_TAKEN = 'A user with this e-mail already exists.';
const FORBIDDEN = { code: 'FORBIDDEN', message: "You don't have enough permissions." };

const list = async (token: string, prefix: ApiPrefix, query: UserListQuery = {}): Promise<Page> => {
  const res = await t.api(organisation.companyUsers[prefix], query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const emails = (page: Page) => page.rows.map((p) => p.email);
/** The forms here are plain strings, some deliberately wrong (a field of another form, a role it does not take). */
const post = (endpoint: EndpointDef, token: string, form: Record<string, string>, headers?: Record<string, string>) =>
  t.api(endpoint, form, token, { headers });
/** The full edit form of a stored person, with overrides. */
const editForm = async (email: string, over: Record<string, string> = {}) => {
  const row = await userRow(t, email);
  if (!row) throw new Error(`no user ${email}`);
  return {
    id: String(row.id),
    name: row.name,
    surname: row.surname,
    position: row.position,
    phone: row.phone,
    email: row.email,
    role: row.role,
    ...over,
  };
};
const alive = async (token: string) => (await t.api(account.currentUser, undefined, token)).statusCode;

describe('the people list', () => {
  it('pages with page 1 and 50 rows when absent, company people only, by surname', async () => {
    await addPeople(t, DEMO_COMPANY_ID, 60, { prefix: 'Zulu' });
    const staff = await t.tokenFor('staff@demo.test');
    const first = await list(staff, 'aipm');
    expect(first.total).toBe(66);
    expect(first.rows).toHaveLength(50);
    expect(first.rows.every((p) => p.role !== 'staff' && p.role !== 'admin')).toBe(true);
    expect(first.rows[0]).toMatchObject({ surname: 'Belov', company: { id: beta.id, name: 'Beta Bio' } });
    expect(first.rows[0]).not.toHaveProperty('passwordHash');
    const surnames = first.rows.map((p) => p.surname);
    expect(surnames.slice(0, 6)).toEqual(['Belov', 'Betov', 'Bravina', 'Directorov', 'Doverova', 'Sotrudnikov']);
    expect(surnames[6]).toBe('Zulu 001');
    const second = await list(staff, 'aipm', { page: 2 });
    expect(second.rows).toHaveLength(16);
    expect(second.rows.at(-1)?.surname).toBe('Zulu 060');
    const sized = await list(staff, 'aipm', { page: 2, pageSize: 20 });
    expect(sized.rows.map((p) => p.surname)).toEqual(Array.from({ length: 20 }, (_, i) => `Zulu ${String(i + 15).padStart(3, '0')}`));
  });

  it('sorts on the server by e-mail, company, role, status and creation, either way', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const byEmail = await list(admin, 'admin', { sort: 'email', order: 'desc' });
    expect(emails(byEmail)).toEqual([...emails(byEmail)].sort().reverse());
    const byCompany = await list(admin, 'admin', { sort: 'company' });
    expect(byCompany.rows.map((p) => p.company?.name)).toEqual(['Beta Bio', 'Beta Bio', 'Beta Bio', 'Demo Pharma', 'Demo Pharma', 'Demo Pharma']);
    const byRole = await list(admin, 'admin', { sort: 'role' });
    expect(byRole.rows.map((p) => p.role)).toEqual(['ceo', 'ceo', 'employee', 'employee', 'trusted', 'trusted']);
    await t.database.db.update(users).set({ status: 'registered' }).where(eq(users.email, 'trusted@demo.test'));
    const byStatus = await list(admin, 'admin', { sort: 'status', order: 'desc' });
    expect(byStatus.rows[0]?.email).toBe('trusted@demo.test');
    await addPeople(t, beta.id, 2, { prefix: 'late' });
    const byCreation = await list(admin, 'admin', { sort: 'createdAt', order: 'desc' });
    expect(emails(byCreation).slice(0, 2)).toEqual(['late002@people.test', 'late001@people.test']);
  });

  it('filters on the server by company, role, status, active flag and search', async () => {
    await addPeople(t, beta.id, 2, { prefix: 'idle', isActive: false, status: 'registered' });
    const admin = await t.tokenFor('admin@demo.test');
    expect(emails(await list(admin, 'admin', { companyId: beta.id }))).toEqual([
      'employee@beta.test',
      'ceo@beta.test',
      'trusted@beta.test',
      'idle001@people.test',
      'idle002@people.test',
    ]);
    expect(emails(await list(admin, 'admin', { role: 'trusted' }))).toEqual(['trusted@beta.test', 'trusted@demo.test']);
    expect(emails(await list(admin, 'admin', { status: 'registered' }))).toEqual(['idle001@people.test', 'idle002@people.test']);
    expect((await list(admin, 'admin', { isActive: false })).total).toBe(2);
    expect((await list(admin, 'admin', { isActive: true })).total).toBe(6);
    expect(emails(await list(admin, 'admin', { search: 'DOVER' }))).toEqual(['trusted@demo.test']);
    expect(emails(await list(admin, 'admin', { search: 'beta bio', role: 'ceo' }))).toEqual(['ceo@beta.test']);
    expect(emails(await list(admin, 'admin', { search: 'employee@' }))).toEqual(['employee@beta.test', 'employee@demo.test']);
    expect(emails(await list(admin, 'admin', { companyId: DEMO_COMPANY_ID, role: 'all', status: '', isActive: true }))).toHaveLength(3);
    for (const query of ['role=admin', 'companyId=abc', 'status=gone', 'isActive=perhaps', 'sort=password']) {
      const res = await t.call('GET', `/api/admin/company/users?${query}`, { token: admin });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("shows a ceo or trusted person only their own company's people, whatever the query says", async () => {
    for (const [email, prefix] of [
      ['ceo@demo.test', 'ceo'],
      ['trusted@demo.test', 'trusted'],
    ] as const) {
      const token = await t.tokenFor(email);
      const own = await list(token, prefix);
      expect(own.total).toBe(3);
      expect(own.rows.every((p) => p.company?.id === DEMO_COMPANY_ID)).toBe(true);
      const other = await list(token, prefix, { companyId: beta.id });
      expect(emails(other).sort()).toEqual(['ceo@demo.test', 'employee@demo.test', 'trusted@demo.test']);
      expect(emails(await list(token, prefix, { search: 'beta' }))).toEqual([]);
    }
  });

  it('admits each role only under its own prefix', async () => {
    const ceo = await t.tokenFor('ceo@demo.test');
    const trusted = await t.tokenFor('trusted@demo.test');
    const employee = await t.tokenFor('employee@demo.test');
    const staff = await t.tokenFor('staff@demo.test');
    const cases: [string, ApiPrefix, number][] = [
      [ceo, 'trusted', 403],
      [ceo, 'aipm', 403],
      [trusted, 'ceo', 403],
      [employee, 'ceo', 403],
      [employee, 'trusted', 403],
      [staff, 'admin', 403],
      [staff, 'ceo', 403],
    ];
    for (const [token, prefix, status] of cases) {
      const res = await t.api(organisation.companyUsers[prefix], {}, token);
      expect(res.statusCode, prefix).toBe(status);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    expect((await t.api(organisation.companyUsers.ceo)).statusCode).toBe(401);
  });
});

describe('adding people', () => {
  it('staff adds a person to a company, who is invited by e-mail, sets a password from the link and logs in', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const res = await post(organisation.addNewEmployee.aipm, staff, personForm({ email: 'Nina@Beta.test', companyId: String(beta.id) }));
    expect(res.statusCode).toBe(200);
    const person = res.json();
    expect(person).toEqual({
      id: expect.any(Number),
      email: 'nina@beta.test',
      name: 'Nina',
      surname: 'Novikova',
      position: 'Regulatory Affairs Manager',
      phone: '+7 (495) 765-43-21',
      role: 'employee',
      status: 'registered',
      isActive: true,
      company: { id: beta.id, name: 'Beta Bio' },
      createdAt: t.clock.now().toISOString(),
    });
    const [entry] = await logEntries(t, 'user.added');
    expect(entry).toMatchObject({ entityId: person.id, after: { email: 'nina@beta.test', role: 'employee', companyId: beta.id } });

    await t.flushMail();
    expect(t.mail).toMatchObject([{ to: 'nina@beta.test', type: 'firstPassword', subject: "Welcome to the AIPM Members' Portal" }]);
    const code = t.linkCode('nina@beta.test');
    expect((await t.api(account.getUserByRegistrationCode, { registrationCode: code })).json()).toMatchObject({ purpose: 'first' });
    expect((await setPassword(t, code, 'Welcome123')).statusCode).toBe(204);
    const token = await t.login('nina@beta.test', 'Welcome123');
    expect((await t.api(account.currentUser, undefined, token)).json()).toMatchObject({ email: 'nina@beta.test', status: 'joined' });
  });

  it('gives the validation messages of spec §5, in English and Russian, and saves nothing', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const empty = await post(organisation.addNewEmployee.admin, admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      code: 'VALIDATION',
      message: 'Please check the highlighted fields.',
      fields: {
        name: 'You must enter a value.',
        surname: 'You must enter a value.',
        position: 'You must enter a value.',
        phone: 'You must enter a value.',
        email: 'You must enter a value.',
      },
    });
    const bad = await post(organisation.addNewEmployee.admin, admin, {
      name: ' ',
      surname: 'Petrova',
      position: 'Главный специалист',
      phone: '12-34',
      email: 'nina@',
      role: 'boss',
      companyId: 'first',
    });
    expect(bad.json().fields).toEqual({
      name: 'You must enter a value.',
      position: 'Use Latin characters only.',
      phone: 'Please enter a valid phone number.',
      email: 'Please enter a valid e-mail.',
      role: 'Invalid value.',
      companyId: 'Invalid value.',
    });
    const noCompany = await post(organisation.addNewEmployee.admin, admin, personForm());
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().fields).toEqual({ companyId: 'Choose a company.' });
    const unknownCompany = await post(organisation.addNewEmployee.admin, admin, personForm({ companyId: '9999' }));
    expect(unknownCompany.json().fields).toEqual({ companyId: 'Choose a company.' });

    const ru = await post(
      organisation.addNewEmployee.admin,
      admin,
      { name: '', surname: 'Петрова', position: 'Врач', phone: '123', email: 'x' },
      { 'accept-language': 'ru' },
    );
    expect(ru.json()).toEqual({
      code: 'VALIDATION',
      message: 'Пожалуйста, проверьте отмеченные поля.',
      fields: {
        name: 'Необходимо заполнить поле.',
        position: 'Используйте только латинские символы.',
        phone: 'Пожалуйста, введите корректный номер телефона.',
        email: 'Пожалуйста, введите корректную эл. почту.',
      },
    });
    const ruCompany = await post(organisation.addNewEmployee.admin, admin, personForm(), { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(ruCompany.json().fields).toEqual({ companyId: 'Выберите компанию.' });
    expect(await userRow(t, 'nina.novikova@demo.test')).toBeUndefined();
    await t.flushMail();
    expect(t.mail).toHaveLength(0);
  });

  it('refuses a duplicate e-mail, in any case, with a 409 on the field', async () => {
    const ceo = await t.tokenFor('ceo@demo.test');
    const res = await post(organisation.addNewEmployee.ceo, ceo, personForm({ email: ' EMPLOYEE@beta.test ' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'EMAIL_TAKEN', message: EMAIL_TAKEN, fields: { email: EMAIL_TAKEN } });
    const ru = await post(organisation.addNewEmployee.ceo, ceo, personForm({ email: 'staff@demo.test' }), { 'accept-language': 'ru' });
    expect(ru.json().fields).toEqual({ email: 'Пользователь с такой эл. почтой уже существует.' });
    expect(await logEntries(t, 'user.added')).toHaveLength(0);
  });

  it('a ceo adds employees and trusted persons to their own company only, whatever companyId says', async () => {
    const ceo = await t.tokenFor('ceo@demo.test');
    const employee = await post(organisation.addNewEmployee.ceo, ceo, personForm({ companyId: String(beta.id) }));
    expect(employee.statusCode).toBe(200);
    expect(employee.json()).toMatchObject({ role: 'employee', company: { id: DEMO_COMPANY_ID } });
    const trusted = await post(organisation.addNewEmployee.ceo, ceo, personForm({ email: 'tom@demo.test', role: 'trusted' }));
    expect(trusted.json()).toMatchObject({ role: 'trusted', company: { id: DEMO_COMPANY_ID } });
    const anotherCeo = await post(organisation.addNewEmployee.ceo, ceo, personForm({ email: 'boss@demo.test', role: 'ceo' }));
    expect(anotherCeo.statusCode).toBe(403);
    expect(anotherCeo.json()).toEqual(FORBIDDEN);
    expect(await userRow(t, 'boss@demo.test')).toBeUndefined();
  });

  it('a trusted person adds employees only: not trusted persons, ceos, staff or admins', async () => {
    const trusted = await t.tokenFor('trusted@demo.test');
    const ok = await post(organisation.addNewEmployee.trusted, trusted, personForm({ companyId: String(beta.id) }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ role: 'employee', company: { id: DEMO_COMPANY_ID } });
    for (const role of ['trusted', 'ceo']) {
      const res = await post(organisation.addNewEmployee.trusted, trusted, personForm({ email: `${role}2@demo.test`, role }));
      expect(res.statusCode, role).toBe(403);
    }
    // Association roles are not company roles: refused with 403 whatever the client sends.
    for (const role of ['staff', 'admin']) {
      const res = await post(organisation.addNewEmployee.trusted, trusted, personForm({ email: `${role}2@demo.test`, role }));
      expect(res.statusCode, role).toBe(403);
    }
    // addNewAIPMEmployee is not even reachable for them.
    for (const prefix of STAFF_API_PREFIXES) {
      const res = await post(organisation.addNewAipmEmployee[prefix], trusted, personForm({ email: 'staff2@demo.test', role: 'staff' }));
      expect(res.statusCode, prefix).toBe(403);
    }
    const rows = await t.database.db.select({ email: users.email }).from(users).where(eq(users.companyId, DEMO_COMPANY_ID));
    expect(rows).toHaveLength(4);
  });

  it('staff and admin appoint a ceo; a second active ceo is 409', async () => {
    const gamma = await insertCompany(t, 'Gamma Generics', { domain: 'gamma.test' });
    const admin = await t.tokenFor('admin@demo.test');
    const first = await post(organisation.addNewEmployee.admin, admin, personForm({ email: 'gm@gamma.test', role: 'ceo', companyId: String(gamma) }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ role: 'ceo', company: { id: gamma } });
    const second = await post(
      organisation.addNewEmployee.admin,
      admin,
      personForm({ email: 'gm2@gamma.test', role: 'ceo', companyId: String(gamma) }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'CEO_EXISTS',
      message: 'The company already has an active general manager.',
      fields: { role: 'The company already has an active general manager.' },
    });
    const staff = await t.tokenFor('staff@demo.test');
    const demo = await post(organisation.addNewEmployee.aipm, staff, personForm({ role: 'ceo', companyId: String(DEMO_COMPANY_ID) }));
    expect(demo.statusCode).toBe(409);
    expect(await userRow(t, 'gm2@gamma.test')).toBeUndefined();
  });
});

describe('editing people', () => {
  it('staff edits a person; the log keeps before and after; a plain edit keeps their sessions', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const token = await t.tokenFor(beta.employee.email);
    const res = await post(
      organisation.updateEmployee.aipm,
      staff,
      await editForm(beta.employee.email, { surname: 'Belova', phone: '+44 20 7946 0958' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: beta.employee.id,
      surname: 'Belova',
      phone: '+44 20 7946 0958',
      role: 'employee',
      company: { id: beta.id },
    });
    expect(await alive(token)).toBe(200);
    const [entry] = await logEntries(t, 'user.updated');
    expect(entry).toMatchObject({
      entity: 'user',
      entityId: beta.employee.id,
      actorId: await userId(t, 'staff@demo.test'),
      before: { surname: 'Belov', phone: '+7 495 111-22-33', role: 'employee', companyId: beta.id },
      after: { surname: 'Belova', phone: '+44 20 7946 0958', role: 'employee', companyId: beta.id },
    });
  });

  it("a role change ends the changed person's sessions and is logged as such", async () => {
    const ceo = await t.tokenFor('ceo@demo.test');
    const employeeToken = await t.tokenFor('employee@demo.test');
    const promoted = await post(organisation.updateEmployee.ceo, ceo, await editForm('employee@demo.test', { role: 'trusted' }));
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe('trusted');
    expect(await alive(employeeToken)).toBe(401);
    expect(await alive(ceo)).toBe(200);
    const [entry] = await logEntries(t, 'user.role_changed');
    expect(entry).toMatchObject({ before: { role: 'employee' }, after: { role: 'trusted' } });

    const trustedToken = await t.tokenFor('trusted@demo.test');
    const demoted = await post(organisation.updateEmployee.ceo, ceo, await editForm('trusted@demo.test', { role: 'employee' }));
    expect(demoted.json().role).toBe('employee');
    expect(await alive(trustedToken)).toBe(401);
    // The demoted person logs in again with their new role.
    const again = await t.login('trusted@demo.test');
    expect((await t.api(organisation.companyUsers.trusted, undefined, again)).statusCode).toBe(403);
  });

  it('moving a person to another company (staff only) ends their sessions', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const token = await t.tokenFor('employee@demo.test');
    const res = await post(organisation.updateEmployee.admin, admin, await editForm('employee@demo.test', { companyId: String(beta.id) }));
    expect(res.json().company).toEqual({ id: beta.id, name: 'Beta Bio' });
    expect(await alive(token)).toBe(401);
    const ceo = await t.tokenFor('ceo@demo.test');
    const back = await post(organisation.updateEmployee.ceo, ceo, await editForm('trusted@demo.test', { companyId: String(beta.id) }));
    expect(back.statusCode).toBe(200);
    expect(back.json().company.id).toBe(DEMO_COMPANY_ID);
  });

  it('refuses to move a person into a switched-off company (409), as adding does', async () => {
    const dormant = await insertCompany(t, 'Dormant', { isActive: false });
    const admin = await t.tokenFor('admin@demo.test');
    const added = await post(organisation.addNewEmployee.admin, admin, personForm({ companyId: String(dormant) }));
    expect(added.statusCode).toBe(409);
    const moved = await post(organisation.updateEmployee.admin, admin, await editForm('employee@demo.test', { companyId: String(dormant) }));
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('COMPANY_INACTIVE');
    expect(await userRow(t, 'employee@demo.test')).toMatchObject({ companyId: DEMO_COMPANY_ID });
  });

  it('the ceo appoints and removes trusted persons but cannot make a ceo or touch themselves', async () => {
    const ceo = await t.tokenFor('ceo@demo.test');
    const toCeo = await post(organisation.updateEmployee.ceo, ceo, await editForm('employee@demo.test', { role: 'ceo' }));
    expect(toCeo.statusCode).toBe(403);
    const self = await post(organisation.updateEmployee.ceo, ceo, await editForm('ceo@demo.test', { surname: 'Boss' }));
    expect(self.statusCode).toBe(403);
    const selfOff = await post(organisation.toggleUser.ceo, ceo, { id: String(await userId(t, 'ceo@demo.test')), isActive: 'false' });
    expect(selfOff.statusCode).toBe(403);
    expect(await userRow(t, 'employee@demo.test')).toMatchObject({ role: 'employee' });
    expect(await userRow(t, 'ceo@demo.test')).toMatchObject({ surname: 'Directorov', isActive: true });
  });

  it('a trusted person cannot promote anyone nor touch trusted persons or the ceo', async () => {
    const trusted = await t.tokenFor('trusted@demo.test');
    const other = await insertPerson(t, DEMO_COMPANY_ID, 'trusted2@demo.test', { role: 'trusted' });
    const cases: [EndpointDef, Record<string, string>][] = [
      [organisation.updateEmployee.trusted, await editForm('employee@demo.test', { role: 'trusted' })],
      [organisation.updateEmployee.trusted, await editForm('employee@demo.test', { role: 'ceo' })],
      [organisation.updateEmployee.trusted, await editForm('trusted2@demo.test', { surname: 'Changed' })],
      [organisation.updateEmployee.trusted, await editForm('trusted2@demo.test', { role: 'employee' })],
      [organisation.updateEmployee.trusted, await editForm('ceo@demo.test', { surname: 'Changed' })],
      [organisation.updateEmployee.trusted, await editForm('trusted@demo.test', { surname: 'Changed' })],
      [organisation.toggleUser.trusted, { id: String(other.id), isActive: 'false' }],
      [organisation.toggleUser.trusted, { id: String(await userId(t, 'ceo@demo.test')), isActive: 'false' }],
      [organisation.updateRegistrationCode.trusted, { id: String(await userId(t, 'ceo@demo.test')) }],
      [organisation.updateEmployee.trusted, await editForm('staff@demo.test', { surname: 'Changed', role: 'employee' })],
      [organisation.toggleUser.trusted, { id: String(await userId(t, 'admin@demo.test')), isActive: 'false' }],
    ];
    for (const [endpoint, form] of cases) {
      const res = await post(endpoint, trusted, form);
      expect(res.statusCode, `${endpoint.path} ${JSON.stringify(form)}`).toBe(403);
    }
    const ok = await post(organisation.updateEmployee.trusted, trusted, await editForm('employee@demo.test', { position: 'Senior Medical Advisor' }));
    expect(ok.statusCode).toBe(200);
    expect(await userRow(t, 'trusted2@demo.test')).toMatchObject({ role: 'trusted', surname: 'Surname trusted2', isActive: true });
    expect(await userRow(t, 'ceo@demo.test')).toMatchObject({ surname: 'Directorov', isActive: true });
  });

  it('staff appoint a ceo; promoting while another ceo is active is 409 on the role', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const refused = await post(organisation.updateEmployee.aipm, staff, await editForm('trusted@demo.test', { role: 'ceo' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual({ role: 'The company already has an active general manager.' });
    const ceoToken = await t.tokenFor('ceo@demo.test');
    expect((await post(organisation.updateEmployee.aipm, staff, await editForm('ceo@demo.test', { role: 'employee' }))).statusCode).toBe(200);
    expect(await alive(ceoToken)).toBe(401);
    const appointed = await post(organisation.updateEmployee.aipm, staff, await editForm('trusted@demo.test', { role: 'ceo' }));
    expect(appointed.statusCode).toBe(200);
    expect(appointed.json().role).toBe('ceo');
    // A second ceo from another company moved in is refused as well.
    const moved = await post(organisation.updateEmployee.aipm, staff, await editForm(beta.ceo.email, { companyId: String(DEMO_COMPANY_ID) }));
    expect(moved.statusCode).toBe(409);
  });

  it('staff update the Registered/Joined status; a ceo may not (403)', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const registered = await post(organisation.updateEmployee.aipm, staff, await editForm('employee@demo.test', { status: 'registered' }));
    expect(registered.json().status).toBe('registered');
    const joined = await post(organisation.updateEmployee.aipm, staff, await editForm('employee@demo.test', { status: 'joined' }));
    expect(joined.json().status).toBe('joined');
    const [entry] = await logEntries(t, 'user.updated');
    expect(entry).toMatchObject({ before: { status: 'joined' }, after: { status: 'registered' } });

    const ceo = await t.tokenFor('ceo@demo.test');
    const refused = await post(organisation.updateEmployee.ceo, ceo, await editForm('employee@demo.test', { status: 'registered' }));
    expect(refused.statusCode).toBe(403);
    const same = await post(
      organisation.updateEmployee.ceo,
      ceo,
      await editForm('employee@demo.test', { status: 'joined', position: 'Lead Advisor' }),
    );
    expect(same.statusCode).toBe(200);
    expect(await userRow(t, 'employee@demo.test')).toMatchObject({ status: 'joined', position: 'Lead Advisor' });
    const bad = await post(organisation.updateEmployee.aipm, staff, await editForm('employee@demo.test', { status: 'sleeping' }));
    expect(bad.json().fields).toEqual({ status: 'Invalid value.' });
  });

  it('refuses a duplicate e-mail, an unknown person and bad input', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const dup = await post(organisation.updateEmployee.admin, admin, await editForm('employee@demo.test', { email: 'CEO@beta.test' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ email: EMAIL_TAKEN });
    const unknown = await post(organisation.updateEmployee.admin, admin, { ...(await editForm('employee@demo.test')), id: '99999' });
    expect(unknown.statusCode).toBe(404);
    const bad = await post(
      organisation.updateEmployee.admin,
      admin,
      await editForm('employee@demo.test', { phone: 'call me', position: 'Сотрудник' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ phone: 'Please enter a valid phone number.', position: 'Use Latin characters only.' });
    const ru = await post(organisation.updateEmployee.admin, admin, await editForm('employee@demo.test', { surname: '' }), {
      'accept-language': 'ru',
    });
    expect(ru.json().fields).toEqual({ surname: 'Необходимо заполнить поле.' });
    expect(await userRow(t, 'employee@demo.test')).toMatchObject({ surname: 'Sotrudnikov', phone: '+7 495 000-00-00' });
  });
});

describe('switching people off and on', () => {
  it('a ceo switches an employee off (sessions end, login refused) and on again; both are logged', async () => {
    const ceo = await t.tokenFor('ceo@demo.test');
    const token = await t.tokenFor('employee@demo.test');
    const id = String(await userId(t, 'employee@demo.test'));
    const off = await post(organisation.toggleUser.ceo, ceo, { id, isActive: 'false' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ email: 'employee@demo.test', isActive: false });
    expect(await alive(token)).toBe(401);
    expect((await t.api(account.login, { email: 'employee@demo.test', password: 'Demo12345' })).statusCode).toBe(401);
    const again = await post(organisation.toggleUser.ceo, ceo, { id, isActive: 'false' });
    expect(again.statusCode).toBe(200);
    const on = await post(organisation.toggleUser.ceo, ceo, { id, isActive: 'true' });
    expect(on.json().isActive).toBe(true);
    await t.login('employee@demo.test');
    expect(await logEntries(t, 'user.deactivated')).toMatchObject([{ before: { isActive: true }, after: { isActive: false } }]);
    expect(await logEntries(t, 'user.activated')).toHaveLength(1);
  });

  it('a trusted person switches employees only; staff switch anyone in a company', async () => {
    const trusted = await t.tokenFor('trusted@demo.test');
    expect(
      (await post(organisation.toggleUser.trusted, trusted, { id: String(await userId(t, 'employee@demo.test')), isActive: 'false' })).statusCode,
    ).toBe(200);
    const staff = await t.tokenFor('staff@demo.test');
    const ceoToken = await t.tokenFor(beta.ceo.email);
    expect((await post(organisation.toggleUser.aipm, staff, { id: String(beta.ceo.id), isActive: 'false' })).json().isActive).toBe(false);
    expect(await alive(ceoToken)).toBe(401);
    // toggleUser is for company people; the association's staff have toggleAIPMUser.
    expect((await post(organisation.toggleUser.aipm, staff, { id: String(await userId(t, 'admin@demo.test')), isActive: 'false' })).statusCode).toBe(
      403,
    );
  });

  it('refuses to switch on a person of a switched-off company, or a second active ceo', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    await t.api(organisation.toggleCompany, { id: String(beta.id), isActive: 'false' }, admin);
    const res = await post(organisation.toggleUser.admin, admin, { id: String(beta.employee.id), isActive: 'true' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COMPANY_INACTIVE');

    const formerCeo = await insertPerson(t, DEMO_COMPANY_ID, 'former.ceo@demo.test', { role: 'ceo', isActive: false });
    const second = await post(organisation.toggleUser.admin, admin, { id: String(formerCeo.id), isActive: 'true' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('CEO_EXISTS');
    expect(await userRow(t, 'former.ceo@demo.test')).toMatchObject({ isActive: false });
    expect((await post(organisation.toggleUser.admin, admin, { id: '99999', isActive: 'true' })).statusCode).toBe(404);
    expect((await post(organisation.toggleUser.admin, admin, { id: '1', isActive: 'sometimes' })).json().fields).toEqual({
      isActive: 'Invalid value.',
    });
  });
});

describe('registration codes', () => {
  it('regenerating retires the old link and e-mails a new one that works', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const added = await post(organisation.addNewEmployee.aipm, staff, personForm({ companyId: String(DEMO_COMPANY_ID) }));
    await t.flushMail();
    const oldCode = t.linkCode('nina.novikova@demo.test');
    const res = await post(organisation.updateRegistrationCode.aipm, staff, { id: String(added.json().id) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    await t.flushMail();
    expect(t.mail.map((m) => m.type)).toEqual(['firstPassword', 'firstPassword']);
    const newCode = t.linkCode('nina.novikova@demo.test');
    expect(newCode).not.toBe(oldCode);
    expect((await t.api(account.getUserByRegistrationCode, { registrationCode: oldCode })).statusCode).toBe(400);
    expect((await setPassword(t, oldCode)).json().code).toBe('LINK_INVALID');
    expect((await setPassword(t, newCode)).statusCode).toBe(204);
    await t.login('nina.novikova@demo.test', 'Joined1234');
    expect(await logEntries(t, 'user.code_regenerated')).toMatchObject([{ entityId: added.json().id }]);
  });

  it('sends a reset link to a person who has joined; a ceo regenerates for their own people only', async () => {
    const ceo = await t.tokenFor('ceo@demo.test');
    expect((await post(organisation.updateRegistrationCode.ceo, ceo, { id: String(await userId(t, 'trusted@demo.test')) })).statusCode).toBe(204);
    await t.flushMail();
    expect(t.mail).toMatchObject([{ to: 'trusted@demo.test', type: 'resetPassword' }]);
    expect((await post(organisation.updateRegistrationCode.ceo, ceo, { id: String(beta.employee.id) })).statusCode).toBe(403);
    expect((await post(organisation.updateRegistrationCode.ceo, ceo, { id: String(await userId(t, 'staff@demo.test')) })).statusCode).toBe(403);
    expect((await post(organisation.updateRegistrationCode.ceo, ceo, { id: '99999' })).statusCode).toBe(404);
    expect((await post(organisation.updateRegistrationCode.ceo, ceo, { id: 'x' })).statusCode).toBe(400);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, 'employee@demo.test'));
    expect((await post(organisation.updateRegistrationCode.ceo, ceo, { id: String(await userId(t, 'employee@demo.test')) })).statusCode).toBe(409);
    await t.flushMail();
    expect(t.mail).toHaveLength(1);
  });
});

describe("a ceo of company A and company B's people", () => {
  it('gets 403 on every write, and lists and downloads only their own people', async () => {
    for (const [email, prefix] of [
      ['ceo@demo.test', 'ceo'],
      ['trusted@demo.test', 'trusted'],
    ] as const) {
      const token = await t.tokenFor(email);
      const writes: [EndpointDef, Record<string, string>][] = [
        [organisation.toggleUser[prefix], { id: String(beta.employee.id), isActive: 'false' }],
        [organisation.updateEmployee[prefix], await editForm(beta.employee.email, { surname: 'Hacked' })],
        [organisation.updateEmployee[prefix], await editForm(beta.employee.email, { companyId: String(DEMO_COMPANY_ID) })],
        [organisation.updateRegistrationCode[prefix], { id: String(beta.employee.id) }],
        [organisation.toggleUser[prefix], { id: String(beta.trusted.id), isActive: 'false' }],
        [organisation.updateEmployee[prefix], await editForm(beta.trusted.email, { role: 'employee' })],
      ];
      for (const [endpoint, form] of writes) {
        const res = await post(endpoint, token, form);
        expect(res.statusCode, endpoint.path).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
      const listed = await list(token, prefix, { companyId: beta.id, search: 'b' });
      expect(listed.rows.every((p) => p.company?.id === DEMO_COMPANY_ID)).toBe(true);
      for (const file of ['downloadUsers', 'downloadCeos', 'downloadTrusted'] as const) {
        const res = await t.api(organisation[file][prefix], { format: 'csv', companyId: beta.id }, token);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('beta.test');
      }
    }
    expect(await userRow(t, beta.employee.email)).toMatchObject({ surname: 'Belov', isActive: true, companyId: beta.id });
    expect(await userRow(t, beta.trusted.email)).toMatchObject({ role: 'trusted', isActive: true });
    await t.flushMail();
    expect(t.mail).toHaveLength(0);
  });
});

describe('an e-mail change', () => {
  it('ends what the old address holds: the sessions, a reset link sent before; both addresses are told', async () => {
    const employee = await t.login('employee@demo.test');
    await t.api(account.sendRestorePasswordEmail, { email: 'employee@demo.test' });
    await t.flushMail();
    const code = t.linkCode('employee@demo.test');
    const staff = await t.tokenFor('staff@demo.test');
    const res = await post(organisation.updateEmployee.aipm, staff, await editForm('employee@demo.test', { email: 'egor.new@demo.test' }));
    expect(res.statusCode, res.body).toBe(200);

    expect((await t.api(account.currentUser, undefined, employee)).statusCode).toBe(401);
    const link = await t.api(account.getUserByRegistrationCode, { registrationCode: code });
    expect(link.json().message).toBe('The link you followed is invalid or has expired.');
    await t.flushMail();
    const told = t.mail.filter((m) => m.type === 'emailChanged');
    expect(told.map((m) => m.to).sort()).toEqual(['egor.new@demo.test', 'employee@demo.test']);
    expect(told[0]?.text).toContain('egor.new@demo.test');
    expect(await t.login('egor.new@demo.test')).toBeTruthy();
  });

  it('leaves the sessions alone when the e-mail stays the same', async () => {
    const employee = await t.login('employee@demo.test');
    const staff = await t.tokenFor('staff@demo.test');
    expect((await post(organisation.updateEmployee.aipm, staff, await editForm('employee@demo.test', { surname: 'Novy' }))).statusCode).toBe(200);
    expect((await t.api(account.currentUser, undefined, employee)).statusCode).toBe(200);
  });
});
