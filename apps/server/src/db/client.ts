import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type ConstructorOptions, fromPglite } from 'pg-boss';
import { JsonText } from '../lib/json-text.ts';
import { acquireDataDirLock } from './lock.ts';
import * as schema from './schema/index.ts';
import { StatementOrder } from './statement-order.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a repository query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

/** Rows of a raw SQL statement on either engine (both drivers answer { rows }). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dialect = new PgDialect();

/**
 * Rows of a raw SQL statement run as a prepared statement named after its text, so PostgreSQL parses and plans it once
 * per connection and then reuses the plan (PGlite plans every statement, named or not). For the long list statements
 * written as JSON, whose planning cost the server as much as running them (the calendar's month: 1.5 ms of 3.3); their
 * texts differ only by the filters they carry, so each connection keeps one per combination in use.
 */
async function preparedRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = `list_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  const result = await db._.session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

/**
 * The rows of `query` as one JSON array the database writes, in `order` (of the rows' own columns, as `t."name"`): each
 * row an object of its columns, or the one value `element` names (as `t."name"`).
 */
export async function jsonArray<T>(db: Executor, query: SQLWrapper, order: SQL, element: SQL = sql`t`): Promise<JsonText<T[]>> {
  const [row] = await preparedRows<{ json: string }>(
    db,
    sql`SELECT coalesce(json_agg(${element} ORDER BY ${order}), '[]')::text AS json FROM (${query}) t`,
  );
  return new JsonText(row?.json ?? '[]');
}

/**
 * A page of rows and the number of rows another query finds, as the JSON the database writes (`{ rows, total }`, the
 * contract's pages): the rows as `jsonArray` writes them, the count a subquery beside them, so one query answers even
 * a page past the end.
 */
export async function jsonPage<T>(db: Executor, page: SQLWrapper, counted: SQLWrapper, order: SQL): Promise<JsonText<{ rows: T[]; total: number }>> {
  const [row] = await preparedRows<{ json: string }>(
    db,
    sql`SELECT json_build_object('rows', coalesce((SELECT json_agg(t ORDER BY ${order}) FROM (${page}) t), '[]'), 'total', (${counted}))::text AS json`,
  );
  return new JsonText(row?.json ?? '{"rows":[],"total":0}');
}

/** A column under the contract's field name, for rows the database writes as JSON (`jsonArray`, `jsonPage`) or Drizzle reads as they are. */
export const named = <T>(column: SQLWrapper, name: string) => sql<T>`${column}`.as(name);

/** A time as the contract writes times (ISO 8601 in UTC with milliseconds, as JavaScript's `toISOString`), for `jsonArray`. */
export const isoTime = (time: SQLWrapper): SQL => sql`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A LIKE pattern that finds `search` anywhere, its own % _ and \ taken literally. */
export const containsPattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The number of rows another query finds, as a column of a page (`withTotal` reads it back): an uncorrelated
 * subquery, which the database runs once, beside the page's own plan. A page and its total thus cost one round trip
 * rather than two, and on the busy list routes the round trip is most of what the server spends on a query.
 */
export const totalOf = (counted: SQLWrapper) => sql<number>`(${counted})`.mapWith(Number);

/** A page whose rows carry the total (`totalOf`) as rows and total; a page past the end has no row to carry it, so only then is the count asked alone. */
export async function withTotal<R extends { total: number }>(
  page: PromiseLike<R[]>,
  counted: PromiseLike<{ n: number }[]>,
): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  const rows = await page;
  const total = rows[0]?.total ?? (await counted)[0]?.n ?? 0;
  return { rows: rows.map(({ total: _, ...row }) => row), total };
}

/**
 * Independent reads: at once on the pool, one after another in a transaction (a transaction is one connection, and
 * pg refuses a query on a connection that is still answering another).
 */
export async function readTogether<T extends readonly unknown[] | []>(db: Executor, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * The PostgreSQL server's address, for a thread of this process that opens a connection of its own (the render
   * thread); none for PGlite, which lives in this thread alone.
   */
  url: string | undefined;
  /** Rows of a raw SQL statement (for checks such as SHOW fsync). */
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
  /**
   * Follows a NOTIFY channel: every payload goes to `onNotice`. On PostgreSQL one dedicated connection per call (not one
   * of the pool's), opened again after a loss, after which `onResume` says notices may have been missed meanwhile.
   * Answers the function that stops listening.
   */
  listen(channel: string, onNotice: (payload: string) => void, onResume: () => void): Promise<() => Promise<void>>;
  /** How pg-boss reaches this database: its own small pool on PostgreSQL, the one PGlite connection otherwise. */
  jobConnection(): JobConnection;
  close(): Promise<void>;
}

