// `npm run bench`: the figures the issues ask for, each beside the bare health route measured in the same run.
// Embedded PGlite always; a PostgreSQL server too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names one:
// a scratch database is created there and dropped afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo.ts';
import { seedLarge } from '../src/db/seed/large.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Figure {
  engine: string;
  route: string;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
  'queries/req': string;
  errors: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Database queries one request makes, counted over sequential requests. */
async function queriesPerRequest(url: string, headers: Record<string, string>, queries: { n: number }): Promise<string> {
  const before = queries.n;
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
  return ((queries.n - before) / 20).toFixed(1);
}

/** Runs one route under load; latencies are recorded per response so p95 is exact. */
async function measure(url: string, headers: Record<string, string>, queries: { n: number }) {
  const latencies: number[] = [];
  const perRequest = await queriesPerRequest(url, headers, queries);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': Math.round(percentile(latencies, 50) * 10) / 10,
    'p95 ms': Math.round(percentile(latencies, 95) * 10) / 10,
    'p99 ms': Math.round(percentile(latencies, 99) * 10) / 10,
    'queries/req': perRequest,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function benchEngine(engine: 'pglite' | 'postgres', databaseUrl?: string): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl });
  const queries = { n: 0 };
  const database = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'), onQuery: () => queries.n++ });
  await seedReferenceData(database.db);
  await seedDemo(database.db, new Date());
  await seedLarge(database.db, new Date());
  const app = await buildApp({ config, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff@demo.test', password: DEMO_PASSWORD }),
  });
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const routes: [string, string, Record<string, string>][] = [
    ['GET /api/health (baseline)', '/api/health', {}],
    ['companies: active, sorted by size, page 2 of 50', '/api/aipm/company?isActive=true&sort=people&order=desc&page=2', auth],
    ['companies: search', '/api/aipm/company?search=pharma&sort=name', auth],
    ['people: active employees by surname, page 3', '/api/aipm/company/users?isActive=true&role=employee&sort=surname&page=3', auth],
    ['people: search, sorted by company', '/api/aipm/company/users?search=petrov&sort=company', auth],
    ['people: one company', '/api/aipm/company/users?companyId=42', auth],
  ];
  const figures: Figure[] = [];
  for (const [route, url, headers] of routes) figures.push({ engine, route, ...(await measure(`${address}${url}`, headers, queries)) });
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

/** A scratch database on the server, dropped afterwards. */
async function withScratchDatabase<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `portal_bench_${process.pid}`;
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

const figures = await benchEngine('pglite');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) figures.push(...(await withScratchDatabase(serverUrl, (url) => benchEngine('postgres', url))));
else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)');
console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per route, 300 companies and 10,000 people`);
console.table(figures);
