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
import { type Db, openDatabase } from '../src/db/client.ts';
import { companies, users, votingOptions, votings } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo.ts';
import { seedLarge } from '../src/db/seed/large.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The public vote is measured at this many concurrent voters (issue 4: 200). */
const VOTE_CONNECTIONS = Number(process.env.BENCH_VOTE_CONNECTIONS ?? 200);
/** Distinct eligible voters seeded for the vote, so a run never runs out of people who have not voted. */
const VOTERS = Number(process.env.BENCH_VOTERS ?? 20_000);
const BURST = 500;
/** What autocannon would count as a timeout (its default), applied to the burst. */
const TIMEOUT_MS = 10_000;

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

interface VoteFigure {
  engine: string;
  route: string;
  connections: number;
  'responses/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
  'max ms': number;
  '2xx': number;
  non2xx: number;
  timeouts: number;
  'queries/req': string;
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

async function benchEngine(engine: 'pglite' | 'postgres', databaseUrl?: string): Promise<{ figures: Figure[]; votes: VoteFigure[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  // A whole meeting room votes from one address: the per-address ceiling is raised so it measures the vote, not the limiter.
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, VOTE_LIMIT_PER_ADDRESS: '100000000' });
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
  const votes = await benchVote(engine, database.db, address, queries);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { figures, votes };
}

/**
 * Seeds VOTERS eligible people (one ceo, one trusted person, the rest employees in companies of 20) and a running
 * voting (one response per person, no e-mail code, a maximum that is never reached), straight into the database
 * so the start notice is not queued to 20,000 people. Answers the slug, an option id and the voters' e-mails.
 */
