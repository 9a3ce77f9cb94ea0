import { committees as api } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertCompany, insertPerson } from '../../../test/org-fixtures.ts';
import { actionLog, committeeMailings, companies, users } from '../../db/schema/index.ts';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  admin = await t.tokenFor('admin@demo.test');
  staff = await t.tokenFor('staff@demo.test');
});
afterAll(async () => {
  await t.close();
});

const ok = async (res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return (status === 204 ? undefined : res.json()) as never;
};
const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const message = {
  subjectEn: 'News of {{title}}',
  subjectRu: 'Новости: {{title}}',
  bodyEn: '<p>Dear {{name}}, the meeting moved.</p>',
  bodyRu: '<p>{{name}}, встреча перенесена.</p>',
};

/** A committee with the demo employee as a member, the ceo as a subscriber, and a Russian-speaking subscriber. */
async function committeeWithList() {
  const committee = (await ok(await t.api(api.committee.add, { nameEn: 'Pricing', nameRu: 'Ценообразование' }, admin))) as { id: number };
  await ok(
    await t.api(
      api.addMember.aipm,
      { committeeId: committee.id, userId: await userId('employee@demo.test'), position: 'member', since: '2026-01-01' },
      staff,
    ),
  );
  const other = await insertCompany(t, 'Gamma Pharma');
  const ivan = await insertPerson(t, other, 'ivan@gamma.test', { name: 'Иван', surname: 'Петров' });
  await t.database.db.update(users).set({ locale: 'ru' }).where(eq(users.id, ivan.id));
  for (const id of [await userId('ceo@demo.test'), ivan.id])
    await ok(await t.api(api.addSubscriber.aipm, { committeeId: committee.id, userId: id }, staff), 204);
  await t.flushMail();
  t.mail.length = 0;
  return { committee, other, ivan };
}

describe('mailings', () => {
  it('reach the distribution list, each person in their language, with their own unsubscribe link, and are logged', async () => {
    const { committee } = await committeeWithList();
    const sent = (await ok(
      await t.api(api.sendMailing.aipm, { committeeId: committee.id, ...message, bodyEn: `${message.bodyEn}<script>x()</script>` }, staff),
    )) as {
      id: number;
      recipients: number;
      bodyEn: string;
    };
    expect(sent).toMatchObject({ recipients: 3, queued: 3, sent: 0, failed: 0, author: expect.stringMatching(/\S/) });
    expect(sent.bodyEn).not.toContain('script');
    expect(await t.flushMail()).toBe(3);
    const byAddress = Object.fromEntries(t.mail.map((m) => [m.to, m]));
    expect(Object.keys(byAddress).sort()).toEqual(['ceo@demo.test', 'employee@demo.test', 'ivan@gamma.test']);
    expect(byAddress['ivan@gamma.test']).toMatchObject({ subject: 'Новости: Ценообразование', from: '"Комитеты АИПМ" <no-reply@aipm.test>' });
    expect(byAddress['ivan@gamma.test']?.text).toContain('Иван, встреча перенесена.');
    expect(byAddress['ivan@gamma.test']?.text).toContain('Чтобы больше их не получать');
    expect(byAddress['employee@demo.test']?.subject).toBe('News of Pricing');
    const tokens = t.mail.map((m) => /token=([\w-]+)/.exec(m.headers['List-Unsubscribe'] ?? '')?.[1]);
    expect(new Set(tokens).size).toBe(3);

    const page = (await ok(await t.api(api.mailings.admin, { committeeId: committee.id }, admin))) as { total: number; rows: unknown[] };
    expect(page).toMatchObject({ total: 1, rows: [{ id: sent.id, recipients: 3, queued: 0, sent: 3, failed: 0, subjectEn: 'News of {{title}}' }] });
    const [entry] = await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'mailing.sent'));
    expect(entry).toMatchObject({ entity: 'committee', entityId: committee.id, after: { subject: 'News of {{title}}', recipients: 3 } });
  });

  it('leave out the people of a switched-off company, and refuse an empty list, an inactive committee and a placeholder the mailing does not fill', async () => {
    const { committee, other } = await committeeWithList();
    await t.database.db.update(companies).set({ isActive: false }).where(eq(companies.id, other));
    const sent = (await ok(await t.api(api.sendMailing.aipm, { committeeId: committee.id, ...message }, staff))) as { recipients: number };
    expect(sent.recipients).toBe(2);

    const link = await t.api(api.sendMailing.aipm, { committeeId: committee.id, ...message, bodyEn: '<p>{{link}}</p>' }, staff);
    expect(link.json().fields).toEqual({ bodyEn: 'This kind of e-mail does not fill these placeholders: {{link}}.' });
    const empty = (await ok(await t.api(api.committee.add, { nameEn: 'Empty', nameRu: 'Пустой' }, admin))) as { id: number };
    const none = await t.api(api.sendMailing.aipm, { committeeId: empty.id, ...message }, staff);
    expect(none.json().fields).toEqual({ committeeId: 'The distribution list is empty: add members or subscribers first.' });
    await ok(await t.api(api.committee.setActive, { id: committee.id, isActive: false }, admin));
    expect((await t.api(api.sendMailing.aipm, { committeeId: committee.id, ...message }, staff)).statusCode).toBe(409);
    expect(await t.database.db.select().from(committeeMailings)).toHaveLength(1);
  });

  it('an unsubscribe link works without login, once; a forged one is refused; subscribing again undoes it', async () => {
    const { committee } = await committeeWithList();
    await ok(await t.api(api.sendMailing.aipm, { committeeId: committee.id, ...message }, staff));
    await t.flushMail();
    const token = (to: string) => /token=([\w-]+)/.exec(t.mail.find((m) => m.to === to)!.text)![1]!;
    const employee = token('employee@demo.test');

    expect((await ok(await t.api(api.unsubscribeInfo, { token: employee }))) as object).toEqual({
      committee: { id: committee.id, parentId: null, nameEn: 'Pricing', nameRu: 'Ценообразование' },
      email: 'employee@demo.test',
      done: false,
    });
    expect(await ok(await t.api(api.unsubscribe, { token: employee }))).toMatchObject({ done: true });
    const list = async () => (await ok(await t.api(api.distributionAddresses.aipm, { committeeId: committee.id }, staff))) as string[];
    // A member stops receiving mailings and stays a member.
    expect(await list()).not.toContain('employee@demo.test');
    expect((await ok(await t.api(api.members.aipm, { committeeId: committee.id }, staff))) as { total: number }).toMatchObject({ total: 1 });
    expect(await ok(await t.api(api.unsubscribeInfo, { token: employee }))).toMatchObject({ done: true });
    await ok(await t.api(api.unsubscribe, { token: employee }));
    expect(await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'subscriber.unsubscribed'))).toHaveLength(1);

    const forged = await t.api(api.unsubscribe, { token: `${employee.slice(0, -1)}${employee.endsWith('A') ? 'B' : 'A'}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('The link you followed is invalid or has expired.');
    expect((await t.api(api.unsubscribeInfo, { token: 'short' })).statusCode).toBe(400);

    await ok(await t.api(api.setSubscribed, { committeeId: committee.id, subscribed: true }, await t.tokenFor('employee@demo.test')));
    expect(await list()).toContain('employee@demo.test');
  });
});
