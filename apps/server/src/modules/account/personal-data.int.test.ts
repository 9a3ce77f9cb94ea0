import { inflateRawSync } from 'node:zlib';
import { account, calendar, committees, erasure, organisation, survey } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { DEMO_COMPANY_ID, insertCompany, setPassword } from '../../../test/org-fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import {
  actionLog,
  calendarFeeds,
  erasureRequests,
  mailOutbox,
  recoveryCodes,
  registrationCodes,
  sessions,
  signupRequests,
  trustedDevices,
  twoFactors,
  users,
} from '../../db/schema/index.ts';

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

/** The files of a zip by name, read through its central directory (deflated or stored). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const files = new Map<string, Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const [method, size, nameLength] = [zip.readUInt16LE(at + 10), zip.readUInt32LE(at + 20), zip.readUInt16LE(at + 28)];
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(zip.toString('utf8', at + 46, at + 46 + nameLength), method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

/** Files a signup request through the public form from an address, and answers its id. */
async function apply(form: { email: string; name: string; surname: string; company: string }, remoteAddress: string): Promise<number> {
  const res = await t.api(account.signup, { position: 'Medical Director', phone: '+7 (495) 123-45-67', consent: 'on', ...form }, undefined, {
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(202);
  const [row] = await t.database.db.select({ id: signupRequests.id }).from(signupRequests).where(eq(signupRequests.email, form.email));
  return row?.id ?? 0;
}

/** Signs in with the password through the API: the session's token and the browser's device cookie. */
async function signIn(email: string, password: string): Promise<{ token: string; device: string }> {
  const res = await t.api(account.login, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('device='));
  return { token: res.json().token, device: String(cookie).split(';')[0]?.slice('device='.length) ?? '' };
}

/** Turns two-factor sign-in on: the authenticator's key and the recovery codes. */
async function enrol(token: string): Promise<string[]> {
  const { secret } = (await t.api(account.startTwoFactor, undefined, token)).json();
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: t.clock.now().getTime(),
  });
  const confirmed = await t.api(account.confirmTwoFactor, { code }, token);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return [secret, ...confirmed.json().recoveryCodes];
}

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

  it('of a staff member who acted on other people, holds what they did but none of those people’s data or addresses', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const staffId = await idOf('staff@demo.test');
    const employeeId = await idOf('employee@demo.test');
    // A phone of the employee's own (the demo people share one).
    const [was] = await t.database.db.update(users).set({ phone: '+7 495 111-22-33' }).where(eq(users.id, employeeId)).returning();
    // The staff member edits a company person (the log keeps the person's name, e-mail and phone before and after) and
    // refuses another person's erasure request (its reason names her).
    const edit = { name: 'Olga', surname: 'Drugova', position: 'Medical Advisor', phone: '+7 495 222-33-44', email: 'o.drugova@demo.test' };
    const edited = await t.api(organisation.updateEmployee.aipm, { id: employeeId, ...edit, role: 'employee' }, staff);
    expect(edited.statusCode, edited.body).toBe(200);
    await t.api(erasure.request, undefined, await t.tokenFor('trusted@demo.test'));
    const [trustedRequest] = await t.database.db.select({ id: erasureRequests.id }).from(erasureRequests);
    const reason = 'Tatiana Doverova’s survey is under audit.';
    expect((await t.api(erasure.refuse.aipm, { id: trustedRequest?.id ?? 0, reason }, staff)).statusCode).toBe(200);
    // The staff member's own changes; then an admin, from an address of her own, refuses the staff member's request.
    await t.api(account.updateProfile, { name: 'Sergey', surname: 'Staffov', position: 'Senior coordinator', phone: '+7 495 555-66-77' }, staff, {
      remoteAddress: '203.0.113.20',
    });
    await t.api(erasure.request, undefined, staff, { remoteAddress: '203.0.113.21' });
    const [ownRequest] = await t.database.db.select({ id: erasureRequests.id }).from(erasureRequests).where(eq(erasureRequests.userId, staffId));
    const admin = await t.tokenFor('admin@demo.test');
    const refused = await t.api(erasure.refuse.admin, { id: ownRequest?.id ?? 0, reason: 'You are needed this month.' }, admin, {
      remoteAddress: '198.51.100.77',
    });
    expect(refused.statusCode, refused.body).toBe(200);

    const res = await t.api(account.exportMyData, undefined, staff);
    expect(res.statusCode).toBe(200);
    const files = unzip(res.rawPayload);
    const json = files.get('personal-data.json')?.toString('utf8') ?? '';
    const pdf = await pdfText(files.get('personal-data.pdf') ?? Buffer.alloc(0));
    expect(pdf).toContain('Senior coordinator');
    for (const other of [
      was?.name,
      was?.surname,
      was?.email,
      was?.phone,
      ...Object.values(edit).filter((v) => v !== 'Medical Advisor'),
      'Tatiana',
      'Doverova',
      'trusted@demo.test',
      'admin@demo.test',
      'Adminova',
      '198.51.100.77',
    ]) {
      expect(other).toBeTruthy();
      expect(json, other).not.toContain(other);
      expect(pdf, other).not.toContain(other);
    }
    const data = JSON.parse(json);
    expect(data.logEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'profile.updated',
          byThisPerson: true,
          after: expect.objectContaining({ position: 'Senior coordinator' }),
        }),
        { log: 'users', action: 'user.updated', entity: 'user', entityId: employeeId, byThisPerson: true, at: expect.any(String) },
      ]),
    );
    expect(data.securityEvents).toEqual(
      expect.arrayContaining([
        { at: expect.any(String), action: 'erasure.refused', details: { reason: 'You are needed this month.' } },
        { at: expect.any(String), action: 'erasure.refused', ip: '127.0.0.1' },
        expect.objectContaining({ action: 'erasure.requested', ip: '203.0.113.21' }),
      ]),
    );
    expect(data).not.toHaveProperty('logTruncated');
  });

  it('says so when the log holds more entries than one export lists', async () => {
    const userId = await idOf('employee@demo.test');
    await t.database.db.execute(
      sql`INSERT INTO action_log (at, domain, action, entity, entity_id, actor_id) SELECT ${t.clock.now().toISOString()}::timestamptz, 'account', 'locale.changed', 'user', ${userId}, ${userId} FROM generate_series(1, 10001)`,
    );
    const data = await t.app.services.personalData.collect(userId);
    expect(data.logTruncated).toBe(true);
    expect(data.logEntries).toHaveLength(10_000);
  });

  it('holds the person’s applications, membership requests, calendar feed, survey contact cards, trusted browsers, two-factor sign-in, e-mails and erasure requests, and nobody else’s, without a secret', async () => {
    const ivan = 'ivan.petrov@demo.test';
    const olga = 'olga.other@elsewhere.test';
    const staff = await t.tokenFor('staff@demo.test');
    const admin = await t.tokenFor('admin@demo.test');
    // Ivan applies and is let in; another person applies from an address of her own and is refused.
    const ivanApplication = await apply({ email: ivan, name: 'Ivan', surname: 'Petrov', company: 'Demo Pharma LLC' }, '203.0.113.40');
    const olgaApplication = await apply({ email: olga, name: 'Olga', surname: 'Drugaya', company: 'Elsewhere Labs' }, '203.0.113.50');
    const approved = await t.api(organisation.approveApplication.aipm, { id: String(ivanApplication), companyId: String(DEMO_COMPANY_ID) }, staff);
    expect(approved.statusCode, approved.body).toBe(200);
    const rejected = await t.api(organisation.rejectApplication.aipm, { id: String(olgaApplication), reason: 'Elsewhere Labs is no member.' }, staff);
    expect(rejected.statusCode, rejected.body).toBe(200);
    await t.flushMail();
    const linkCode = t.linkCode(ivan);
    expect((await setPassword(t, linkCode, 'Ivan12345')).statusCode).toBe(204);
    const ivanId = await idOf(ivan);

    // Both sign in from a browser of their own, then turn two-factor sign-in on.
    const own = await signIn(ivan, 'Ivan12345');
    const other = await signIn('employee@demo.test', DEMO_PASSWORD);
    const secrets = [linkCode, own.token, own.device, other.token, other.device, ...(await enrol(own.token)), ...(await enrol(other.token))];

    // Each asks to join a committee and opens a private calendar feed.
    const committee = (await t.api(committees.committee.add, { nameEn: 'Regulatory', nameRu: 'Регуляторный' }, admin)).json();
    for (const [token, note] of [
      [own.token, 'I lead our regulatory team.'],
      [other.token, 'Egor wants to join too.'],
    ] as const) {
      const asked = await t.api(committees.requestOwnMembership, { committeeId: committee.id, note }, token);
      expect(asked.statusCode, asked.body).toBe(200);
      const feed = await t.api(calendar.newFeedLink, undefined, token);
      expect(feed.statusCode, feed.body).toBe(200);
      secrets.push(String(feed.json().url).split('/').at(-1) ?? '');
    }

    // Staff name Ivan as his company's survey contact, and another person as another company's.
    const elsewhere = await insertCompany(t, 'Elsewhere Labs');
    for (const [companyId, contact] of [
      [DEMO_COMPANY_ID, { name: 'Ivan Petrov', email: ivan, companyFullName: 'Demo Pharma LLC' }],
      [elsewhere, { name: 'Olga Drugaya', email: olga, companyFullName: 'Elsewhere Labs LLC' }],
    ] as const) {
      const saved = await t.api(survey.updateContact.aipm, { companyId, position: 'Medical Director', phone: '+7 495 123-45-67', ...contact }, staff);
      expect(saved.statusCode, saved.body).toBe(200);
    }

    // Ivan asks for erasure and is refused; another person's request waits.
    expect((await t.api(erasure.request, undefined, own.token)).statusCode).toBe(200);
    expect((await t.api(erasure.request, undefined, await t.tokenFor('trusted@demo.test'))).statusCode).toBe(200);
    const [ivanErasure] = await t.database.db.select({ id: erasureRequests.id }).from(erasureRequests).where(eq(erasureRequests.userId, ivanId));
    const reason = 'Your survey answers are under audit.';
    expect((await t.api(erasure.refuse.aipm, { id: ivanErasure?.id ?? 0, reason }, staff)).statusCode).toBe(200);

    // The stored secrets: the hashes of tokens and codes, and the authenticators' keys.
    const db = t.database.db;
    for (const rows of [
      await db.select({ v: sessions.tokenHash }).from(sessions),
      await db.select({ v: trustedDevices.tokenHash }).from(trustedDevices),
      await db.select({ v: calendarFeeds.keyHash }).from(calendarFeeds),
      await db.select({ v: recoveryCodes.codeHash }).from(recoveryCodes),
      await db.select({ v: registrationCodes.codeHash }).from(registrationCodes),
      await db.select({ v: twoFactors.secret }).from(twoFactors),
    ]) {
      expect(rows.length).toBeGreaterThan(0);
      secrets.push(...rows.map((r) => r.v));
    }
    expect(await db.select().from(trustedDevices)).toHaveLength(2);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, olga))).not.toHaveLength(0);

    const res = await t.api(account.exportMyData, undefined, own.token);
    expect(res.statusCode, res.body).toBe(200);
    const files = unzip(res.rawPayload);
    const json = files.get('personal-data.json')?.toString('utf8') ?? '';
    const pdf = await pdfText(files.get('personal-data.pdf') ?? Buffer.alloc(0));
    const data = JSON.parse(json);
    const now = t.clock.now().toISOString();

    expect(data.signupRequests).toEqual([
      {
        company: 'Demo Pharma LLC',
        name: 'Ivan',
        surname: 'Petrov',
        position: 'Medical Director',
        phone: '+7 (495) 123-45-67',
        email: ivan,
        locale: 'en',
        policyVersion: expect.any(String),
        policyAcceptedAt: now,
        status: 'approved',
        reason: null,
        createdAt: now,
        decidedAt: now,
      },
    ]);
    // Found after a change of address too: the approval names the application, as erasure finds it.
    await t.database.db.update(users).set({ email: 'i.petrov@demo.test' }).where(eq(users.id, ivanId));
    expect((await t.app.services.personalData.collect(ivanId)).signupRequests).toEqual([
      expect.objectContaining({ email: ivan, status: 'approved' }),
    ]);
    await t.database.db.update(users).set({ email: ivan }).where(eq(users.id, ivanId));
    expect(data.committeeRequests).toEqual([
      {
        committee: 'Regulatory',
        committeeRu: 'Регуляторный',
        position: 'member',
        note: 'I lead our regulatory team.',
        letter: null,
        byThisPerson: true,
        status: 'new',
        reason: null,
        createdAt: now,
        decidedAt: null,
      },
    ]);
    expect(data.calendarFeeds).toEqual([{ createdAt: now }]);
    expect(data.surveyContacts).toEqual([
      {
        companyFullName: 'Demo Pharma LLC',
        survey: 'salary',
        name: 'Ivan Petrov',
        position: 'Medical Director',
        phone: '+7 495 123-45-67',
        email: ivan,
        updatedAt: now,
      },
    ]);
    expect(data.trustedDevices).toEqual([{ createdAt: now, lastUsedAt: now }]);
    expect(data.twoFactor).toEqual({ enabled: true, since: now, recoveryCodesLeft: 10 });
    const toIvan = await db.select({ type: mailOutbox.type }).from(mailOutbox).where(eq(mailOutbox.to, ivan));
    expect(data.emails).toHaveLength(toIvan.length);
    for (const mail of data.emails) expect(Object.keys(mail)).toEqual(['type', 'subject', 'status', 'createdAt', 'sentAt']);
    expect(data.emails).toEqual(
      expect.arrayContaining([
        { type: 'signupReceived', subject: expect.any(String), status: 'sent', createdAt: now, sentAt: now },
        // A mail that carries a link or a code that acts for the person is listed without its subject.
        { type: 'firstPassword', subject: null, status: 'sent', createdAt: now, sentAt: now },
        expect.objectContaining({ status: 'pending', sentAt: null }),
      ]),
    );
    expect(data.erasureRequests).toEqual([{ status: 'refused', requestedAt: now, decidedAt: now, reason }]);
    expect(data).not.toHaveProperty('emailsTruncated');

    const flat = (text: string) => text.replace(/\s+/g, '');
    for (const key of [
      'signupRequests',
      'committeeRequests',
      'calendarFeeds',
      'surveyContacts',
      'trustedDevices',
      'twoFactor',
      'emails',
      'erasureRequests',
    ]) {
      expect(flat(pdf)).toContain(flat(translate('en', `account.personalData.sections.${key}`)));
    }
    expect(pdf).toContain(reason);
    for (const foreign of [olga, 'Olga', 'Drugaya', 'Elsewhere', '203.0.113.50', 'Egor wants', 'trusted@demo.test', 'employee@demo.test']) {
      expect(json, foreign).not.toContain(foreign);
      expect(pdf, foreign).not.toContain(foreign);
    }
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(secret.length, secret).toBeGreaterThan(5);
      expect(json, secret).not.toContain(secret);
      expect(pdf, secret).not.toContain(secret);
    }
  });
});