async function seedVote(db: Db, now: Date): Promise<{ slug: string; optionId: number; emails: string[] }> {
  const perCompany = 20;
  const companyRows: { id: number }[] = [];
  const n = Math.ceil(VOTERS / perCompany);
  for (let i = 0; i < n; i += 1000) {
    const chunk = Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({
      name: `Bench Voting Co ${String(i + k + 1).padStart(5, '0')}`,
      status: 'confirmed' as const,
      isActive: true,
      createdAt: now,
    }));
    companyRows.push(...(await db.insert(companies).values(chunk).returning({ id: companies.id })));
  }
  const emails: string[] = [];
  const people = Array.from({ length: VOTERS }, (_, k) => {
    const c = Math.floor(k / perCompany);
    const r = k % perCompany;
    const email = `bench.voter.${k + 1}@voters.bench`;
    emails.push(email);
    return {
      email,
      name: `Voter${k + 1}`,
      surname: `Bench ${k + 1}`,
      role: r === 0 ? ('ceo' as const) : r === 1 ? ('trusted' as const) : ('employee' as const),
      status: 'joined' as const,
      isActive: true,
      companyId: companyRows[c]!.id,
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let i = 0; i < people.length; i += 1000) await db.insert(users).values(people.slice(i, i + 1000));
  const slug = `bench-${Date.now().toString(36)}`;
  const [voting] = await db
    .insert(votings)
    .values({
      slug,
      title: 'Benchmark voting',
      question: 'Do you approve the annual report?',
      language: 'en',
      status: 'started',
      startsAt: new Date(now.getTime() - 60_000),
      endsAt: new Date(now.getTime() + 86_400_000),
      unit: 'person',
      eligibility: 'all',
      requireCode: false,
      maxResponses: 10_000_000,
      effectiveMax: 10_000_000,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: votings.id });
  const options = await db
    .insert(votingOptions)
    .values(['For', 'Against', 'Abstain'].map((name, i) => ({ votingId: voting!.id, seq: i + 1, name })))
    .returning({ id: votingOptions.id });
  return { slug, optionId: options[0]!.id, emails };
}

/** One autocannon run in which every request can carry its own body; latencies per response. */
async function load(opts: autocannon.Options): Promise<{ result: autocannon.Result; latencies: number[] }> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return { result, latencies };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** The public vote at VOTE_CONNECTIONS concurrent voters, each request a different voter, beside the health route at the same concurrency. */
async function benchVote(engine: string, db: Db, address: string, queries: { n: number }): Promise<VoteFigure[]> {
  const { slug, optionId, emails } = await seedVote(db, new Date());
  let next = 0;
  const body = () => JSON.stringify({ slug, email: emails[next++ % emails.length], optionIds: [optionId] });
  const url = `${address}/api/vote/sendNoAuthResponse`;
  const post = (b: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: b });

  // Queries one vote makes, over sequential votes.
  const before = queries.n;
  for (let i = 0; i < 20; i++) await (await post(body())).arrayBuffer();
  const perVote = ((queries.n - before) / 20).toFixed(1);

  const figures: VoteFigure[] = [];
  const row = (route: string, connections: number, r: { result: autocannon.Result; latencies: number[] }, q: string): VoteFigure => ({
    engine,
    route,
    connections,
    'responses/s': Math.round(r.result['2xx'] / r.result.duration),
    'p50 ms': round(percentile(r.latencies, 50)),
    'p95 ms': round(percentile(r.latencies, 95)),
    'p99 ms': round(percentile(r.latencies, 99)),
    'max ms': round(r.latencies.at(-1) ?? 0),
    '2xx': r.result['2xx'],
    non2xx: r.result.non2xx,
    timeouts: r.result.timeouts,
    'queries/req': q,
  });
  const health = await load({ url: `${address}/api/health`, connections: VOTE_CONNECTIONS, duration: DURATION_S });
  figures.push(row('GET /api/health (baseline)', VOTE_CONNECTIONS, health, '-'));
  const voted = await load({
    url,
    connections: VOTE_CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path: '/api/vote/sendNoAuthResponse',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: body() }),
      },
    ],
  });
  figures.push(row('POST /api/vote/sendNoAuthResponse (public vote)', VOTE_CONNECTIONS, voted, perVote));
  if (next > emails.length) console.warn(`(${engine}: the run used ${next} voters of ${emails.length}; later votes were refused as already cast)`);

  // A burst: BURST voters press "send" at the same moment.
  if (next + BURST <= emails.length) {
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const t0 = performance.now();
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: body(),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          await res.arrayBuffer();
          return { ms: performance.now() - t0, status: res.status };
        } catch {
          return { ms: performance.now() - t0, status: 0 };
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    const ok = outcomes.filter((o) => o.status >= 200 && o.status < 300).length;
    figures.push({
      engine,
      route: `burst of ${BURST} simultaneous public votes`,
      connections: BURST,
      'responses/s': Math.round(ok / elapsed),
      'p50 ms': round(percentile(latencies, 50)),
      'p95 ms': round(percentile(latencies, 95)),
      'p99 ms': round(percentile(latencies, 99)),
      'max ms': round(latencies.at(-1) ?? 0),
      '2xx': ok,
      non2xx: outcomes.filter((o) => o.status !== 0 && (o.status < 200 || o.status >= 300)).length,
      timeouts: outcomes.filter((o) => o.status === 0).length,
      'queries/req': perVote,
    });
  }
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

const { figures, votes } = await benchEngine('pglite');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const server = await withScratchDatabase(serverUrl, (url) => benchEngine('postgres', url));
  figures.push(...server.figures);
  votes.push(...server.votes);
} else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)');
console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per route, 300 companies and 10,000 people`);
console.table(figures);
console.log(
  `\nThe public vote: ${VOTE_CONNECTIONS} concurrent voters for ${DURATION_S} s, each request a different one of ${VOTERS.toLocaleString('en')} eligible voters` +
    ` (one response per person, no e-mail code, per-address limit raised); goal: ≥ 1,000 responses/s with p99 < 100 ms on PostgreSQL,` +
    ` no timeouts (> ${TIMEOUT_MS / 1000} s) in the burst on PGlite`,
);
console.table(votes);
