import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { API_PREFIX, account, type EndpointBody, type EndpointDef, type EndpointQuery } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { z } from 'zod';
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
import { type MultipartFile, multipartPayload } from './multipart.ts';

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
  from: string;
  type: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  attachments: MailAttachment[];
}

/**
 * A field whose schema preprocesses what it gets (an optional id, a checkbox) takes anything, nothing included, as
 * the server does; zod types it `unknown` but required.
 */
type Lenient<T> = T extends object
  ? { [K in keyof T as unknown extends T[K] ? K : never]?: T[K] } & { [K in keyof T as unknown extends T[K] ? never : K]: T[K] }
  : T;

/** What an endpoint takes from the caller: its body when it has one, else its query (no contract has both). */
export type ApiInput<E extends EndpointDef> = Lenient<E['body'] extends z.ZodType ? EndpointBody<E> : EndpointQuery<E>>;

/** Besides the input: request headers (a language, a cookie), a multipart endpoint's file, the caller's network address. */
export interface ApiExtra {
  headers?: Record<string, string>;
  file?: MultipartFile;
  remoteAddress?: string;
}

/** The input may be left out when the endpoint takes none, or none of its fields is required. */
type ApiArgs<E extends EndpointDef> =
  ApiInput<E> extends undefined
    ? [input?: undefined, token?: string, extra?: ApiExtra]
    : object extends ApiInput<E>
      ? [input?: ApiInput<E>, token?: string, extra?: ApiExtra]
      : [input: ApiInput<E>, token?: string, extra?: ApiExtra];

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
  /**
   * Calls an endpoint of the shared contract as the web client does: the input goes into the query string, or
   * into a form, JSON or multipart body by the contract's bodyType; `token` is the caller's session (none: a guest).
   */
  api<E extends EndpointDef>(endpoint: E, ...args: ApiArgs<E>): Promise<LightMyRequestResponse>;
  /** A request written by hand: for the tests that send what no client would (malformed input, wrong types, odd headers). */
  call(method: 'GET' | 'POST' | 'DELETE', url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  /**
   * Back to the state the app was built on, so that each test starts alike: the database's rows and sequences
   * as they were (the seeded template), the clock at TEST_NOW, no mail captured, no stored files.
   */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  form?: Record<string, string>;
  json?: unknown;
  headers?: Record<string, string>;
}

export interface TestAppOptions {
  /** The database to run on instead of a fresh copy of the template (then `reset` is not available). */
  database?: Database;
  /** Send mail through the transport built from the configuration (SMTP_URL or .eml files) instead of recording it; `mail` stays empty. */
  realTransport?: boolean;
}

/** Query or form values as the web client sends them: arrays as repeated keys, null as empty ("not set"); undefined left out. */
function searchParams(values: unknown): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item === null ? '' : String(item));
  }
  return params;
}

/** The schema that keeps the rows `reset` puts back. */
const SAVED = 'harness_saved';

/**
 * Saves the database's rows (in a schema of its own) and its sequences' positions, and answers the one statement
 * that restores them: every table emptied (children first), the saved rows put back (parents first), every sequence
 * where it was. One statement, so a reset is one round trip. DELETE, not TRUNCATE: on a few rows it costs
 * milliseconds, where TRUNCATE makes new files for every table and index (hundreds of milliseconds).
 */