/** pg-boss's connection options: a connection string, or an adapter over PGlite. */
export type JobConnection = Pick<ConstructorOptions, 'connectionString' | 'max' | 'db' | 'backend'>;

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/**
 * How every PGlite is opened: PGlite's own start parameters less -F, so fsync stays on and acknowledged writes
 * survive a crash, and the pg_trgm extension the search indexes use.
 */
export const PGLITE_OPTIONS = { startParams: PGlite.defaultStartParams.filter((p) => p !== '-F'), extensions: { pg_trgm } };

export interface OpenOptions {
  databaseUrl?: string;
  poolSize?: number;
  /** Directory of the embedded database; omitted means in memory. */
  pgliteDir?: string;
  /** An already opened PGlite (tests give each file a copy of a migrated template). */
  pglite?: PGlite;
  migrate?: boolean;
  /** Called for every query Drizzle runs (the benchmark counts queries per request). */
  onQuery?: () => void;
}

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite, and migrates it. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // A database that cannot be reached fails a request within seconds (then 503) instead of holding it.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000, keepAlive: true });
    // An idle connection the server drops (a restart, a failover) is replaced on the next query; it must not crash the process.
    // Nothing is logged here: if the database is away, the next request says so once (plugins/errors.ts).
    pool.on('error', () => {});
    const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    if (options.migrate !== false) await migratePostgres(pool);
    return {
      db,
      engine: 'postgres',
      url: options.databaseUrl,
      query: async (text) => (await pool.query(text)).rows,
      listen: (channel, onNotice, onResume) => listenPostgres(options.databaseUrl as string, channel, onNotice, onResume),
      jobConnection: () => ({ connectionString: options.databaseUrl as string, max: 3 }),
      close: () => pool.end(),
    };
  }
  let release = () => {};
  let client = options.pglite;
  if (!client) {
    if (options.pgliteDir) {
      fs.mkdirSync(options.pgliteDir, { recursive: true });
      release = acquireDataDirLock(options.pgliteDir);
    }
    try {
      client = await PGlite.create({ ...PGLITE_OPTIONS, dataDir: options.pgliteDir });
    } catch (err) {
      release();
      throw err;
    }
  }
  const pglite = client;
  // The app's statements and transactions reach PGlite in the order of the requests they serve (statement-order.ts).
  const order = new StatementOrder();
  const ordered = {
    query: (...args: Parameters<PGlite['query']>) => order.run(() => pglite.query(...args)),
    transaction: (work: Parameters<PGlite['transaction']>[0]) => order.run(() => pglite.transaction(work)),
  } as unknown as PGlite;
  const db = drizzlePglite({ client: ordered, schema, logger: options.onQuery ? { logQuery: options.onQuery } : undefined }) as unknown as Db;
  if (options.migrate !== false) await migratePglite(drizzlePglite(pglite), { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    engine: 'pglite',
    url: undefined,
    query: async (text) => (await ordered.query(text)).rows as never,
    // One process, one connection: PGlite delivers the notices its own statements send, and none can be missed.
    listen: async (channel, onNotice) => {
      const stop = await pglite.listen(channel, onNotice);
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    jobConnection: () => ({ db: fromPglite(pglite), backend: 'pglite' }),
    close: async () => {
      if (!pglite.closed) {
        await pglite.query('CHECKPOINT');
        await pglite.close();
      }
      release();
    },
  };
}

/** A lost listening connection is opened again after this long. */
const RELISTEN_MS = 1000;

async function listenPostgres(url: string, channel: string, onNotice: (payload: string) => void, onResume: () => void) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (resumed: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotice(n.payload ?? '');
    });
    // A lost connection ends; 'end' opens the next one. Nothing is logged: the requests say when the database is away.
    c.on('error', () => {});
    c.on('end', () => {
      if (client === c && !stopped) again();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      await c.end().catch(() => {});
      // At start the server cannot run without it; later, the next attempt follows.
      if (!resumed) throw err;
      if (!stopped) again();
      return;
    }
    if (stopped) return void (await c.end().catch(() => {}));
    client = c;
    if (resumed) onResume();
  };
  const again = () => {
    client = undefined;
    retry = setTimeout(() => void connect(true), RELISTEN_MS);
    retry.unref();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** Several app servers may start at once: one migrates while the others wait on an advisory lock. */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg(conn), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await conn.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    conn.release();
  }
}

export { schema, sql };
