import type { AddressInfo } from 'node:net';
import { account, calendar } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../test/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { mailOutbox } from '../db/schema/index.ts';

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

/** Splits a raw message into unfolded headers and its decoded text body (no mail parser is installed). */
function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') {
    // Soft line breaks first, then =XX bytes, read back as UTF-8.
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return { headers, body: Buffer.from(bytes, 'latin1').toString('utf8') };
  }
  if (encoding === 'base64') return { headers, body: Buffer.from(body, 'base64').toString('utf8') };
  return { headers, body };
}

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
    const { headers, body } = parseMessage(message!.raw);
    expect(headers.get('to')).toBe('employee@demo.test');
    expect(headers.get('subject')).toBe('Reset your password');
    expect(headers.get('from')).toBe('AIPM Portal <no-reply@aipm.test>');
    expect(headers.get('content-type')).toMatch(/^text\/plain/);
    expect(body).toContain('Dear Egor,');

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
    const { headers } = parseMessage(received[0]!.raw);
    expect(headers.get('subject')).toBe('Your seat: Forum');
    expect(headers.get('content-type')).toMatch(/^multipart\/mixed/);
    expect(received[0]!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; name=event\.ics/);
    const encoded = received[0]!.raw.match(/filename=event\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/)?.[1] ?? '';
    expect(Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8')).toContain('SUMMARY:Forum');
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
    expect(parseMessage(received[0]!.raw).headers.get('subject')).toBe('Reset your password');
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
