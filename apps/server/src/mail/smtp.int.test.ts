import type { AddressInfo } from 'node:net';
import { account, calendar, committees } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../test/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { actionLog, mailOutbox, users } from '../db/schema/index.ts';

/** A message as the SMTP server received it: the envelope and the raw RFC 5322 text. */
interface Received {
  from: string;
  rcpt: string[];
  raw: string;
}

const LINK_INVALID = 'The link you followed is invalid or has expired.';

let received: Received[] = [];
let rejectRecipients = false;
let smtp: SMTPServer;
let port: number;

const listen = (server: SMTPServer, at = 0) =>
  new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(at, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
const close = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

const newSmtpServer = () =>
  new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejectRecipients) {
        callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });

/** A received message read by a real mail parser: headers, the text and HTML parts, attachments. */
const parse = (raw: string) => simpleParser(raw, { skipImageLinks: true });

const outbox = async (t: TestApp) => t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);

beforeAll(async () => {
  smtp = newSmtpServer();
  port = await listen(smtp);
});
afterAll(async () => {
  await close(smtp);
});

beforeEach(() => {
  received = [];
  rejectRecipients = false;
});

describe('mail over real SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { realTransport: true });
  });
  beforeEach(async () => {
    await t.reset();
  });
  afterAll(async () => {
    await t.close();
  });

  it('delivers the reset e-mail whose link works exactly once', async () => {
    const asked = await t.api(account.sendRestorePasswordEmail, { email: 'employee@demo.test' });
    expect(asked.statusCode).toBe(202);
    expect(received).toHaveLength(0);
    expect(await t.flushMail()).toBe(1);

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.from).toBe('no-reply@aipm.test');
    expect(message?.rcpt).toEqual(['employee@demo.test']);
    const parsed = await parse(message!.raw);
    expect(parsed.to).toMatchObject({ text: 'employee@demo.test' });
    expect(parsed.subject).toBe('Reset your password');
    expect(parsed.from?.value).toEqual([{ name: 'AIPM Portal', address: 'no-reply@aipm.test' }]);
    // Both parts: the HTML of the template, and the plain text made from it.
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(parsed.text).toContain('Dear Egor,');
    expect(parsed.html).toContain('<p>Dear Egor,</p>');
    const body = parsed.text ?? '';

    const link = body.match(/https?:\/\/\S+/)?.[0];
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/reset-password\?code=[\w-]+$/);
    const code = new URL(link!).searchParams.get('code')!;
    const who = await t.api(account.getUserByRegistrationCode, { registrationCode: code });
    expect(who.json()).toMatchObject({ email: 'employee@demo.test', purpose: 'reset' });

    const form = { registrationCode: code, password: 'Fresh12345', passwordConfirmation: 'Fresh12345' };
    expect((await t.api(account.setPasswordByCode, form)).statusCode).toBe(204);
    await t.login('employee@demo.test', 'Fresh12345');
    const again = await t.api(account.setPasswordByCode, { ...form, password: 'Other12345', passwordConfirmation: 'Other12345' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(LINK_INVALID);

    const [row] = await outbox(t);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, to: 'employee@demo.test', type: 'resetPassword' });
  });

  it('sends an event registration with its .ics attached, beside the text', async () => {
    const staff = await t.tokenFor('staff@demo.test');
    const startsAt = new Date(TEST_NOW.getTime() + 86_400_000 * 30).toISOString();
    const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
    const event = { titleEn: 'Forum', titleRu: 'Форум', startsAt, endsAt, registration: true };
    const created = (await t.api(calendar.create.aipm, event, staff)).json();
    const registered = await t.api(calendar.register, { id: created.id }, await t.tokenFor('employee@demo.test'));
    expect(registered.statusCode, registered.body).toBe(200);
    expect(await t.flushMail()).toBe(1);
    const parsed = await parse(received[0]!.raw);
    expect(parsed.subject).toBe('Your seat: Forum');
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/mixed' });
    expect(parsed.text).toContain('Forum');
    const [ics] = parsed.attachments;
    expect(ics).toMatchObject({ filename: 'event.ics', contentType: 'text/calendar' });
    expect(ics!.content.toString('utf8')).toContain('SUMMARY:Forum');
  });

  it('sends a mailing with both parts, the sender name and the one-click unsubscribe headers, which work once without login', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const staff = await t.tokenFor('staff@demo.test');
    const committee = (await t.api(committees.committee.add, { nameEn: 'Pricing', nameRu: 'Ценообразование' }, admin)).json();
    const [person] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'employee@demo.test'));
    await t.api(committees.addSubscriber.aipm, { committeeId: committee.id, userId: person!.id }, staff);
    const mailing = {
      committeeId: committee.id,
      subjectEn: 'Prices in {{title}}',
      subjectRu: 'Цены: {{title}}',
      bodyEn: '<p>Dear {{name}}, <strong>news</strong>.</p>',
      bodyRu: '<p>Уважаемый {{name}}!</p>',
    };
    const sent = await t.api(committees.sendMailing.aipm, mailing, staff);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: 1, queued: 1, sent: 0 });
    expect(await t.flushMail()).toBe(1);
    expect((await t.api(committees.mailing.aipm, { id: sent.json().id }, staff)).json()).toMatchObject({ queued: 0, sent: 1, failed: 0 });

    const parsed = await parse(received[0]!.raw);
    expect(parsed.subject).toBe('Prices in Pricing');
    expect(parsed.from?.value).toEqual([{ name: 'AIPM Committees', address: 'no-reply@aipm.test' }]);
    expect(parsed.html).toContain('<strong>news</strong>');
    expect(parsed.text).toContain('Dear Egor, news.');
    const header = (name: string) =>
      parsed.headerLines
        .find((h) => h.key === name)
        ?.line.replace(/^[^:]+:\s*/, '')
        .trim();
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = header('list-unsubscribe')?.replace(/^<|>$/g, '') ?? '';
    expect(unsubscribe).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/mail\/unsubscribe\?token=[\w-]+$/);
    // The footer links the portal's page for people; the header is the mail client's one-click POST.
    expect(parsed.text).toMatch(/http:\/\/127\.0\.0\.1:3000\/unsubscribe\?token=[\w-]+/);

    const url = new URL(unsubscribe);
    const click = () => t.call('POST', `${url.pathname}${url.search}`, { form: { 'List-Unsubscribe': 'One-Click' } });
    const first = await click();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ email: 'employee@demo.test', done: true, committee: { nameEn: 'Pricing' } });
    const list = await t.api(committees.distributionAddresses.aipm, { committeeId: committee.id }, staff);
    expect(list.json()).toEqual([]);
    // A second click changes nothing and logs nothing more; a forged token is refused.
    expect((await click()).json()).toMatchObject({ done: true });
    const entries = await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'subscriber.unsubscribed'));
    expect(entries).toHaveLength(1);
    const forged = await t.api(committees.unsubscribe, { token: 'A'.repeat(32) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(LINK_INVALID);
  });

  it('keeps a refused message pending with its error and sends it after the back-off', async () => {
    rejectRecipients = true;
    await t.api(account.sendRestorePasswordEmail, { email: 'employee@demo.test' });
    expect(await t.flushMail()).toBe(0);
    expect(received).toHaveLength(0);
    const [failed] = await outbox(t);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(failed?.lastError).toMatch(/550/);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());

    // The relay recovers, but the message waits for its back-off (30 s after the first failure).
    rejectRecipients = false;
    t.clock.advance(29_000);
    expect(await t.flushMail()).toBe(0);
    expect(received).toHaveLength(0);
    expect((await outbox(t))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    t.clock.advance(1_000);
    expect(await t.flushMail()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]?.rcpt).toEqual(['employee@demo.test']);
    expect((await parse(received[0]!.raw)).subject).toBe('Reset your password');
    const [sent] = await outbox(t);
    expect(sent).toMatchObject({ id: failed!.id, status: 'sent', attempts: 2, lastError: null });
    expect(sent?.sentAt?.toISOString()).toBe(t.clock.now().toISOString());
  });
});

describe('mail when the SMTP server is down', () => {
  let down: SMTPServer;
  let downPort: number;
  let app: TestApp;
  beforeAll(async () => {
    // Learn a free port, then close it so the first send finds nothing listening.
    down = newSmtpServer();
    downPort = await listen(down);
    await close(down);
    app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${downPort}` }, { realTransport: true });
  });
  afterAll(async () => {
    await app.close();
    await close(down);
  });

  it('loses nothing: the message waits in the outbox and goes out once the server is back', async () => {
    await app.api(account.sendRestorePasswordEmail, { email: 'ceo@demo.test' });
    expect(await app.flushMail()).toBe(0);
    const [failed] = await outbox(app);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(failed?.lastError).toMatch(/ECONNREFUSED/);

    down = newSmtpServer();
    await listen(down, downPort);
    app.clock.advance(30_000);
    expect(await app.flushMail()).toBe(1);
    expect(received.map((m) => m.rcpt)).toEqual([['ceo@demo.test']]);
    expect((await outbox(app))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'))).toHaveLength(0);
  });
});