async function saveState(database: Database): Promise<string> {
  const tables = (await database.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).map(
    (r) => r.name,
  );
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const counts = (
    await database.query<Record<string, number>>(`SELECT ${tables.map((n) => `(SELECT count(*)::int FROM ${quoted(n)}) AS ${quoted(n)}`).join(', ')}`)
  )[0]!;
  const columns = await database.query<{ table: string; column: string }>(
    `SELECT table_name AS table, column_name AS column FROM information_schema.columns
     WHERE table_schema = 'public' AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`,
  );
  const references = await database.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
     WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND c.oid <> p.oid`,
  );
  const sequences = await database.query<{ name: string; value: string | null }>(
    `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`,
  );
  // Parents first: a table comes once every table it refers to has come.
  const ordered: string[] = [];
  while (ordered.length < tables.length) {
    const next = tables.find((n) => !ordered.includes(n) && references.every((r) => r.child !== n || ordered.includes(r.parent)));
    if (!next) throw new Error('the foreign keys between the tables form a cycle');
    ordered.push(next);
  }
  const filled = ordered.filter((n) => counts[n]! > 0);
  await database.query(
    `DO $$BEGIN CREATE SCHEMA ${SAVED}; ${filled.map((n) => `CREATE TABLE ${SAVED}.${quoted(n)} AS TABLE public.${quoted(n)};`).join(' ')} END$$`,
  );
  const empty = ordered.toReversed().map((n) => `DELETE FROM public.${quoted(n)};`);
  const refill = filled.map((n) => {
    const list = columns
      .filter((c) => c.table === n)
      .map((c) => quoted(c.column))
      .join(', ');
    return `INSERT INTO public.${quoted(n)} (${list}) SELECT ${list} FROM ${SAVED}.${quoted(n)};`;
  });
  // A sequence never used starts again at 1, as in a fresh copy.
  const positions = sequences.map((q) => `PERFORM setval('public.${quoted(q.name)}', ${q.value ?? 1}, ${q.value !== null});`);
  // The tables' triggers are held off meanwhile: the rows come back as they were, counts kept by triggers included.
  const triggers = (role: string) => `PERFORM set_config('session_replication_role', '${role}', true);`;
  return `DO $$BEGIN ${triggers('replica')} ${empty.join(' ')} ${refill.join(' ')} ${positions.join(' ')} ${triggers('origin')} END$$`;
}

/** The real app on its own database copy, a movable clock and a mail transport that records. */
export async function createTestApp(env: Env = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await testDatabase());
  const restore = options.database ? undefined : await saveState(database);
  const clock = new ManualClock(TEST_NOW);
  const mail: SentMail[] = [];
  const recorder: Transport = {
    send: async (m) =>
      void mail.push({
        to: m.to,
        from: m.from,
        type: m.type,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        headers: m.headers ?? {},
        attachments: m.attachments ?? [],
      }),
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

  const api = <E extends EndpointDef>(endpoint: E, ...[input, token, extra = {}]: ApiArgs<E>) => {
    const { method } = endpoint;
    const { remoteAddress } = extra;
    const headers: Record<string, string> = { ...extra.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    const url = API_PREFIX + endpoint.path;
    if (endpoint.bodyType === 'multipart') {
      const multipart = multipartPayload(Object.fromEntries(searchParams(input)), extra.file);
      return app.inject({ method, url, headers: { ...multipart.headers, ...headers }, payload: multipart.payload, remoteAddress });
    }
    // As the web client: no body type, or no input, sends no body.
    if (!endpoint.bodyType || input === undefined) {
      const query = endpoint.bodyType ? '' : searchParams(input).toString();
      return app.inject({ method, url: query ? `${url}?${query}` : url, headers, remoteAddress });
    }
    if (endpoint.bodyType === 'json') {
      return app.inject({ method, url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(input), remoteAddress });
    }
    return app.inject({
      method,
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: searchParams(input).toString(),
      remoteAddress,
    });
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
      const res = await api(account.login, { email, password });
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
        .values({ userId: user.id, tokenHash: sha256(token), createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + 3_600_000) });
      return token;
    },
    api,
    call,
    async reset() {
      if (!restore) throw new Error('reset restores only a database the harness copied itself');
      await database.query(restore);
      clock.set(TEST_NOW);
      mail.length = 0;
      for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A stand-in for the built web app, so page routes can be tested without a build. */
const FIXTURE_WEB = path.join(import.meta.dirname, 'fixtures', 'web');
