import { account, organisation, survey } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { actionLog, companies, signupRequests, users } from '../../db/schema/index.ts';

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

const INCORRECT = 'Incorrect login or password.';
const LINK_INVALID = 'The link you followed is invalid or has expired.';
const signupForm = (over: Record<string, string> = {}) => ({
  company: 'Acme Pharma',
  name: 'Ivan',
  surname: 'Petrov',
  position: 'Medical Director',
  phone: '+7 (495) 123-45-67',
  email: 'ivan.petrov@acme.test',
  consent: 'on',
  ...over,
});
const logActions = async (action: string) => t.database.db.select().from(actionLog).where(eq(actionLog.action, action));

describe('login and session', () => {
  it('logs in with a form or JSON and answers the token and the user', async () => {
    const form = await t.api(account.login, { email: 'CEO@demo.test', password: DEMO_PASSWORD });
    expect(form.statusCode).toBe(200);
    expect(form.json().user).toMatchObject({ email: 'ceo@demo.test', role: 'ceo', company: { name: 'Demo Pharma' } });
    expect(form.json().user).not.toHaveProperty('passwordHash');
    const json = await t.call('POST', '/api/login', { json: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
    expect(json.statusCode).toBe(200);
    const me = await t.api(account.currentUser, undefined, json.json().token);
    expect(me.json()).toMatchObject({ email: 'admin@demo.test', role: 'admin', company: null });
    expect(await logActions('login')).toHaveLength(2);
  });

  it('refuses every kind of bad login with the same 401', async () => {
    const db = t.database.db;
    await db.update(users).set({ isActive: false }).where(eq(users.email, 'employee@demo.test'));
    await db.update(users).set({ passwordHash: null }).where(eq(users.email, 'trusted@demo.test'));
    const attempts = [
      { email: 'admin@demo.test', password: 'Wrong12345' },
      { email: 'nobody@demo.test', password: DEMO_PASSWORD },
      { email: 'employee@demo.test', password: DEMO_PASSWORD },
      { email: 'trusted@demo.test', password: DEMO_PASSWORD },
    ];
    for (const form of attempts) {
      const res = await t.api(account.login, form);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'BAD_CREDENTIALS', message: INCORRECT });
    }
    expect(await logActions('login.failed')).toHaveLength(4);
  });

  it('refuses a person of an inactive company and ends their live sessions', async () => {
    const token = await t.login('ceo@demo.test');
    await t.database.db.update(companies).set({ isActive: false }).where(eq(companies.name, 'Demo Pharma'));
    expect((await t.api(account.currentUser, undefined, token)).statusCode).toBe(401);
    const res = await t.api(account.login, { email: 'ceo@demo.test', password: DEMO_PASSWORD });
    expect(res.json().message).toBe(INCORRECT);
  });

  it('answers 401 without a token, with a forged one, and after logout', async () => {
    expect((await t.api(account.currentUser)).json()).toEqual({ code: 'UNAUTHORIZED', message: 'Authorization error.' });
    expect((await t.api(account.currentUser, undefined, 'forged')).statusCode).toBe(401);
    const token = await t.login('staff@demo.test');
    expect((await t.api(account.logout, undefined, token)).statusCode).toBe(204);
    expect((await t.api(account.currentUser, undefined, token)).statusCode).toBe(401);
  });

  it('expires sessions', async () => {
    const token = await t.login('employee@demo.test');
    t.clock.advance(31 * 24 * 3_600_000);
    expect((await t.api(account.currentUser, undefined, token)).statusCode).toBe(401);
  });

  it('limits failed logins per e-mail, known or not, with a localised 429, and lets them pass after the window', async () => {
    for (let i = 0; i < 10; i++) {
      await t.api(account.login, { email: 'admin@demo.test', password: `Wrong${i}` });
    }
    const blocked = await t.api(account.login, { email: 'admin@demo.test', password: DEMO_PASSWORD }, undefined, {
      headers: { 'accept-language': 'ru' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Слишком много попыток. Повторите через 15 минут.');
    expect((await t.api(account.login, { email: 'admin@demo.test', password: DEMO_PASSWORD })).statusCode).toBe(429);
    // The lockout is in the security log under the person, with the address it came from.
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
    expect(await logActions('login.locked')).toEqual([
      expect.objectContaining({ domain: 'security', entityId: admin!.id, after: { email: 'admin@demo.test' }, ip: '127.0.0.1' }),
    ]);
    const other = await t.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD });
    expect(other.statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1);
    expect((await t.api(account.login, { email: 'admin@demo.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('checks and counts a login attempt in one step: of 25 parallel wrong passwords exactly 10 are tried', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 25 }, (_, i) => t.api(account.login, { email: 'admin@demo.test', password: `Wrong${i}` })),
    );
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await logActions('login.failed')).toHaveLength(10);
  });

  it('lets a browser that signed in before still sign in while strangers have locked its e-mail (a device cookie)', async () => {
    const login = (email: string, password: string, device?: string) =>
      t.api(account.login, { email, password }, undefined, { headers: device ? { cookie: `device=${device}` } : {} });
    const deviceOf = (res: { headers: Record<string, unknown> }) => {
      const header = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('device='));
      return header ? String(header) : undefined;
    };
    const cookie = deviceOf(await login('admin@demo.test', DEMO_PASSWORD));
    expect(cookie).toMatch(/^device=[\w-]+; Max-Age=31536000; Path=\/api\/login; HttpOnly; SameSite=Lax$/);
    const device = cookie?.split(';')[0]?.slice('device='.length) ?? '';
    const ceoDevice = deviceOf(await login('ceo@demo.test', DEMO_PASSWORD))
      ?.split(';')[0]
      ?.slice('device='.length);

    for (let i = 0; i < 10; i++) expect((await login('admin@demo.test', `Wrong${i}`)).statusCode).toBe(401);
    expect((await login('admin@demo.test', DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await login('admin@demo.test', DEMO_PASSWORD, 'forged-token')).statusCode).toBe(429);
    expect((await login('admin@demo.test', DEMO_PASSWORD, ceoDevice)).statusCode).toBe(429);
    const owner = await login('admin@demo.test', DEMO_PASSWORD, device);
    expect(owner.statusCode).toBe(200);
    expect(deviceOf(owner)).toBeUndefined();

    // The device's own counter still stops guessing from it.
    for (let i = 0; i < 10; i++) expect((await login('admin@demo.test', `Wrong${i}`, device)).statusCode).toBe(401);
    expect((await login('admin@demo.test', DEMO_PASSWORD, device)).statusCode).toBe(429);
  });

  it('answers the login, the user and every API call with Cache-Control: no-store', async () => {
    const login = await t.api(account.login, { email: 'ceo@demo.test', password: DEMO_PASSWORD });
    expect(login.headers['cache-control']).toBe('no-store');
    const token = login.json().token;
    expect((await t.api(account.currentUser, undefined, token)).headers['cache-control']).toBe('no-store');
    expect((await t.api(organisation.companyUsers.ceo, undefined, token)).headers['cache-control']).toBe('no-store');
    expect((await t.call('POST', '/api/login', { form: { email: 'x' } })).headers['cache-control']).toBe('no-store');
  });

  it('limits failed logins per address and never counts successes', async () => {
    for (let i = 0; i < 12; i++) await t.login('employee@demo.test');
    for (let i = 0; i < 30; i++) {
      await t.api(account.login, { email: `nobody${i}@demo.test`, password: 'Wrong12345' });
    }
    const res = await t.api(account.login, { email: 'ceo@demo.test', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
  });

  it('validates the login form', async () => {
    const res = await t.api(account.login, { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Please enter a valid e-mail.', password: 'You must enter a value.' });
  });
});

describe('languages', () => {
  it('answers in the cookie language, else Accept-Language', async () => {
    const ru = await t.api(account.currentUser, undefined, undefined, { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(ru.json().message).toBe('Ошибка авторизации.');
    const cookie = await t.api(account.currentUser, undefined, undefined, { headers: { 'accept-language': 'ru', cookie: 'locale=en' } });
    expect(cookie.json().message).toBe('Authorization error.');
    const other = await t.api(account.currentUser, undefined, undefined, { headers: { 'accept-language': 'de-DE' } });
    expect(other.json().message).toBe('Authorization error.');
  });

  it('saves the chosen language and restores it at the next login; a choice on the login page wins', async () => {
    const token = await t.login('employee@demo.test');
    expect((await t.api(account.setLocale, { locale: 'ru' }, token)).statusCode).toBe(204);
    const again = await t.api(account.login, { email: 'employee@demo.test', password: DEMO_PASSWORD });
    expect(again.json().user.locale).toBe('ru');
    const chosen = await t.api(account.login, { email: 'employee@demo.test', password: DEMO_PASSWORD }, undefined, {
      headers: { cookie: 'locale=en' },
    });
    expect(chosen.json().user.locale).toBe('en');
    expect((await t.call('POST', '/api/user/setLocale', { token, json: { locale: 'de' } })).statusCode).toBe(400);
  });
});

describe('signup', () => {
  it('creates a request for a moderator and confirms by e-mail', async () => {
    const res = await t.api(account.signup, signupForm());
    expect(res.statusCode).toBe(202);
    const [request] = await t.database.db.select().from(signupRequests);
    expect(request).toMatchObject({ email: 'ivan.petrov@acme.test', company: 'Acme Pharma', status: 'new', locale: 'en' });
    await t.flushMail();
    expect(t.mail).toMatchObject([{ to: 'ivan.petrov@acme.test', type: 'signupReceived' }]);
    expect(t.mail[0]?.text).toContain('Acme Pharma');
  });

  it('answers an existing account the same way and tells its owner by e-mail', async () => {
    const res = await t.api(account.signup, signupForm({ email: 'ceo@demo.test' }), undefined, { headers: { 'accept-language': 'ru' } });
    expect(res.statusCode).toBe(202);
    expect(await t.database.db.select().from(signupRequests)).toHaveLength(0);
    await t.flushMail();
    expect(t.mail).toMatchObject([{ to: 'ceo@demo.test', type: 'signupExisting' }]);
    expect(t.mail[0]?.subject).toBe('С вашей эл. почтой запросили доступ к порталу');
  });

  it('gives a message per field and saves nothing', async () => {
    const res = await t.api(account.signup, {
      company: ' ',
      name: 'Ivan',
      surname: 'Petrov',
      position: 'Директор',
      phone: '12-34',
      email: 'ivan@',
      consent: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      company: 'You must enter a value.',
      position: 'Use Latin characters only.',
      phone: 'Please enter a valid phone number.',
      email: 'Please enter a valid e-mail.',
      consent: 'You must agree to the processing of personal data.',
    });
    const ru = await t.api(account.signup, { ...signupForm(), name: '' }, undefined, { headers: { cookie: 'locale=ru' } });
    expect(ru.json().fields).toEqual({ name: 'Необходимо заполнить поле.' });
    expect(await t.database.db.select().from(signupRequests)).toHaveLength(0);
  });

  it('limits requests to 5 per e-mail an hour', async () => {
    for (let i = 0; i < 5; i++) expect((await t.api(account.signup, signupForm())).statusCode).toBe(202);
    expect((await t.api(account.signup, signupForm())).statusCode).toBe(429);
    t.clock.advance(60 * 60_000 + 1);
    expect((await t.api(account.signup, signupForm())).statusCode).toBe(202);
  });
});

describe('password reset', () => {
  const resetLink = async (email: string) => {
    expect((await t.api(account.sendRestorePasswordEmail, { email })).statusCode).toBe(202);
    await t.flushMail();
    return t.linkCode(email);
  };

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await t.api(account.sendRestorePasswordEmail, { email: 'nobody@demo.test' });
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    await t.flushMail();
    expect(t.mail).toHaveLength(0);
  });

  it('sets a new password once from the link and ends every session', async () => {
    const token = await t.login('employee@demo.test');
    const code = await resetLink('employee@demo.test');
    expect(t.mail[0]?.text).toContain('http://127.0.0.1:3000/reset-password?code=');
    const who = await t.api(account.getUserByRegistrationCode, { registrationCode: code });
    expect(who.json()).toEqual({ email: 'employee@demo.test', name: 'Egor', surname: 'Sotrudnikov', purpose: 'reset' });

    const mismatch = await t.api(account.setPasswordByCode, { registrationCode: code, password: 'NewPass123', passwordConfirmation: 'NewPass124' });
    expect(mismatch.json().fields).toEqual({ passwordConfirmation: 'Passwords do not match.' });
    const weak = await t.api(account.setPasswordByCode, { registrationCode: code, password: 'short', passwordConfirmation: 'short' });
    expect(weak.json().fields.password).toBe('The password must be at least 8 characters long.');
    const same = await t.api(
      account.setPasswordByCode,
      { registrationCode: code, password: DEMO_PASSWORD, passwordConfirmation: DEMO_PASSWORD },
      undefined,
      { headers: { 'accept-language': 'ru' } },
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({ password: 'Новый пароль должен отличаться от текущего.' });
    expect((await t.api(account.currentUser, undefined, token)).statusCode).toBe(200);

    const ok = await t.api(account.setPasswordByCode, { registrationCode: code, password: 'NewPass123', passwordConfirmation: 'NewPass123' });
    expect(ok.statusCode).toBe(204);
    expect((await t.api(account.currentUser, undefined, token)).statusCode).toBe(401);
    await t.login('employee@demo.test', 'NewPass123');

    const again = await t.api(account.setPasswordByCode, { registrationCode: code, password: 'Other1234', passwordConfirmation: 'Other1234' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(LINK_INVALID);
    expect((await t.api(account.getUserByRegistrationCode, { registrationCode: code })).json().message).toBe(LINK_INVALID);
    expect(await logActions('password.reset')).toHaveLength(1);
  });

  it('expires the link after 2 hours and refuses a forged one', async () => {
    const code = await resetLink('ceo@demo.test');
    t.clock.advance(2 * 3_600_000 + 1);
    expect((await t.api(account.getUserByRegistrationCode, { registrationCode: code })).statusCode).toBe(400);
    const forged = await t.api(account.getUserByRegistrationCode, { registrationCode: 'abc' }, undefined, { headers: { 'accept-language': 'ru' } });
    expect(forged.json().message).toBe('Ссылка, по которой вы перешли, недействительна или устарела.');
  });

  it('retires an older link when a newer one is sent', async () => {
    const first = await resetLink('ceo@demo.test');
    const second = await resetLink('ceo@demo.test');
    expect(first).not.toBe(second);
    expect((await t.api(account.getUserByRegistrationCode, { registrationCode: first })).statusCode).toBe(400);
    expect((await t.api(account.getUserByRegistrationCode, { registrationCode: second })).statusCode).toBe(200);
  });

  it('lets a logged-in user e-mail themselves the link', async () => {
    const token = await t.tokenFor('trusted@demo.test');
    expect((await t.api(account.sendOwnRestorePasswordEmail, undefined, token)).statusCode).toBe(202);
    await t.flushMail();
    expect(t.mail).toMatchObject([{ to: 'trusted@demo.test', type: 'resetPassword' }]);
  });

  it('sets the first password of an approved applicant from a 7-day link, making them Joined', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ email: 'new@demo.test', name: 'Nina', surname: 'Novikova', role: 'employee', companyId: 1, status: 'registered' })
      .returning();
    await t.database.db.transaction((tx) =>
      t.app.services.accounts.issueLink(tx, { id: user!.id, name: 'Nina', email: 'new@demo.test', locale: 'ru' }, 'first', t.clock.now()),
    );
    await t.flushMail();
    expect(t.mail[0]?.subject).toBe('Добро пожаловать на портал членов AIPM');
    const code = t.linkCode('new@demo.test');
    t.clock.advance(6 * 24 * 3_600_000);
    expect((await t.api(account.getUserByRegistrationCode, { registrationCode: code })).json().purpose).toBe('first');
    const res = await t.api(account.setPasswordByCode, { registrationCode: code, password: 'First1234', passwordConfirmation: 'First1234' });
    expect(res.statusCode).toBe(204);
    const [after] = await t.database.db.select().from(users).where(eq(users.email, 'new@demo.test'));
    expect(after?.status).toBe('joined');
  });

  it('limits reset requests per e-mail', async () => {
    for (let i = 0; i < 5; i++) await t.api(account.sendRestorePasswordEmail, { email: 'ceo@demo.test' });
    expect((await t.api(account.sendRestorePasswordEmail, { email: 'ceo@demo.test' })).statusCode).toBe(429);
  });

  it('counts the logged-in "send me a reset link" towards the same per-account limit', async () => {
    const token = await t.tokenFor('ceo@demo.test');
    for (let i = 0; i < 3; i++) expect((await t.api(account.sendOwnRestorePasswordEmail, undefined, token)).statusCode).toBe(202);
    for (let i = 0; i < 2; i++) expect((await t.api(account.sendRestorePasswordEmail, { email: 'ceo@demo.test' })).statusCode).toBe(202);
    const over = await t.api(account.sendOwnRestorePasswordEmail, undefined, token);
    expect(over.statusCode).toBe(429);
    await t.flushMail();
    expect(t.mail.filter((m) => m.to === 'ceo@demo.test')).toHaveLength(5);
  });
});

describe('profile', () => {
  it('changes the password after checking the current one and ends the other sessions', async () => {
    const current = await t.login('ceo@demo.test');
    const other = await t.login('ceo@demo.test');
    const wrong = await t.api(
      account.changePassword,
      { currentPassword: 'Nope12345', password: 'Better123', passwordConfirmation: 'Better123' },
      current,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'The current password is incorrect.' });
    const same = await t.api(
      account.changePassword,
      { currentPassword: DEMO_PASSWORD, password: DEMO_PASSWORD, passwordConfirmation: DEMO_PASSWORD },
      current,
    );
    expect(same.json().fields).toEqual({ password: 'The new password must differ from the current one.' });
    const mismatch = await t.api(
      account.changePassword,
      { currentPassword: DEMO_PASSWORD, password: 'Better123', passwordConfirmation: 'Better12' },
      current,
    );
    expect(mismatch.json().fields).toEqual({ passwordConfirmation: 'Passwords do not match.' });
    const noDigits = await t.api(
      account.changePassword,
      { currentPassword: DEMO_PASSWORD, password: 'BetterPass', passwordConfirmation: 'BetterPass' },
      current,
    );
    expect(noDigits.json().fields).toEqual({ password: 'The password must contain digits, upper-case and lower-case letters.' });

    const ok = await t.api(
      account.changePassword,
      { currentPassword: DEMO_PASSWORD, password: 'Better123', passwordConfirmation: 'Better123' },
      current,
    );
    expect(ok.statusCode).toBe(204);
    expect((await t.api(account.currentUser, undefined, current)).statusCode).toBe(200);
    expect((await t.api(account.currentUser, undefined, other)).statusCode).toBe(401);
    await t.login('ceo@demo.test', 'Better123');
    expect(await logActions('password.changed')).toHaveLength(1);
  });

  it('counts wrong current passwords on the account as the login does: a session left open cannot guess the password', async () => {
    const token = await t.tokenFor('ceo@demo.test');
    const change = (currentPassword: string) =>
      t.api(account.changePassword, { currentPassword, password: 'Better123', passwordConfirmation: 'Better123' }, token);
    for (let i = 0; i < 10; i++) expect((await change(`Guess${i}abc`)).statusCode).toBe(400);
    // The eleventh try is refused before the password is checked, the right one too, and the lockout is logged.
    const locked = await change(DEMO_PASSWORD);
    expect([locked.statusCode, locked.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect((await t.api(account.disableTwoFactor, { password: DEMO_PASSWORD, code: '000000' }, token)).statusCode).toBe(429);
    expect((await t.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, token)).statusCode).toBe(429);
    expect(await logActions('login.locked')).toHaveLength(1);
    t.clock.advance(15 * 60_000 + 1);
    expect((await change(DEMO_PASSWORD)).statusCode).toBe(204);
  });

  it('takes back a right current password: only wrong ones count', async () => {
    const token = await t.tokenFor('ceo@demo.test');
    for (let i = 0; i < 12; i++) {
      expect((await t.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, token)).statusCode).toBe(200);
    }
  });

  it('updates the information with reference lists and logs before and after', async () => {
    const token = await t.tokenFor('employee@demo.test');
    const regions = (await t.api(survey.getRegions, undefined, token)).json();
    const groups = (await t.api(survey.getJobGroups, undefined, token)).json();
    expect(regions[0]).toEqual({ id: expect.any(Number), nameEn: 'Moscow', nameRu: 'Москва' });
    expect(groups.length).toBeGreaterThan(5);
    const res = await t.call('POST', '/api/update', {
      token,
      form: {
        name: 'Egor',
        surname: 'Smirnov',
        position: 'Senior Medical Advisor',
        phone: '+44 20 7946 0958',
        regionId: String(regions[1].id),
        jobGroupId: String(groups[3].id),
        companyId: '999',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ surname: 'Smirnov', regionId: regions[1].id, jobGroupId: groups[3].id, company: { name: 'Demo Pharma' } });
    const [entry] = await t.database.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'profile.updated')));
    expect(entry?.before).toMatchObject({ surname: 'Sotrudnikov' });
    expect(entry?.after).toMatchObject({ surname: 'Smirnov' });
  });

  it('refuses bad information and changes nothing', async () => {
    const token = await t.tokenFor('employee@demo.test');
    const res = await t.api(account.updateProfile, { name: '', surname: 'X', position: 'Врач', phone: '123', regionId: '99999' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'You must enter a value.',
      position: 'Use Latin characters only.',
      phone: 'Please enter a valid phone number.',
    });
    const badRef = await t.api(account.updateProfile, { name: 'E', surname: 'S', position: 'P', phone: '+71234567890', regionId: '99999' }, token);
    expect(badRef.json().fields).toEqual({ regionId: 'Invalid value.' });
    const me = await t.api(account.currentUser, undefined, token);
    expect(me.json().surname).toBe('Sotrudnikov');
  });
});
