import { type ApiPrefix, account, type EndpointDef, MANAGER_API_PREFIXES, organisation, type Person, STAFF_API_PREFIXES } from '@portal/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertPerson, logEntries, personForm, setPassword, userId, userRow } from '../../../test/org-fixtures.ts';

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

/** The forms here are plain strings, some deliberately wrong (a field of another form, a role it does not take). */
const post = (endpoint: EndpointDef, token: string, form: Record<string, string>, headers?: Record<string, string>) =>
  t.api(endpoint, form, token, { headers });
const staffForm = (over: Record<string, string> = {}) =>
  personForm({ email: 'olga@aipm.test', name: 'Olga', surname: 'Orlova', position: 'Coordinator', ...over });
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

describe("the association's staff contacts (AIPMEmployee)", () => {
  it('lists staff and admins, and nobody else, under every manager prefix', async () => {
    await insertPerson(t, null, 'another.staff@demo.test', { role: 'staff', surname: 'Belova' });
    const callers: [string, ApiPrefix][] = [
      ['admin@demo.test', 'admin'],
      ['admin@demo.test', 'aipm'],
      ['staff@demo.test', 'aipm'],
      ['ceo@demo.test', 'ceo'],
      ['trusted@demo.test', 'trusted'],
    ];
    for (const [email, prefix] of callers) {
      const token = await t.tokenFor(email);
      const res = await t.api(organisation.aipmEmployees[prefix], undefined, token);
      expect(res.statusCode, prefix).toBe(200);
      const people: Person[] = res.json();
      expect(people.map((p) => [p.surname, p.role, p.company])).toEqual([
        ['Adminova', 'admin', null],
        ['Belova', 'staff', null],
        ['Staffov', 'staff', null],
      ]);
      expect(people[0]).toMatchObject({ email: 'admin@demo.test', phone: '+7 495 000-00-00', position: 'Portal administrator' });
      expect(people[0]).not.toHaveProperty('passwordHash');
    }
  });

  it('refuses employees, foreign prefixes and guests', async () => {
    const employee = await t.tokenFor('employee@demo.test');
    const ceo = await t.tokenFor('ceo@demo.test');
    for (const prefix of MANAGER_API_PREFIXES) {
      expect((await t.api(organisation.aipmEmployees[prefix], undefined, employee)).statusCode).toBe(403);
      expect((await t.api(organisation.aipmEmployees[prefix])).statusCode).toBe(401);
    }
    expect((await t.api(organisation.aipmEmployees.aipm, undefined, ceo)).statusCode).toBe(403);
  });
});

