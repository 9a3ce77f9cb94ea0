import { account, organisation } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { actionLog, signupRequests, users } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PERSONAL_DATA_POLICY_VERSION: '2026-11' });
});
beforeEach(async () => {
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

const consentOf = async (email: string) =>
  (
    await t.database.db
      .select({ version: users.policyVersion, at: users.policyAcceptedAt, ip: users.policyAcceptedIp })
      .from(users)
      .where(eq(users.email, email))
  )[0];

describe('consent to the personal data policy', () => {
  it('is recorded with the signup request (version, time, address) and carried to the account on approval', async () => {
    const form = {
      company: 'Demo Pharma LLC',
      name: 'Ivan',
      surname: 'Petrov',
      position: 'Medical Director',
      phone: '+7 (495) 123-45-67',
      email: 'ivan.petrov@demo.test',
      consent: 'on',
    };
    expect((await t.api(account.signup, form, undefined, { remoteAddress: '198.51.100.7' })).statusCode).toBe(202);
    const [request] = await t.database.db.select().from(signupRequests).where(eq(signupRequests.email, form.email));
    expect(request).toMatchObject({ policyVersion: '2026-11', policyAcceptedAt: t.clock.now(), policyAcceptedIp: '198.51.100.7' });

    t.clock.advance(60_000);
    const approved = await t.api(organisation.approveApplication.aipm, { id: request!.id, companyId: 1 }, await t.tokenFor('staff@demo.test'));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await consentOf(form.email)).toEqual({ version: '2026-11', at: request!.policyAcceptedAt, ip: '198.51.100.7' });
  });

  it('asks a person who accepted an older version (or none) until they accept the one in force', async () => {
    await t.database.db.update(users).set({ policyVersion: '2026-01' }).where(eq(users.email, 'employee@demo.test'));
    const login = await t.api(account.login, { email: 'employee@demo.test', password: DEMO_PASSWORD });
    expect(login.json()).toMatchObject({ policyToAccept: '2026-11', mustEnrol: false });
    const token = login.json().token as string;
    expect((await t.api(account.currentUser, undefined, token)).json()).toMatchObject({ email: 'employee@demo.test', policyToAccept: '2026-11' });
    // Added by staff, never asked: asked too.
    expect((await t.api(account.currentUser, undefined, await t.tokenFor('trusted@demo.test'))).json().policyToAccept).toBe('2026-11');

    const stale = await t.api(account.acceptPolicy, { version: '2026-01' }, token);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'POLICY_CHANGED', message: expect.stringContaining('new version') });
    expect((await consentOf('employee@demo.test'))?.version).toBe('2026-01');

    const accepted = await t.api(account.acceptPolicy, { version: '2026-11' }, token, { remoteAddress: '203.0.113.5' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email: 'employee@demo.test', policyToAccept: null });
    expect(await consentOf('employee@demo.test')).toEqual({ version: '2026-11', at: t.clock.now(), ip: '203.0.113.5' });
    expect((await t.api(account.currentUser, undefined, token)).json().policyToAccept).toBeNull();
    expect(await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'policy.accepted'))).toEqual([
      expect.objectContaining({ domain: 'security', after: { version: '2026-11' }, ip: '203.0.113.5' }),
    ]);
  });
});
