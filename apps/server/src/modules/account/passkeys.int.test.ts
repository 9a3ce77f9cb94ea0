import { account } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { SoftAuthenticator } from '../../../test/webauthn-authenticator.ts';
import { actionLog, passkeys, twoFactors, users, webauthnChallenges } from '../../db/schema/index.ts';

const PUBLIC_URL = 'https://portal.example.test';
const RP_ID = 'portal.example.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
beforeEach(async () => {
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

const logActions = async (action: string) => t.database.db.select().from(actionLog).where(eq(actionLog.action, action));
const ru = { headers: { 'accept-language': 'ru' } };

/** Registers a passkey for the person with a new software authenticator; answers the authenticator and the session used. */
async function register(email: string, name = 'Work laptop') {
  const token = await t.tokenFor(email);
  const authenticator = new SoftAuthenticator(RP_ID, PUBLIC_URL);
  const options = (await t.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, token)).json();
  const res = await t.api(account.registerPasskey, { name, response: authenticator.register(options) }, token);
  expect(res.statusCode).toBe(200);
  return { token, authenticator, passkey: res.json() as { id: number; name: string } };
}

const loginOptions = async () => {
  const res = await t.api(account.startPasskeyLogin);
  expect(res.statusCode).toBe(200);
  return res.json() as { challenge: string };
};

describe('registering a passkey', () => {
  it('asks for the password again first: a session alone cannot add one', async () => {
    const token = await t.tokenFor('employee@demo.test');
    const wrong = await t.api(account.startPasskeyRegistration, { password: 'Wrong12345' }, token, ru);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', fields: { password: expect.stringMatching(/[а-я]/) } });
    expect(await logActions('passkey.added')).toEqual([]);
  });

  it('asks the browser for a discoverable credential on PUBLIC_URL, saves it under its name, logs it and e-mails the person', async () => {
    const token = await t.tokenFor('employee@demo.test');
    const options = (await t.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, token)).json();
    expect(options).toMatchObject({
      rp: { id: RP_ID, name: 'AIPM Portal' },
      user: { name: 'employee@demo.test' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      excludeCredentials: [],
    });
    // Only the challenge's hash is kept.
    const [stored] = await t.database.db.select().from(webauthnChallenges);
    expect(stored).toMatchObject({ purpose: 'register', expiresAt: new Date(t.clock.now().getTime() + 5 * 60_000) });
    expect(stored?.challengeHash).not.toContain(options.challenge);

    const authenticator = new SoftAuthenticator(RP_ID, PUBLIC_URL);
    const res = await t.api(account.registerPasskey, { name: 'Work laptop', response: authenticator.register(options) }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Work laptop', createdAt: t.clock.now().toISOString(), lastUsedAt: null });
    expect((await t.api(account.listPasskeys, undefined, token)).json()).toEqual([res.json()]);
    const [row] = await t.database.db.select().from(passkeys);
    expect(row).toMatchObject({ credentialId: authenticator.id, counter: 1, transports: 'internal' });
    expect(await logActions('passkey.added')).toEqual([expect.objectContaining({ domain: 'security', after: { name: 'Work laptop' } })]);

    await t.flushMail();
    const [mail] = t.mail;
    expect(mail?.to).toBe('employee@demo.test');
    expect(mail?.subject).toBe('A passkey was added to your AIPM portal account');
    expect(mail?.text).toContain('“Work laptop”');
    expect(mail?.text).toContain(`If you did not add it, remove it in your profile at once`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/profile`);

    // The person's data export lists it by name and dates, never the key.
    const [person] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'employee@demo.test'));
    const data = await t.app.services.personalData.collect(person?.id ?? 0);
    expect(data.passkeys).toEqual([{ name: 'Work laptop', createdAt: t.clock.now().toISOString(), lastUsedAt: null }]);
    expect(JSON.stringify(data)).not.toContain(row?.publicKey);

    // The next registration tells the browser not to make a second passkey on the same authenticator.
    const next = (await t.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, token)).json();
    expect(next.excludeCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
  });

  it('refuses an answer for another origin, a challenge used twice and one of another person, and saves nothing', async () => {
    const token = await t.tokenFor('ceo@demo.test');
    const authenticator = new SoftAuthenticator(RP_ID, PUBLIC_URL);
    const options = (await t.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, token)).json();
    const phished = await t.api(
      account.registerPasskey,
      { name: 'Key', response: authenticator.register(options, { origin: 'https://portal.example.evil' }) },
      token,
      ru,
    );
    expect(phished.statusCode).toBe(400);
    expect(phished.json()).toEqual({
      code: 'PASSKEY_INVALID',
      message: 'Не удалось проверить ключ доступа. Попробуйте снова или войдите с паролем.',
    });
    // The challenge was spent by the refused attempt.
    const again = await t.api(account.registerPasskey, { name: 'Key', response: authenticator.register(options) }, token);
    expect(again.json()).toMatchObject({
      code: 'PASSKEY_EXPIRED',
      message: 'The passkey request has expired or was already used. Please try again.',
    });
    // Another person's challenge is not this person's.
    const other = (await t.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, await t.tokenFor('trusted@demo.test'))).json();
    expect((await t.api(account.registerPasskey, { name: 'Key', response: authenticator.register(other) }, token)).json().code).toBe(
      'PASSKEY_EXPIRED',
    );
    // A late answer.
    const late = (await t.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, token)).json();
    t.clock.advance(5 * 60_000 + 1000);
    expect((await t.api(account.registerPasskey, { name: 'Key', response: authenticator.register(late) }, token)).json().code).toBe(
      'PASSKEY_EXPIRED',
    );
    expect(await t.database.db.select().from(passkeys)).toHaveLength(0);
  });

  it('answers malformed input with a 400, never a 500', async () => {
    const token = await t.tokenFor('staff@demo.test');
    const options = (await t.api(account.startPasskeyRegistration, { password: DEMO_PASSWORD }, token)).json();
    const good = new SoftAuthenticator(RP_ID, PUBLIC_URL).register(options);
    const garbage = {
      ...good,
      response: { ...good.response, attestationObject: 'AAAA', clientDataJSON: Buffer.from('{"challenge":1}').toString('base64url') },
    };
    expect((await t.api(account.registerPasskey, { name: 'Key', response: garbage }, token)).json().code).toBe('PASSKEY_INVALID');
    const res = await t.call('POST', '/api/user/passkeys/register', { token, json: { name: 'Key', response: { id: 'not base64!' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('signing in with a passkey', () => {
  it('opens a session with the passkey alone (no password, no code), records its use and logs it', async () => {
    const { authenticator, token } = await register('trusted@demo.test');
    const options = await loginOptions();
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(options).not.toHaveProperty('allowCredentials');
    t.clock.advance(60_000);
    const res = await t.api(account.loginPasskey, { response: authenticator.authenticate(options) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { email: 'trusted@demo.test' }, mustEnrol: false });
    expect(res.headers['set-cookie']).toEqual(expect.stringContaining('device='));
    expect((await t.api(account.currentUser, undefined, res.json().token)).json().email).toBe('trusted@demo.test');
    expect((await t.api(account.listPasskeys, undefined, token)).json()).toEqual([
      expect.objectContaining({ name: 'Work laptop', lastUsedAt: t.clock.now().toISOString() }),
    ]);
    expect(await logActions('login.passkey')).toEqual([expect.objectContaining({ domain: 'security', after: { name: 'Work laptop' } })]);
    expect(await logActions('login')).toHaveLength(1);
  });

  it('needs no second step even when two-factor sign-in is on', async () => {
    const { authenticator } = await register('admin@demo.test');
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
    const now = t.clock.now();
    await t.database.db.insert(twoFactors).values({ userId: admin?.id ?? 0, secret: 'JBSWY3DPEHPK3PXP', createdAt: now, confirmedAt: now });
    expect((await t.api(account.login, { email: 'admin@demo.test', password: DEMO_PASSWORD })).json().twoFactorRequired).toBe(true);
    const res = await t.api(account.loginPasskey, { response: authenticator.authenticate(await loginOptions()) });
    expect(res.json()).toMatchObject({ token: expect.any(String), mustEnrol: false });
  });

  it('refuses a replayed counter, another origin, a challenge used twice and an unknown passkey, each clearly, and opens nothing', async () => {
    const { authenticator } = await register('employee@demo.test');
    const first = await loginOptions();
    expect((await t.api(account.loginPasskey, { response: authenticator.authenticate(first, { counter: 5 }) })).statusCode).toBe(200);

    // The same counter again (a replayed or cloned authenticator), on a fresh challenge.
    const replayed = await t.api(account.loginPasskey, { response: authenticator.authenticate(await loginOptions(), { counter: 5 }) }, undefined, ru);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({
      code: 'PASSKEY_REPLAYED',
      message:
        'Ответ этого ключа доступа уже использовался (его счётчик не вырос), поэтому вход отклонён. Войдите с паролем; если это были не вы, удалите ключ доступа в профиле.',
    });
    const lower = await t.api(account.loginPasskey, { response: authenticator.authenticate(await loginOptions(), { counter: 3 }) });
    expect(lower.json().code).toBe('PASSKEY_REPLAYED');

    const phished = await t.api(account.loginPasskey, {
      response: authenticator.authenticate(await loginOptions(), { origin: 'https://portal-example.evil' }),
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json()).toEqual({
      code: 'PASSKEY_INVALID',
      message: 'This passkey could not be verified. Try again or sign in with your password.',
    });

    const unverified = await t.api(account.loginPasskey, { response: authenticator.authenticate(await loginOptions(), { userVerified: false }) });
    expect(unverified.json().code).toBe('PASSKEY_INVALID');

    const options = await loginOptions();
    const answer = authenticator.authenticate(options);
    expect((await t.api(account.loginPasskey, { response: answer })).statusCode).toBe(200);
    const twice = await t.api(account.loginPasskey, { response: authenticator.authenticate(options) });
    expect(twice.json().code).toBe('PASSKEY_EXPIRED');

    const stranger = new SoftAuthenticator(RP_ID, PUBLIC_URL);
    const unknown = await t.api(account.loginPasskey, { response: stranger.authenticate(await loginOptions()) });
    expect(unknown.json()).toMatchObject({ code: 'PASSKEY_UNKNOWN' });

    // The counter kept is the last accepted one; the refusals are in the security log.
    const [row] = await t.database.db.select().from(passkeys);
    expect(row?.counter).toBe(6);
    const failures = await logActions('login.passkey_failed');
    expect(failures.map((f) => (f.after as { reason: string }).reason).sort()).toEqual(['counter', 'counter', 'invalid', 'invalid', 'unknown']);
    expect(await logActions('login.passkey')).toHaveLength(2);
  });

  it('refuses a person who may no longer act', async () => {
    const { authenticator } = await register('employee@demo.test');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, 'employee@demo.test'));
    const res = await t.api(account.loginPasskey, { response: authenticator.authenticate(await loginOptions()) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('BAD_CREDENTIALS');
  });

  it('counts attempts on the address like the password login', async () => {
    const limited = await createTestApp({ PUBLIC_URL, LOGIN_LIMIT_PER_ADDRESS: '3' });
    try {
      const stranger = new SoftAuthenticator(RP_ID, PUBLIC_URL);
      for (let i = 0; i < 3; i++) {
        const options = (await limited.api(account.startPasskeyLogin)).json();
        expect((await limited.api(account.loginPasskey, { response: stranger.authenticate(options) })).statusCode).toBe(400);
      }
      // Starting is allowed twice as often (a dialog cancelled and started again); the answers are not.
      const options = await limited.api(account.startPasskeyLogin);
      expect(options.statusCode).toBe(200);
      const refused = await limited.api(account.loginPasskey, { response: stranger.authenticate(options.json()) });
      expect(refused.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('managing passkeys', () => {
  it("renames and removes one's own, logged; another person's is not found", async () => {
    const { token, passkey, authenticator } = await register('ceo@demo.test');
    const other = await t.tokenFor('trusted@demo.test');
    expect((await t.api(account.renamePasskey, { id: passkey.id, name: 'Mine now' }, other)).statusCode).toBe(404);
    expect((await t.api(account.removePasskey, { id: passkey.id }, other)).statusCode).toBe(404);
    expect((await t.api(account.listPasskeys, undefined, other)).json()).toEqual([]);

    expect((await t.api(account.renamePasskey, { id: passkey.id, name: 'Phone' }, token)).statusCode).toBe(204);
    expect((await t.api(account.listPasskeys, undefined, token)).json()).toEqual([expect.objectContaining({ name: 'Phone' })]);
    expect((await t.api(account.removePasskey, { id: passkey.id }, token)).statusCode).toBe(204);
    expect((await t.api(account.listPasskeys, undefined, token)).json()).toEqual([]);
    expect(await logActions('passkey.renamed')).toEqual([expect.objectContaining({ before: { name: 'Work laptop' }, after: { name: 'Phone' } })]);
    expect(await logActions('passkey.removed')).toEqual([expect.objectContaining({ before: { name: 'Phone' } })]);
    // A removed passkey signs nobody in.
    expect((await t.api(account.loginPasskey, { response: authenticator.authenticate(await loginOptions()) })).json().code).toBe('PASSKEY_UNKNOWN');
  });
});
