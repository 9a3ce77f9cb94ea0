// `npm run bench`: throughput and latency of the API on the embedded database (and on PostgreSQL when
// BENCH_DATABASE_URL is set), each beside the bare health route measured in the same run as the baseline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Figure {
  engine: string;
  route: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Omit<Figure, 'engine' | 'route'>> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5 /* autocannon reports 97.5, not 95 */,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function benchEngine(engine: 'pglite' | 'postgres', databaseUrl?: string): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', DATABASE_URL: databaseUrl });
  const database = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pglite') });
  await seedReferenceData(database.db);
  await seedDemo(database.db, new Date());
  const app = await buildApp({ config, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'employee@demo.test', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const figures: Figure[] = [];
  const routes: [string, string, Record<string, string>][] = [
    ['GET /api/health (baseline)', '/api/health', {}],
    ['GET /api/user (session lookup)', '/api/user', { authorization: `Bearer ${token}` }],
    ['GET /api/user/salary/getRegions', '/api/user/salary/getRegions', { authorization: `Bearer ${token}` }],
  ];
  for (const [route, url, headers] of routes) figures.push({ engine, route, ...(await measure(`${address}${url}`, headers)) });
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

const figures = await benchEngine('pglite');
if (process.env.BENCH_DATABASE_URL) figures.push(...(await benchEngine('postgres', process.env.BENCH_DATABASE_URL)));
console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per route`);
console.table(figures.map((f) => ({ ...f, p95: `${f.p95} ms (p97.5)`, p50: `${f.p50} ms`, p99: `${f.p99} ms` })));
