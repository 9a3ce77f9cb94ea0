import { account } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { actionLog, sessions } from '../../db/schema/index.ts';

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

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Signs in from a browser (its User-Agent and address, and its device cookie when it has one): the session's token and the cookie. */
const signIn = async (email: string, browser: { userAgent: string; ip: string; device?: string }) => {
  const res = await t.api(account.login, { email, password: DEMO_PASSWORD }, undefined, {
    headers: { 'user-agent': browser.userAgent, ...(browser.device ? { cookie: `device=${browser.device}` } : {}) },
    remoteAddress: browser.ip,
  });
  expect(res.statusCode).toBe(200);
  const cookie = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('device='));
  return { token: res.json().token as string, device: cookie ? String(cookie).split(';')[0]?.slice('device='.length) : browser.device };
};

const logActions = async (action: string) => t.database.db.select().from(actionLog).where(eq(actionLog.action, action));

describe("a person's own sessions", () => {
  it('ends a session unused for a day (SESSION_IDLE_HOURS), and one in use 30 days after it opened (SESSION_TTL_HOURS)', async () => {
    const HOUR = 60 * 60_000;
    const idle = await signIn('ceo@demo.test', { userAgent: FIREFOX_LINUX, ip: '198.51.100.4' });
    const busy = await signIn('ceo@demo.test', { userAgent: SAFARI_IPHONE, ip: '203.0.113.9' });
    const me = (token: string) => t.api(account.currentUser, undefined, token).then((r) => r.statusCode);
    let hours = 0;
    const wait = (h: number) => {
      hours += h;
      t.clock.advance(h * HOUR);
    };
    wait(23);
    expect([await me(idle.token), await me(busy.token)]).toEqual([200, 200]);
    wait(12);
    expect(await me(busy.token)).toBe(200);
    t.clock.advance(60_000);
    wait(12);
    // Unused since hour 23: a day and a minute later it has ended; the other, used at hour 35, lives on.
    expect([await me(idle.token), await me(busy.token)]).toEqual([401, 200]);
    // Used within every day, a session lives until 30 days after it opened, and no longer.
    while (hours + 23 < 30 * 24) {
      wait(23);
      expect(await me(busy.token)).toBe(200);
    }
    wait(23);
    expect(await me(busy.token)).toBe(401);
  });

  it('lists where the person is signed in, this one marked, and nobody else’s', async () => {
    const laptop = await signIn('ceo@demo.test', { userAgent: FIREFOX_LINUX, ip: '198.51.100.4' });
    t.clock.advance(5 * 60_000);
    const phone = await signIn('ceo@demo.test', { userAgent: SAFARI_IPHONE, ip: '203.0.113.9' });
    await signIn('trusted@demo.test', { userAgent: FIREFOX_LINUX, ip: '198.51.100.5' });

    // The laptop asks from its own address; asking refreshes its last seen (it was 5 minutes old).
    const res = await t.api(account.listSessions, undefined, laptop.token, { remoteAddress: '198.51.100.4' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ browser: 'Safari 18', system: 'iOS', ip: '203.0.113.9', current: false }),
      expect.objectContaining({ browser: 'Firefox 133', system: 'Linux', ip: '198.51.100.4', current: true }),
    ]);
    const [ofPhone, ofLaptop] = res.json();
    expect(ofLaptop.createdAt).toBe(new Date(t.clock.now().getTime() - 5 * 60_000).toISOString());
    expect(ofPhone.lastSeenAt).toBe(t.clock.now().toISOString());
    expect(ofLaptop.lastSeenAt).toBe(t.clock.now().toISOString());
    expect((await t.api(account.listSessions, undefined, phone.token)).json().map((s: { current: boolean }) => s.current)).toEqual([true, false]);
  });

  it('refreshes last seen and the address at most once a minute', async () => {
    const { token } = await signIn('employee@demo.test', { userAgent: FIREFOX_LINUX, ip: '198.51.100.4' });
    const lastSeen = async () => (await t.database.db.select({ at: sessions.lastSeenAt, ip: sessions.ip }).from(sessions))[0];
    const signedInAt = t.clock.now();

    t.clock.advance(59_000);
    await t.api(account.currentUser, undefined, token, { remoteAddress: '203.0.113.9' });
    expect(await lastSeen()).toEqual({ at: signedInAt, ip: '198.51.100.4' });

    t.clock.advance(2_000);
    await t.api(account.currentUser, undefined, token, { remoteAddress: '203.0.113.9' });
    expect(await lastSeen()).toEqual({ at: t.clock.now(), ip: '203.0.113.9' });
  });

  it('ends another session: that browser gets 401 on its next request, and the end is logged', async () => {
    const laptop = await signIn('ceo@demo.test', { userAgent: FIREFOX_LINUX, ip: '198.51.100.4' });
    const phone = await signIn('ceo@demo.test', { userAgent: SAFARI_IPHONE, ip: '203.0.113.9' });
    const phoneId = (await t.api(account.listSessions, undefined, laptop.token)).json().find((s: { current: boolean }) => !s.current).id;

    // The password again, first: a wrong one ends nothing.
    const wrong = await t.api(account.endSession, { id: phoneId, password: 'Wrong12345' }, laptop.token);
    expect([wrong.statusCode, wrong.json().fields]).toEqual([400, { password: 'The current password is incorrect.' }]);
    expect((await t.api(account.currentUser, undefined, phone.token)).statusCode).toBe(200);
    expect((await t.api(account.endSession, { id: phoneId, password: DEMO_PASSWORD }, laptop.token)).statusCode).toBe(204);
    expect((await t.api(account.currentUser, undefined, phone.token)).statusCode).toBe(401);
    expect((await t.api(account.currentUser, undefined, laptop.token)).statusCode).toBe(200);
    expect(await logActions('session.ended')).toEqual([expect.objectContaining({ domain: 'security', entityId: phoneId, ip: '127.0.0.1' })]);

    const again = await t.api(account.endSession, { id: phoneId, password: DEMO_PASSWORD }, laptop.token, { headers: { 'accept-language': 'ru' } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Этот сеанс уже завершён.');
  });

  it("cannot end someone else's session, and changes nothing when refused", async () => {
    const ceo = await signIn('ceo@demo.test', { userAgent: FIREFOX_LINUX, ip: '198.51.100.4' });
    const admin = await t.tokenFor('admin@demo.test');
    const ceoSession = (await t.api(account.listSessions, undefined, ceo.token)).json()[0].id;

    const res = await t.api(account.endSession, { id: ceoSession, password: DEMO_PASSWORD }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This session has already ended.');
    expect((await t.api(account.currentUser, undefined, ceo.token)).statusCode).toBe(200);
    expect(await logActions('session.ended')).toHaveLength(0);

    const bad = await t.api(account.endSession, { id: 'x' as unknown as number, password: DEMO_PASSWORD }, admin);
    expect(bad.statusCode).toBe(400);
  });

  it('ends every session but this one', async () => {
    const here = await signIn('staff@demo.test', { userAgent: FIREFOX_LINUX, ip: '198.51.100.4' });
    const phone = await signIn('staff@demo.test', { userAgent: SAFARI_IPHONE, ip: '203.0.113.9' });
    const tablet = await t.tokenFor('staff@demo.test');
    const colleague = await t.tokenFor('admin@demo.test');

    const wrong = await t.api(account.endOtherSessions, { password: 'Wrong12345' }, here.token);
    expect(wrong.statusCode).toBe(400);
    expect((await t.api(account.currentUser, undefined, phone.token)).statusCode).toBe(200);
    expect((await t.api(account.endOtherSessions, { password: DEMO_PASSWORD }, here.token)).statusCode).toBe(204);
    expect((await t.api(account.currentUser, undefined, phone.token)).statusCode).toBe(401);
    expect((await t.api(account.currentUser, undefined, tablet)).statusCode).toBe(401);
    expect((await t.api(account.currentUser, undefined, here.token)).statusCode).toBe(200);
    expect((await t.api(account.currentUser, undefined, colleague)).statusCode).toBe(200);
    expect((await t.api(account.listSessions, undefined, here.token)).json()).toHaveLength(1);
    expect(await logActions('sessions.ended_others')).toEqual([expect.objectContaining({ after: { ended: 2 } })]);
  });
});

describe('security e-mails', () => {
  it('tells the person of a sign-in from a browser not seen before, not of their first nor of a known one', async () => {
    const laptop = await signIn('trusted@demo.test', { userAgent: FIREFOX_LINUX, ip: '198.51.100.4' });
    await signIn('trusted@demo.test', { userAgent: FIREFOX_LINUX, ip: '198.51.100.4', device: laptop.device });
    await t.flushMail();
    expect(t.mail).toHaveLength(0);

    await signIn('trusted@demo.test', { userAgent: SAFARI_IPHONE, ip: '203.0.113.9' });
    await t.flushMail();
    expect(t.mail).toHaveLength(1);
    expect(t.mail[0]?.to).toBe('trusted@demo.test');
    expect(t.mail[0]?.subject).toBe('New sign-in to your AIPM portal account');
    expect(t.mail[0]?.text).toContain('Safari 18 on iOS, address 203.0.113.9');
    expect(t.mail[0]?.text).toContain('http://127.0.0.1:3000/trusted/profile');
  });

  it('tells the person in their language when the password is changed in the profile or from a reset link', async () => {
    const token = await t.tokenFor('ceo@demo.test');
    await t.api(account.setLocale, { locale: 'ru' }, token);
    const changed = await t.api(
      account.changePassword,
      { currentPassword: DEMO_PASSWORD, password: 'Better123', passwordConfirmation: 'Better123' },
      token,
    );
    expect(changed.statusCode).toBe(204);
    await t.flushMail();
    expect(t.mail.map((m) => m.subject)).toEqual(['Пароль на портале AIPM изменён']);
    expect(t.mail[0]?.text).toContain('http://127.0.0.1:3000/reset-password');

    await t.api(account.sendRestorePasswordEmail, { email: 'ceo@demo.test' });
    await t.flushMail();
    const code = t.linkCode('ceo@demo.test');
    await t.api(account.setPasswordByCode, { registrationCode: code, password: 'Newer1234', passwordConfirmation: 'Newer1234' });
    await t.flushMail();
    expect(t.mail.map((m) => m.subject).at(-1)).toBe('Пароль на портале AIPM изменён');
  });
});
