import { digest, type EndpointDef, organisation, voting } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedShowcase } from './demo-showcase.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedShowcase(t.app, t.database.db, t.clock.now());
  staff = await t.tokenFor('staff@demo.test');
});
afterAll(async () => {
  await t.close();
});

const get = async (endpoint: EndpointDef, query: Record<string, number> = {}, token = staff) => {
  const res = await t.api(endpoint, query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the demo a fresh npm start shows', () => {
  it('has member companies with people in every role, who can sign in', async () => {
    const companies = await get(organisation.companies.aipm, { pageSize: 200 });
    expect(companies.rows.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Demo Pharma', 'Northwind Pharma', 'Volga Biotech', 'Baltic Generics']),
    );
    const people = await get(organisation.companyUsers.aipm, { pageSize: 200 });
    expect(new Set(people.rows.map((p: { role: string }) => p.role))).toEqual(new Set(['ceo', 'trusted', 'employee']));
    expect(await t.login('olga.morozova@northwind.test')).toBeTruthy();
  });

  it('has a voting running now with answers, and two finished ones whose results members can read', async () => {
    const running = await get(voting.list.aipm);
    const fee = running.rows.find((v: { title: string }) => v.title === 'Membership fee 2027');
    expect(fee).toMatchObject({ status: 'started' });
    expect((await get(voting.stats.aipm, { id: fee.id })).responses).toBe(2);
    const employee = await t.tokenFor('employee@demo.test');
    const archive = await get(voting.voterArchive, {}, employee);
    expect(archive.map((v: { title: string }) => v.title).sort()).toEqual(['Annual report 2025', 'Board election 2026']);
    expect(
      archive.every((v: { status: string; publishResults: boolean; results: unknown }) => v.status === 'stopped' && v.publishResults && v.results),
    ).toBe(true);
  });

  it('has a signup request waiting and the logs of all of it', async () => {
    const applications = await get(organisation.applications.aipm);
    expect(applications.rows).toEqual([expect.objectContaining({ email: 'irina.gromova@kamapharm.test', status: 'new' })]);
    expect((await get(organisation.usersLog.aipm)).total).toBeGreaterThan(10);
    expect((await get(voting.log.aipm)).total).toBeGreaterThanOrEqual(10);
  });

  it('has three issues of the media digest, one a month, that a member can download', async () => {
    const employee = await t.tokenFor('employee@demo.test');
    const list = await get(digest.list, {}, employee);
    expect(list.rows.map((d: { fileName: string }) => d.fileName)).toEqual([
      'AIPM media digest, November 2026.pdf',
      'AIPM media digest, October 2026.pdf',
      'AIPM media digest, September 2026.pdf',
    ]);
    const file = await t.api(digest.download, { id: list.rows[0].id }, employee);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
