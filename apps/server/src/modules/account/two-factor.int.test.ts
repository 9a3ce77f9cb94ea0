import { account, erasure, organisation } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { SoftAuthenticator } from '../../../test/webauthn-authenticator.ts';
import { actionLog, recoveryCodes, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

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

/** The code an authenticator app shows now (the test's clock) for a secret. */
const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: t.clock.now().getTime() });
const WRONG = 'The code is incorrect or has already been used.';
const logActions = async (action: string) => t.database.db.select().from(actionLog).where(eq(actionLog.action, action));

/** Enrols a person: the secret and the recovery codes; the clock then moves on a step, as a person would. */
async function enrol(email: string) {
  const token = await t.tokenFor(email);
  const started = await t.api(account.startTwoFactor, undefined, token);
  expect(started.statusCode).toBe(200);
  const { secret } = started.json();
  const confirmed = await t.api(account.confirmTwoFactor, { code: codeFor(secret) }, token);
  expect(confirmed.statusCode).toBe(200);
  t.clock.advance(30_000);
  return { token, secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

const passwordStep = async (email: string) => {
  const res = await t.api(account.login, { email, password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json() as { twoFactorRequired?: true; challenge: string; token?: string };
};

describe('enrolment', () => {
  it('gives a key and a QR code, turns on with one code, and answers 10 recovery codes once', async () => {
    const token = await t.tokenFor('admin@demo.test');
    const withoutIt = async () => (await t.api(organisation.dashboard.admin, undefined, token)).json().staffWithoutSecondFactor;
    expect(await withoutIt()).toBe(2);
    expect((await t.api(account.getTwoFactor, undefined, token)).json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const started = (await t.api(account.startTwoFactor, undefined, token)).json();
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.uri).toBe(
      `otpauth://totp/AIPM%20Portal:admin%40demo.test?issuer=AIPM%20Portal&secret=${started.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(started.qr).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await t.api(account.confirmTwoFactor, { code: '000000' }, token, { headers: { 'accept-language': 'ru' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: 'Код неверен или уже был использован.' });
    expect((await t.api(account.getTwoFactor, undefined, token)).json().enabled).toBe(false);

    const confirmed = await t.api(account.confirmTwoFactor, { code: codeFor(started.secret) }, token);
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    // Only their hashes are kept, each salted as a password is (a code's 50 bits are too few for a plain hash).
    const stored = await t.database.db.select({ hash: recoveryCodes.codeHash }).from(recoveryCodes);
    expect(stored.map((r) => r.hash).some((h) => codes.some((c) => h.includes(c.replace('-', ''))))).toBe(false);
    for (const { hash } of stored) expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await t.api(account.getTwoFactor, undefined, token)).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(await withoutIt()).toBe(1);
    expect((await t.api(account.startTwoFactor, undefined, token)).json().message).toBe('Two-factor sign-in is already on.');

    await t.flushMail();
    expect(t.mail.map((m) => [m.to, m.subject])).toEqual([['admin@demo.test', 'Two-factor sign-in is on for your AIPM portal account']]);
    expect(await logActions('two_factor.enabled')).toHaveLength(1);
  });
});

describe('signing in with a second factor', () => {
  it('asks for a code after the password, opens a session with it, and takes a code once', async () => {
    const { secret } = await enrol('ceo@demo.test');
    const first = await passwordStep('ceo@demo.test');
    expect(first).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.token).toBeUndefined();

    const wrong = await t.api(account.loginTwoFactor, { challenge: first.challenge, code: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: WRONG });
    const code = codeFor(secret);
    const ok = await t.api(account.loginTwoFactor, { challenge: first.challenge, code: code.replace(/(\d{3})/, '$1 ') });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('ceo@demo.test');
    expect((await t.api(account.currentUser, undefined, ok.json().token)).statusCode).toBe(200);
    // The challenge is spent, and so is the code.
    expect((await t.api(account.loginTwoFactor, { challenge: first.challenge, code })).statusCode).toBe(401);
    const second = await passwordStep('ceo@demo.test');
    expect((await t.api(account.loginTwoFactor, { challenge: second.challenge, code })).json().fields).toEqual({ code: WRONG });
    t.clock.advance(30_000);
    expect((await t.api(account.loginTwoFactor, { challenge: second.challenge, code: codeFor(secret) })).statusCode).toBe(200);
    expect(await logActions('login.second_factor_failed')).toHaveLength(2);
  });

  it('locks the second step for the account after 5 wrong codes in 15 minutes', async () => {
    const { secret } = await enrol('trusted@demo.test');
    const { challenge } = await passwordStep('trusted@demo.test');
    for (let i = 0; i < 5; i++) expect((await t.api(account.loginTwoFactor, { challenge, code: `00000${i}` })).statusCode).toBe(400);
    const locked = await t.api(account.loginTwoFactor, { challenge, code: codeFor(secret) });
    expect(locked.statusCode).toBe(429);
    expect(await logActions('login.locked')).toEqual([expect.objectContaining({ domain: 'security', entityId: expect.any(Number) })]);
    // A new password step does not reset it.
    const again = await passwordStep('trusted@demo.test');
    expect((await t.api(account.loginTwoFactor, { challenge: again.challenge, code: codeFor(secret) })).statusCode).toBe(429);
    t.clock.advance(15 * 60_000);
    const later = await passwordStep('trusted@demo.test');
    expect((await t.api(account.loginTwoFactor, { challenge: later.challenge, code: codeFor(secret) })).statusCode).toBe(200);
  });

  it('takes each recovery code once', async () => {
    const { token, recoveryCodes: codes } = await enrol('employee@demo.test');
    const { challenge } = await passwordStep('employee@demo.test');
    const recovery = codes[3] ?? '';
    expect((await t.api(account.loginTwoFactor, { challenge, code: recovery.toLowerCase() })).statusCode).toBe(200);
    expect((await t.api(account.getTwoFactor, undefined, token)).json().recoveryCodesLeft).toBe(9);
    const next = await passwordStep('employee@demo.test');
    expect((await t.api(account.loginTwoFactor, { challenge: next.challenge, code: recovery })).json().fields).toEqual({ code: WRONG });
    expect(await logActions('recovery_code.used')).toHaveLength(1);
  });

  it('still takes a recovery code kept as SHA-256 before codes were salted', async () => {
    const { token } = await enrol('employee@demo.test');
    const [person] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'employee@demo.test'));
    await t.database.db.insert(recoveryCodes).values({ userId: person?.id ?? 0, codeHash: sha256('ABCDE23456') });
    const { challenge } = await passwordStep('employee@demo.test');
    expect((await t.api(account.loginTwoFactor, { challenge, code: 'abcde-23456' })).statusCode).toBe(200);
    expect((await t.api(account.getTwoFactor, undefined, token)).json().recoveryCodesLeft).toBe(10);
  });

  it('lets the second step take 5 minutes at most', async () => {
    const { secret } = await enrol('staff@demo.test');
    const { challenge } = await passwordStep('staff@demo.test');
    t.clock.advance(5 * 60_000 + 1000);
    const late = await t.api(account.loginTwoFactor, { challenge, code: codeFor(secret) }, undefined, { headers: { 'accept-language': 'ru' } });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('Время входа истекло. Войдите снова.');
  });
});

describe('turning it off', () => {
  it('needs the password and a code, and then the password alone signs in', async () => {
    const { token, secret } = await enrol('ceo@demo.test');
    // The outbox sends a run's messages side by side, in no set order: the "on" message goes out first.
    await t.flushMail();
    const sent = t.mail.length;
    const badPassword = await t.api(account.disableTwoFactor, { password: 'Wrong12345', code: codeFor(secret) }, token);
    expect(badPassword.json().fields).toEqual({ password: 'The current password is incorrect.' });
    expect((await t.api(account.disableTwoFactor, { password: DEMO_PASSWORD, code: '000000' }, token)).json().fields).toEqual({ code: WRONG });
    expect((await t.api(account.getTwoFactor, undefined, token)).json().enabled).toBe(true);

    expect((await t.api(account.disableTwoFactor, { password: DEMO_PASSWORD, code: codeFor(secret) }, token)).statusCode).toBe(204);
    expect((await passwordStep('ceo@demo.test')).token).toEqual(expect.any(String));
    expect(await t.database.db.select().from(recoveryCodes)).toHaveLength(0);
    await t.flushMail();
    expect(t.mail.slice(sent).map((m) => m.subject)).toContain('Two-factor sign-in is off for your AIPM portal account');
  });

  it('can be done by admin for a person who lost their device, logged and e-mailed to them', async () => {
    await enrol('trusted@demo.test');
    const [person] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'trusted@demo.test'));
    const admin = await t.tokenFor('admin@demo.test');
    expect((await t.api(account.resetTwoFactor, { id: person?.id ?? 0 }, admin)).statusCode).toBe(204);
    expect((await passwordStep('trusted@demo.test')).token).toEqual(expect.any(String));
    expect((await t.api(account.resetTwoFactor, { id: person?.id ?? 0 }, admin)).json().message).toBe('Two-factor sign-in is not on.');
    expect(await logActions('two_factor.reset')).toEqual([expect.objectContaining({ entityId: person?.id })]);
    await t.flushMail();
    expect(t.mail.filter((m) => m.to === 'trusted@demo.test').map((m) => m.subject)).toContain(
      'Two-factor sign-in is off for your AIPM portal account',
    );
  });
});

describe('roles that require it (REQUIRE_2FA_ROLES)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ REQUIRE_2FA_ROLES: 'admin,staff', PUBLIC_URL: 'https://portal.example.test' });
  });
  afterAll(async () => {
    await strict.close();
  });
  const strictLog = async (action: string) => strict.database.db.select().from(actionLog).where(eq(actionLog.action, action));

  it('lets such a person without a second factor do nothing but their own account and enrolment, and everything once enrolled', async () => {
    const login = await strict.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD });
    expect(login.json()).toMatchObject({ mustEnrol: true, user: { email: 'staff@demo.test' } });
    const token = login.json().token;
    const refused = await strict.api(organisation.companies.aipm, {}, token, { headers: { 'accept-language': 'ru' } });
    expect(refused.statusCode).toBe(428);
    expect(refused.json()).toEqual({
      code: 'TWO_FACTOR_REQUIRED',
      message: 'Для вашей роли нужен двухфакторный вход: включите его в профиле, чтобы продолжить.',
    });
    expect((await strict.api(account.currentUser, undefined, token)).json()).toMatchObject({ email: 'staff@demo.test', mustEnrol: true });
    expect((await strict.api(account.getTwoFactor, undefined, token)).json()).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
    // The person's own account too waits for the second factor: the password alone reads and changes nothing of it.
    const ownCalls = [
      strict.api(account.exportMyData, undefined, token),
      strict.api(account.changePassword, { currentPassword: DEMO_PASSWORD, newPassword: 'Stolen12345' } as never, token),
      strict.api(account.updateProfile, {} as never, token),
      strict.api(account.listSessions, undefined, token),
      strict.api(account.endOtherSessions, { password: DEMO_PASSWORD }, token),
      strict.api(account.sendOwnRestorePasswordEmail, undefined, token),
      strict.api(account.removePasskey, { id: 1 }, token),
      strict.api(account.disableTwoFactor, { password: DEMO_PASSWORD, code: '000000' }, token),
      strict.api(erasure.request, undefined, token),
    ];
    expect((await Promise.all(ownCalls)).map((r) => r.statusCode)).toEqual(ownCalls.map(() => 428));

    const { secret } = (await strict.api(account.startTwoFactor, undefined, token)).json();
    expect(
      (
        await strict.api(
          account.confirmTwoFactor,
          { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: strict.clock.now().getTime() }) },
          token,
        )
      ).statusCode,
    ).toBe(200);
    expect((await strict.api(organisation.companies.aipm, {}, token)).statusCode).toBe(200);
    expect((await strict.api(account.getTwoFactor, undefined, token)).json()).toMatchObject({ enabled: true, required: true });
    expect((await strict.api(account.currentUser, undefined, token)).json()).toMatchObject({ mustEnrol: false });
    expect((await strict.api(account.listSessions, undefined, token)).statusCode).toBe(200);
  });

  it('ends a session opened with the password alone when its owner enrols in another: the password never opens more', async () => {
    await strict.reset();
    const thief = (await strict.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD })).json().token;
    const owner = (await strict.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD })).json().token;
    const { secret } = (await strict.api(account.startTwoFactor, undefined, owner)).json();
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: strict.clock.now().getTime() });
    expect((await strict.api(account.confirmTwoFactor, { code }, owner)).statusCode).toBe(200);
    expect((await strict.api(organisation.companies.aipm, {}, owner)).statusCode).toBe(200);
    expect((await strict.api(organisation.companies.aipm, {}, thief)).statusCode).toBe(401);
    expect(await strictLog('two_factor.enabled')).toEqual([expect.objectContaining({ after: { ended: 1 } })]);
  });

  it('counts a sign-in with a passkey as two factors, while the password alone still asks for the app', async () => {
    await strict.reset();
    const gated = (await strict.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD })).json().token;
    const authenticator = new SoftAuthenticator('portal.example.test', 'https://portal.example.test');
    const options = (await strict.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, gated)).json();
    expect((await strict.api(account.registerPasskey, { name: 'Phone', response: authenticator.register(options) }, gated)).statusCode).toBe(200);

    const byPasskey = await strict.api(account.loginPasskey, {
      response: authenticator.authenticate((await strict.api(account.startPasskeyLogin)).json()),
    });
    expect(byPasskey.json()).toMatchObject({ mustEnrol: false, user: { email: 'staff@demo.test' } });
    expect((await strict.api(organisation.companies.aipm, {}, byPasskey.json().token)).statusCode).toBe(200);

    const byPassword = await strict.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD });
    expect(byPassword.json().mustEnrol).toBe(true);
    expect((await strict.api(organisation.companies.aipm, {}, byPassword.json().token)).statusCode).toBe(428);
    // Enrolled in it, the session that registered the passkey has every right.
    expect((await strict.api(organisation.companies.aipm, {}, gated)).statusCode).toBe(200);
    // The password alone cannot add a factor of its own to an account that has one.
    const added = await strict.api(account.startTwoFactor, undefined, byPassword.json().token);
    expect([added.statusCode, added.json().message]).toEqual([
      409,
      'You already have a second factor (a passkey or an app): sign in with it to add another.',
    ]);
    const another = await strict.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, byPassword.json().token);
    expect([another.statusCode, another.json().code]).toEqual([409, 'SECOND_FACTOR_TO_ADD']);
  });

  it('does not confirm, with the password alone, an app started before the account got a passkey', async () => {
    await strict.reset();
    const thief = (await strict.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD })).json().token;
    const { secret } = (await strict.api(account.startTwoFactor, undefined, thief)).json();
    // The owner adds a passkey: the thief's session, opened with the password alone, ends.
    const owner = (await strict.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD })).json().token;
    const authenticator = new SoftAuthenticator('portal.example.test', 'https://portal.example.test');
    const options = (await strict.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, owner)).json();
    expect((await strict.api(account.registerPasskey, { name: 'Phone', response: authenticator.register(options) }, owner)).statusCode).toBe(200);
    expect((await strict.api(account.currentUser, undefined, thief)).statusCode).toBe(401);
    expect(await strictLog('passkey.added')).toEqual([expect.objectContaining({ after: { name: 'Phone', ended: 1 } })]);
    // Back with the password alone, the secret kept from before confirms nothing.
    const again = (await strict.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD })).json().token;
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: strict.clock.now().getTime() });
    const refused = await strict.api(account.confirmTwoFactor, { code }, again);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'SECOND_FACTOR_TO_ADD']);
    expect((await strict.api(organisation.companies.aipm, {}, again)).statusCode).toBe(428);
    // The admin's overview counts a passkey as a second factor: of admin and staff, only admin is left without one.
    expect(await strict.app.services.accounts.staffWithoutSecondFactor()).toBe(1);
  });

  it('lets admin take away a lost passkey too: a person whose role requires a second factor then enrols again', async () => {
    await strict.reset();
    const gated = (await strict.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD })).json().token;
    const authenticator = new SoftAuthenticator('portal.example.test', 'https://portal.example.test');
    const options = (await strict.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, gated)).json();
    expect((await strict.api(account.registerPasskey, { name: 'Lost phone', response: authenticator.register(options) }, gated)).statusCode).toBe(
      200,
    );
    const [staff] = await strict.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@demo.test'));
    // Admin signs in with a passkey of their own (their role requires a second factor too) and resets the staff member's.
    const adminKey = new SoftAuthenticator('portal.example.test', 'https://portal.example.test');
    const adminGated = (await strict.api(account.login, { email: 'admin@demo.test', password: DEMO_PASSWORD })).json().token;
    const adminOptions = (await strict.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, adminGated)).json();
    await strict.api(account.registerPasskey, { name: 'Admin key', response: adminKey.register(adminOptions) }, adminGated);
    expect((await strict.api(account.resetTwoFactor, { id: staff?.id ?? 0 }, adminGated)).statusCode).toBe(204);
    expect(await strictLog('two_factor.reset')).toEqual([expect.objectContaining({ after: { app: false, passkeysRemoved: 1 } })]);
    // The lost passkey signs nobody in, and its session is back to the password alone; the password enrols again.
    const lost = await strict.api(account.loginPasskey, {
      response: authenticator.authenticate((await strict.api(account.startPasskeyLogin)).json()),
    });
    expect(lost.statusCode).toBe(400);
    expect((await strict.api(organisation.companies.aipm, {}, gated)).statusCode).toBe(428);
    const again = (await strict.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD })).json().token;
    expect((await strict.api(account.startTwoFactor, undefined, again)).statusCode).toBe(200);
    // Nothing left to reset: said so.
    const twice = await strict.api(account.resetTwoFactor, { id: staff?.id ?? 0 }, adminGated);
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'Two-factor sign-in is not on.']);
  });

  it('leaves the other roles as they are', async () => {
    const login = await strict.api(account.login, { email: 'ceo@demo.test', password: DEMO_PASSWORD });
    expect(login.json().mustEnrol).toBe(false);
    expect((await strict.api(organisation.companyUsers.ceo, {}, login.json().token)).statusCode).toBe(200);
  });
});
