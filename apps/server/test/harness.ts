import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Env, loadConfig } from '../src/config.ts';
import { type Database, openDatabase, PGLITE_OPTIONS } from '../src/db/client.ts';
import type { MailAttachment } from '../src/db/schema/index.ts';
import { sessions, users } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { randomToken, sha256 } from '../src/lib/crypto.ts';
import type { Transport } from '../src/mail/sender.ts';
import { TEST_NOW } from './clock.ts';

export { DEMO_PASSWORD };

/** A fresh copy of the run's migrated, seeded template database. */
export async function testDatabase(): Promise<Database> {
  const template = inject('template');
  if (inject('engine') === 'pglite') {
    const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(template)]), ...PGLITE_OPTIONS });
    return openDatabase({ pglite: client, migrate: false });
  }
  return openDatabase({ databaseUrl: await copyOfTemplate(), poolSize: 5, migrate: false });
}

/** On the PostgreSQL server: a new database copied from the run's template; answers its URL. */
export async function copyOfTemplate(): Promise<string> {
  const template = inject('template');
  const templateUrl = new URL(template);
  const templateName = templateUrl.pathname.slice(1);
  const name = `${templateName.replace('portal_template_', 'portal_test_')}_${randomBytes(4).toString('hex')}`;
  // Connect to the maintenance database, never to the template: PostgreSQL refuses to copy a template
  // while any session is connected to it, so parallel test files would fail each other's copies.
  const maintenanceUrl = new URL(template);
  maintenanceUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenanceUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
  await admin.end();
  templateUrl.pathname = `/${name}`;
  return templateUrl.toString();
}

export interface SentMail {
  to: string;
  type: string;
  subject: string;
  text: string;
  attachments: MailAttachment[];
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The app's DATA_DIR (its files are under files/ unless S3_URL is set). */
  dataDir: string;
  clock: ManualClock;
  /** Messages the outbox has sent so far (call flushMail first). */
  mail: SentMail[];
  flushMail(): Promise<number>;
  /** The set-password link's code from the last message to `to`. */
  linkCode(to: string): string;
  login(email: string, password?: string): Promise<string>;
  /** A session for a user without the cost of a login (argon2). */
  tokenFor(email: string): Promise<string>;
  call(method: 'GET' | 'POST' | 'DELETE', url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  form?: Record<string, string>;
  json?: unknown;
  headers?: Record<string, string>;
}

export interface TestAppOptions {
  /** The database to run on instead of a fresh copy of the template. */
  database?: Database;
  /** Send mail through the transport built from the configuration (SMTP_URL or .eml files) instead of recording it; `mail` stays empty. */
  realTransport?: boolean;
}

/** The real app on its own database copy, a movable clock and a mail transport that records. */
export async function createTestApp(env: Env = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await testDatabase());
  const clock = new ManualClock(TEST_NOW);
  const mail: SentMail[] = [];
  const recorder: Transport = {
    send: async (m) => void mail.push({ to: m.to, type: m.type, subject: m.subject, text: m.text, attachments: m.attachments ?? [] }),
  };
  const transport = options.realTransport ? undefined : recorder;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: FIXTURE_WEB, ...env });
  const app = await buildApp({ config, database, clock, transport });
  await app.ready();

  const call: TestApp['call'] = (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      return app.inject({ method, url, headers, payload: new URLSearchParams(options.form).toString() });
    }
    if (options.json !== undefined) return app.inject({ method, url, headers, payload: options.json as object });
    return app.inject({ method, url, headers });
  };

  return {
    app,
    database,
    dataDir,
    clock,
    mail,
    flushMail: () => app.services.mail.flush(),
    linkCode(to) {
      const last = mail.filter((m) => m.to === to).at(-1);
      const code = last?.text.match(/[?&]code=([\w-]+)/)?.[1];
      if (!code) throw new Error(`no link in the mail to ${to}`);
      return code;
    },
    async login(email, password = DEMO_PASSWORD) {
      const res = await call('POST', '/api/login', { form: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async tokenFor(email) {
      const token = randomToken();
      const now = clock.now();
      const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw new Error(`no user ${email}`);
      await database.db
        .insert(sessions)
        .values({ userId: user.id, tokenHash: sha256(token), createdAt: now, expiresAt: new Date(now.getTime() + 3_600_000) });
      return token;
    },
    call,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A stand-in for the built web app, so page routes can be tested without a build. */
const FIXTURE_WEB = path.join(import.meta.dirname, 'fixtures', 'web');