describe('adding association staff', () => {
  it('staff add staff, who are invited to set a password and can then log in', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const res = await post(organisation.addNewAipmEmployee.aipm, staff, staffForm({ companyId: '1' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'olga@aipm.test', role: 'staff', status: 'registered', isActive: true, company: null });
    const [entry] = await logEntries(t, 'staff.added');
    expect(entry).toMatchObject({ entityId: res.json().id, actorId: await userId(t, 'staff@demo.test'), after: { role: 'staff' } });
    await t.flushMail();
    expect(t.mail).toMatchObject([{ to: 'olga@aipm.test', type: 'firstPassword' }]);
    expect((await setPassword(t, t.linkCode('olga@aipm.test'))).statusCode).toBe(204);
    const token = await t.login('olga@aipm.test', 'Joined1234');
    expect((await t.api(organisation.companyUsers.aipm, undefined, token)).statusCode).toBe(200);
  });

  it('only admin creates admins', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const refused = await post(organisation.addNewAipmEmployee.aipm, staff, staffForm({ role: 'admin' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You don't have enough permissions.");
    expect(await userRow(t, 'olga@aipm.test')).toBeUndefined();
    // staff do not reach the /admin prefix at all
    expect((await post(organisation.addNewAipmEmployee.admin, staff, staffForm())).statusCode).toBe(403);
    const admin = await t.tokenFor('admin@demo.test');
    const created = await post(organisation.addNewAipmEmployee.admin, admin, staffForm({ role: 'admin' }));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ role: 'admin', company: null });
    const viaAipm = await post(organisation.addNewAipmEmployee.aipm, admin, staffForm({ email: 'second@aipm.test', role: 'admin' }));
    expect(viaAipm.json().role).toBe('admin');
  });

  it('validates the form, refuses company roles and a duplicate e-mail', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const bad = await post(organisation.addNewAipmEmployee.admin, admin, staffForm({ role: 'ceo', position: 'Координатор', email: 'olga' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ role: 'Invalid value.', position: 'Use Latin characters only.', email: 'Please enter a valid e-mail.' });
    const ru = await post(organisation.addNewAipmEmployee.admin, admin, staffForm({ name: '', phone: '+7' }), { 'accept-language': 'ru' });
    expect(ru.json().fields).toEqual({ name: 'Необходимо заполнить поле.', phone: 'Пожалуйста, введите корректный номер телефона.' });
    const dup = await post(organisation.addNewAipmEmployee.admin, admin, staffForm({ email: 'Employee@Demo.test' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ email: 'A user with this e-mail already exists.' });
    expect(await logEntries(t, 'staff.added')).toHaveLength(0);
  });

  it('is refused to every company role', async () => {
    for (const email of ['ceo@demo.test', 'trusted@demo.test', 'employee@demo.test']) {
      const token = await t.tokenFor(email);
      for (const prefix of STAFF_API_PREFIXES) {
        expect((await post(organisation.addNewAipmEmployee[prefix], token, staffForm())).statusCode).toBe(403);
        expect((await post(organisation.updateAipmEmployee[prefix], token, await editForm('staff@demo.test'))).statusCode).toBe(403);
        expect(
          (await post(organisation.toggleAipmUser[prefix], token, { id: String(await userId(t, 'staff@demo.test')), isActive: 'false' })).statusCode,
        ).toBe(403);
      }
    }
    expect(await userRow(t, 'olga@aipm.test')).toBeUndefined();
  });
});

describe('editing association staff', () => {
  it('staff edit staff; a plain edit keeps sessions and is logged', async () => {
    const colleague = await insertPerson(t, null, 'colleague@aipm.test', { role: 'staff' });
    const colleagueToken = await t.tokenFor(colleague.email);
    const staff = await t.tokenFor('staff@demo.test');
    const res = await post(organisation.updateAipmEmployee.aipm, staff, await editForm(colleague.email, { position: 'Senior Coordinator' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: colleague.id, position: 'Senior Coordinator', role: 'staff' });
    expect(await alive(colleagueToken)).toBe(200);
    const [entry] = await logEntries(t, 'staff.updated');
    expect(entry).toMatchObject({ before: { position: 'Specialist' }, after: { position: 'Senior Coordinator' } });
  });

  it('staff cannot edit an admin nor make anyone admin (403); admin can, and a role change ends sessions', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const colleague = await insertPerson(t, null, 'colleague@aipm.test', { role: 'staff' });
    const editAdmin = await post(organisation.updateAipmEmployee.aipm, staff, await editForm('admin@demo.test', { surname: 'Changed' }));
    expect(editAdmin.statusCode).toBe(403);
    const promote = await post(organisation.updateAipmEmployee.aipm, staff, await editForm(colleague.email, { role: 'admin' }));
    expect(promote.statusCode).toBe(403);
    const self = await post(organisation.updateAipmEmployee.aipm, staff, await editForm('staff@demo.test', { role: 'admin' }));
    expect(self.statusCode).toBe(403);
    expect(await userRow(t, 'admin@demo.test')).toMatchObject({ surname: 'Adminova' });
    expect(await userRow(t, colleague.email)).toMatchObject({ role: 'staff' });

    const admin = await t.tokenFor('admin@demo.test');
    const colleagueToken = await t.tokenFor(colleague.email);
    const promoted = await post(organisation.updateAipmEmployee.admin, admin, await editForm(colleague.email, { role: 'admin' }));
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe('admin');
    expect(await alive(colleagueToken)).toBe(401);
    expect(await logEntries(t, 'staff.role_changed')).toMatchObject([{ before: { role: 'staff' }, after: { role: 'admin' } }]);
    const edited = await post(organisation.updateAipmEmployee.aipm, admin, await editForm('admin@demo.test', { phone: '+7 495 222-33-44' }));
    expect(edited.json().phone).toBe('+7 495 222-33-44');
  });

  it('refuses company people, unknown ids and duplicate e-mails', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const company = await post(organisation.updateAipmEmployee.admin, admin, await editForm('employee@demo.test', { role: 'staff' }));
    expect(company.statusCode).toBe(403);
    expect(await userRow(t, 'employee@demo.test')).toMatchObject({ role: 'employee', companyId: 1 });
    // Nor can the company-people calls reach the association's staff: no demoting an admin through updateEmployee.
    const staff = await t.tokenFor('staff@demo.test');
    const demote = await post(organisation.updateEmployee.aipm, staff, await editForm('admin@demo.test', { role: 'employee', companyId: '1' }));
    expect(demote.statusCode).toBe(403);
    expect(await userRow(t, 'admin@demo.test')).toMatchObject({ role: 'admin', companyId: null });
    const unknown = await post(organisation.updateAipmEmployee.admin, admin, { ...(await editForm('staff@demo.test')), id: '99999' });
    expect(unknown.statusCode).toBe(404);
    const dup = await post(organisation.updateAipmEmployee.admin, admin, await editForm('staff@demo.test', { email: 'admin@demo.test' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ email: 'A user with this e-mail already exists.' });
  });
});

describe('switching association staff off and on', () => {
  it('staff switch staff off (their next request is 401) and on; not admins, not themselves, not company people', async () => {
    const colleague = await insertPerson(t, null, 'colleague@aipm.test', { role: 'staff', withPassword: true });
    const colleagueToken = await t.tokenFor(colleague.email);
    const staff = await t.tokenFor('staff@demo.test');
    const off = await post(organisation.toggleAipmUser.aipm, staff, { id: String(colleague.id), isActive: 'false' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false });
    expect(await alive(colleagueToken)).toBe(401);
    expect((await post(organisation.toggleAipmUser.aipm, staff, { id: String(colleague.id), isActive: 'true' })).json().isActive).toBe(true);
    await t.login(colleague.email);
    expect(await logEntries(t, 'user.deactivated')).toHaveLength(1);
    expect(await logEntries(t, 'user.activated')).toHaveLength(1);

    const adminId = String(await userId(t, 'admin@demo.test'));
    expect((await post(organisation.toggleAipmUser.aipm, staff, { id: adminId, isActive: 'false' })).statusCode).toBe(403);
    const selfId = String(await userId(t, 'staff@demo.test'));
    const self = await post(organisation.toggleAipmUser.aipm, staff, { id: selfId, isActive: 'false' });
    expect(self.statusCode).toBe(409);
    const employeeId = String(await userId(t, 'employee@demo.test'));
    expect((await post(organisation.toggleAipmUser.aipm, staff, { id: employeeId, isActive: 'false' })).statusCode).toBe(403);
    expect(await userRow(t, 'admin@demo.test')).toMatchObject({ isActive: true });
    expect(await userRow(t, 'staff@demo.test')).toMatchObject({ isActive: true });
    expect(await userRow(t, 'employee@demo.test')).toMatchObject({ isActive: true });
  });

  it('admin switches an admin off and on', async () => {
    const other = await insertPerson(t, null, 'second.admin@aipm.test', { role: 'admin' });
    const admin = await t.tokenFor('admin@demo.test');
    expect((await post(organisation.toggleAipmUser.admin, admin, { id: String(other.id), isActive: 'false' })).json().isActive).toBe(false);
    expect((await post(organisation.toggleAipmUser.aipm, admin, { id: String(other.id), isActive: 'true' })).json().isActive).toBe(true);
    expect((await post(organisation.toggleAipmUser.admin, admin, { id: '99999', isActive: 'true' })).statusCode).toBe(404);
    expect((await post(organisation.toggleAipmUser.admin, admin, { id: String(other.id) })).statusCode).toBe(400);
  });

  it('staff regenerate a staff member’s link but not an admin’s', async () => {
    const colleague = await insertPerson(t, null, 'colleague@aipm.test', { role: 'staff', status: 'registered' });
    const staff = await t.tokenFor('staff@demo.test');
    expect((await post(organisation.updateRegistrationCode.aipm, staff, { id: String(colleague.id) })).statusCode).toBe(204);
    expect((await post(organisation.updateRegistrationCode.aipm, staff, { id: String(await userId(t, 'admin@demo.test')) })).statusCode).toBe(403);
    await t.flushMail();
    expect(t.mail).toMatchObject([{ to: colleague.email, type: 'firstPassword' }]);
    expect((await setPassword(t, t.linkCode(colleague.email))).statusCode).toBe(204);
  });
});
