// What every part of the benchmark shares: percentiles, rounding, vacuumed tables, the staff's session, waiting for quiet, a scratch database.
import pg from 'pg';
import type { Database } from '../src/db/client.ts';
import { vacuumEmbedded } from '../src/db/embedded-vacuum.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
export const round = (ms: number) => Math.round(ms * 10) / 10;
export const latency = (l: number[]) => ({
  'p50 ms': round(percentile(l, 50)),
  'p95 ms': round(percentile(l, 95)),
  'p99 ms': round(percentile(l, 99)),
  'max ms': round(l.at(-1) ?? 0),
});

/** Waits until no query has run for 200 ms: requests of the last load run may still be finishing. */
export async function settle(queries: { n: number }): Promise<void> {
  for (let last = -1; last !== queries.n; ) {
    last = queries.n;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Tables as the database's upkeep leaves them by the time anyone reads tables that grew this much: vacuumed and
 * analysed, by autovacuum on PostgreSQL (the named tables, or all) and by the server's own run on PGlite, which has no
 * autovacuum (src/db/embedded-vacuum.ts; every five minutes, on autovacuum's thresholds).
 */
export async function vacuumed(database: Database, tables = ''): Promise<void> {
  if (database.engine === 'postgres') await database.query(`VACUUM ANALYZE ${tables}`);
  else await vacuumEmbedded(database);
}

/** A demo account's authorisation header on the server at `address` (the staff member's by default). */
export async function staffAuth(address: string, email = 'staff@demo.test'): Promise<{ authorization: string }> {
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** A scratch database on the server (`<prefix>_<pid>`), dropped afterwards whatever happens. */
export async function withScratchDatabase<T>(serverUrl: string, prefix: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
