import { account } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
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

const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

describe('download my data', () => {
  it('holds the person’s profile, sessions, security events and log entries, and nobody else’s', async () => {
    await t.api(account.login, { email: 'employee@demo.test', password: 'Wrong12345' }, undefined, { remoteAddress: '203.0.113.9' });
    const token = (
      await t.api(account.login, { email: 'employee@demo.test', password: DEMO_PASSWORD }, undefined, {
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
      })
    ).json().token;
    await t.api(account.updateProfile, { name: 'Egor', surname: 'Sotrudnikov', position: 'Senior Analyst', phone: '+7 495 111-22-33' }, token);
    await t.api(account.acceptPolicy, { version: '1' }, token);
    await t.api(account.login, { email: 'trusted@demo.test', password: DEMO_PASSWORD });

    const data = await t.app.services.personalData.collect(await idOf('employee@demo.test'));
    expect(data.profile).toMatchObject({ email: 'employee@demo.test', name: 'Egor', position: 'Senior Analyst', role: 'employee' });
    expect(data.profile.consent).toEqual({ policyVersion: '1', acceptedAt: t.clock.now(), acceptedFrom: '127.0.0.1' });
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(data.sessions).toEqual([expect.objectContaining({ browser: 'Firefox 133', system: 'Linux' })]);
    expect(data.securityEvents.map((e) => [e.action, e.ip])).toEqual([
      ['policy.accepted', '127.0.0.1'],
      ['login', '127.0.0.1'],
      ['login.failed', '203.0.113.9'],
    ]);
    expect(data.logEntries).toEqual([expect.objectContaining({ action: 'profile.updated', byThisPerson: true })]);
    const text = JSON.stringify(data);
    for (const other of ['trusted@demo.test', 'ceo@demo.test', 'admin@demo.test', 'staff@demo.test']) expect(text).not.toContain(other);
  });

  it('answers a zip of the JSON and a readable PDF, and logs the export', async () => {
    const token = await t.tokenFor('ceo@demo.test');
    const res = await t.api(account.exportMyData, undefined, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('filename="aipm-personal-data-2026-03-02.zip"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    for (const name of ['personal-data.json', 'personal-data.pdf']) expect(res.rawPayload.includes(Buffer.from(name))).toBe(true);
    expect(await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'personal_data.exported'))).toEqual([
      expect.objectContaining({ domain: 'security', entityId: await idOf('ceo@demo.test') }),
    ]);
    expect((await t.api(account.exportMyData)).statusCode).toBe(401);
  });
});
