// `npm run bench`: the figures the issues ask for, each beside the bare health route measured in the same run.
// Embedded PGlite always; a PostgreSQL server too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names one:
// a scratch database is created there and dropped afterwards. Each engine is measured in a child process of its
// own (`run.ts pglite` or `run.ts postgres <url>`: the embedded database's memory would otherwise weigh on the
// other's garbage collection); the server runs in that process, so its queries can be counted, and the load
// comes from a further child process (bench/load.ts) with its own core.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, type Db, openDatabase } from '../src/db/client.ts';
import { committees } from '../src/db/schema/index.ts';
import { seedLarge } from '../src/db/seed/large.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { seedDemoData } from '../src/demo-survey.ts';
import { benchCluster } from './cluster.ts';
import { dashboardRoutes, seedDashboard } from './dashboard.ts';
import { latency, settle, staffAuth, vacuumed, withScratchDatabase } from './figures.ts';
import { benchFiles } from './files.ts';
import { benchLighthouse } from './lighthouse.ts';
import type { LoadJob, LoadResult } from './load.ts';
import { benchMailing } from './mailing.ts';
import { benchMeeting } from './meeting.ts';
import { benchReports } from './reports.ts';
import { benchSignIn } from './signin.ts';
import { benchSurvey } from './survey.ts';
import { ballotsOf, type SeededVoters, seedVoters } from './voters.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The public vote is measured at this many concurrent voters (issue 4: 200). */
const VOTE_CONNECTIONS = Number(process.env.BENCH_VOTE_CONNECTIONS ?? 200);
/** The offered rate of the open-load vote run: the goal is 1,000 responses/s with p99 under 100 ms. */
const VOTE_RATE = Number(process.env.BENCH_VOTE_RATE ?? 1000);
/** Distinct eligible voters seeded for the vote; each run has a voting of its own, so none runs out of people who have not voted. */
const VOTERS = Number(process.env.BENCH_VOTERS ?? 50_000);
const BURST = 500;
/** Which parts to run: lists, dashboard, meeting, vote, mailing, survey, reports, files, signin, cluster, lighthouse (all by default). */
const PARTS = (process.env.BENCH_ONLY ?? 'lists,dashboard,meeting,vote,mailing,survey,reports,files,signin,cluster,lighthouse').split(',');

let loader: ChildProcess;
/** One load run in the load generator's process. */
function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    loader.once('message', (m: LoadResult | { error: string }) => ('error' in m ? reject(new Error(m.error)) : resolve(m)));
    loader.send(job);
  });
}

/** Database queries one request makes, counted over 20 sequential requests. */
async function queriesPerRequest(queries: { n: number }, send: () => Promise<Response>): Promise<string> {
  await settle(queries);
  const before = queries.n;
  for (let i = 0; i < 20; i++) await (await send()).arrayBuffer();
  return ((queries.n - before) / 20).toFixed(1);
}

async function benchEngine(engine: 'pglite' | 'postgres', databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  // A whole meeting room votes from one address: the per-address ceiling is raised so it measures the vote, not the limiter.
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, VOTE_LIMIT_PER_ADDRESS: '100000000' });
  const queries = { n: 0 };
  const database = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'), onQuery: () => queries.n++ });
  await seedReferenceData(database.db);
  await seedDemoData(database.db, new Date());
  await seedLarge(database.db, new Date());
  await vacuumed(database);
  const app = await buildApp({ config, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    // The lists at the volume first; the voters are added for the vote only.
    const lists = PARTS.includes('lists')
      ? await benchLists(engine, address, queries, await seedHistory(database), await seedEvents(database), await seedCommittees(database))
      : [];
    // The survey's completion dashboard, on the large seed's companies.
    const dashboards = PARTS.includes('dashboard') ? await benchDashboard(engine, address, queries, await seedDashboard(database)) : [];
    // The meeting on the large seed before the vote's voters are added: its voting is open to the 10,000 people.
    const meetings = PARTS.includes('meeting')
      ? [await benchMeeting(engine, database, { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl })]
      : [];
    if (!['vote', 'mailing', 'survey', 'reports'].some((part) => PARTS.includes(part)))
      return { lists, dashboards, meetings, votes: [], mailings: [], surveys: [], reports: [] };
    await settle(queries);
    const voters = await seedVoters(database.db, new Date(), VOTERS);
    await vacuumed(database);
    const votes = PARTS.includes('vote') ? await benchVote(engine, database.db, address, queries, voters) : [];
    const voteLoad = {
      url: `${address}/api/vote/sendNoAuthResponse`,
      connections: VOTE_CONNECTIONS,
      seconds: DURATION_S,
      rate: VOTE_RATE,
      ballots: ballotsOf(database.db, voters),
    };
    await settle(queries);
    const mailings = PARTS.includes('mailing')
      ? [
          await benchMailing(
            engine,
            database,
            { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, VOTE_LIMIT_PER_ADDRESS: '100000000' },
            voteLoad,
            load,
          ),
        ]
      : [];
    await settle(queries);
    const surveys = PARTS.includes('survey') ? await benchSurvey(engine, database, address, voteLoad, load) : [];
    await settle(queries);
    // The reports last: their worker, started for them alone, keeps working (and polling) until the app closes.
    const reports = PARTS.includes('reports') ? await benchReports(engine, database, app, address, voteLoad, load) : [];
    return { lists, dashboards, meetings, votes, mailings, surveys, reports };
  } finally {
    await settle(queries);
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The list endpoints at CONNECTIONS connections for DURATION_S each, as staff. */
/** The history's volume (issue 9): 200,000 changes over a year, by the association's staff, in its three areas. Answers an author's id. */
async function seedHistory(database: Database): Promise<number> {
  await database.query(`
    INSERT INTO action_log (at, domain, action, entity, entity_id, actor_id, before, after, viewed)
    SELECT now() - g * interval '150 seconds',
      (ARRAY['users', 'vote', 'digest'])[1 + g % 3],
      (ARRAY['company.updated', 'voting.updated', 'digest.updated'])[1 + g % 3],
      (ARRAY['company', 'voting', 'digest'])[1 + g % 3],
      1 + g % 300,
      staff.ids[1 + g % cardinality(staff.ids)],
      jsonb_build_object('name', 'Before ' || g), jsonb_build_object('name', 'After ' || g), true
    FROM generate_series(1, 200000) g,
      (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role IN ('staff', 'admin')) staff`);
  await vacuumed(database, 'action_log');
  const [staff] = await database.query<{ id: number }>("SELECT id FROM users WHERE email = 'staff@demo.test'");
  return Number(staff?.id);
}

/**
 * The calendar's volume (issue 9): 5,000 events over three years from a year ago (one every five and a quarter
 * hours, one to three hours long, every tenth a whole day), a third of them of 20 committees, every fifth with
 * registration and 20 people registered; the demo employee is on two of the committees. Answers the month to ask for.
 */
async function seedEvents(database: Database): Promise<{ from: string; to: string }> {
  for (const statement of [
    `INSERT INTO committees (name_en, name_ru, position) SELECT 'Committee ' || g, 'Комитет ' || g, g FROM generate_series(1, 20) g`,
    `INSERT INTO committee_members (committee_id, user_id, since)
      SELECT c.id, u.id, '2020-01-01' FROM committees c, users u WHERE u.email = 'employee@demo.test' AND c.position <= 2`,
    `INSERT INTO events (title_en, title_ru, starts_at, ends_at, all_day, committee_id, registration, seats, updated_at)
      SELECT 'Event ' || g, 'Мероприятие ' || g, s, s + CASE WHEN g % 10 = 0 THEN interval '1 day' ELSE (1 + g % 3) * interval '1 hour' END,
        g % 10 = 0, CASE WHEN g % 3 = 0 THEN (SELECT id FROM committees WHERE position = 1 + g % 20) END, g % 5 = 0, CASE WHEN g % 5 = 0 THEN 50 END, now()
      FROM generate_series(1, 5000) g, LATERAL (SELECT date_trunc('hour', now() - interval '1 year') + g * interval '315 minutes' AS s) t`,
    `INSERT INTO event_registrations (event_id, user_id, status, created_at)
      SELECT e.id, u.id, 'registered', now() FROM events e, LATERAL (SELECT id FROM users WHERE company_id IS NOT NULL ORDER BY id OFFSET e.id % 500 LIMIT 20) u
      WHERE e.registration`,
  ])
    await database.query(statement);
  await vacuumed(database, 'committees, committee_members, events, event_registrations');
  // The month view of next month: six weeks from the Monday on or before its first day.
  const first = new Date();
  first.setUTCDate(1);
  first.setUTCMonth(first.getUTCMonth() + 1);
  const from = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1 - ((first.getUTCDay() + 6) % 7)));
  return { from: from.toISOString(), to: new Date(from.getTime() + 42 * 86_400_000).toISOString() };
}

/**
 * Thirty more committees and groups (fifty with the calendar's), each with 2,000 subscribers and 40 members drawn from the
 * large seed's people (committees issue); answers one committee's id.
 */
async function seedCommittees(database: Database): Promise<number> {
  for (const statement of [
    `INSERT INTO committees (name_en, name_ru, position, parent_id)
      SELECT 'Bench committee ' || g, 'Комитет ' || g, 20 + g, CASE WHEN g % 3 = 0 THEN (SELECT id FROM committees WHERE position = 1) END
      FROM generate_series(1, 30) g`,
    `INSERT INTO committee_subscribers (committee_id, user_id, created_at)
      SELECT c.id, u.id, now() FROM committees c,
        LATERAL (SELECT id FROM users WHERE company_id IS NOT NULL ORDER BY id OFFSET (c.id * 97) % 5000 LIMIT 2000) u`,
    `INSERT INTO committee_members (committee_id, user_id, position, since)
      SELECT c.id, u.id, 'member', '2024-01-01' FROM committees c,
        LATERAL (SELECT id FROM users WHERE company_id IS NOT NULL ORDER BY id DESC OFFSET (c.id * 31) % 3000 LIMIT 40) u`,
  ])
    await database.query(statement);
  await vacuumed(database, 'committees, committee_members, committee_subscribers');
  const [row] = await database.db.select({ id: committees.id }).from(committees).where(eq(committees.nameEn, 'Bench committee 1'));
  return row!.id;
}

async function benchLists(
  engine: string,
  address: string,
  queries: { n: number },
  author: number,
  month: { from: string; to: string },
  committee: number,
) {
  const auth = await staffAuth(address);
  const member = await staffAuth(address, 'employee@demo.test');
  const monthQuery = `from=${encodeURIComponent(month.from)}&to=${encodeURIComponent(month.to)}`;
  const routes: [string, string, Record<string, string>][] = [
    ['GET /api/health (baseline)', '/api/health', {}],
    ['companies: active, sorted by size, page 2 of 50', '/api/aipm/company?isActive=true&sort=people&order=desc&page=2', auth],
    ['companies: search', '/api/aipm/company?search=pharma&sort=name', auth],
    ['people: active employees by surname, page 3', '/api/aipm/company/users?isActive=true&role=employee&sort=surname&page=3', auth],
    ['people: search, sorted by company', '/api/aipm/company/users?search=petrov&sort=company', auth],
    ['people: everyone, sorted by company, page 20', '/api/aipm/company/users?sort=company&page=20', auth],
    ['people: one company', '/api/aipm/company/users?companyId=42', auth],
    ['history: first page of 200,000 changes', '/api/aipm/history', auth],
    ['history: one author, one area, page 5', `/api/aipm/history?actorId=${author}&area=vote&page=5`, auth],
    ['history: one object', '/api/aipm/history?entity=company&entityId=42', auth],
    ['calendar: a month of 5,000 events, staff', `/api/calendar/events?${monthQuery}`, auth],
    ['calendar: a month of 5,000 events, a committee member', `/api/calendar/events?${monthQuery}`, member],
    [
      'committees: distribution list of 2,040 (members and subscribers), page 3',
      `/api/aipm/committee/distribution?committeeId=${committee}&page=3`,
      auth,
    ],
    ['committees: distribution list, searched', `/api/aipm/committee/distribution?committeeId=${committee}&search=petrov`, auth],
    ['committees: distribution list, all 2,040 addresses', `/api/aipm/committee/distribution/addresses?committeeId=${committee}`, auth],
    ['committees: members, page 1', `/api/aipm/committee/members?committeeId=${committee}`, auth],
    ['committees: all with counts', '/api/aipm/committee/all', auth],
  ];
  const figures = [];
  for (const [route, url, headers] of routes) {
    const perRequest = await queriesPerRequest(queries, () => fetch(`${address}${url}`, { headers }));
    const r = await load({ url: `${address}${url}`, connections: CONNECTIONS, seconds: DURATION_S, headers });
    const { 'max ms': _, ...l } = latency(r.latencies);
    figures.push({ engine, route, 'req/s': Math.round(r.ok / r.seconds), ...l, 'queries/req': perRequest, errors: r.failed + r.timeouts });
  }
  return figures;
}

/** The survey's completion dashboard as staff, beside the health route, at CONNECTIONS connections for DURATION_S each. */
async function benchDashboard(engine: string, address: string, queries: { n: number }, seeded: { periodId: number; companies: number }) {
  const auth = await staffAuth(address);
  const routes: [string, string, Record<string, string>][] = [
    ['GET /api/health (baseline)', '/api/health', {}],
    ...dashboardRoutes(seeded.periodId).map(([route, url]): [string, string, Record<string, string>] => [route, url, auth]),
  ];
  const figures = [];
  for (const [route, url, headers] of routes) {
    const perRequest = await queriesPerRequest(queries, () => fetch(`${address}${url}`, { headers }));
    const r = await load({ url: `${address}${url}`, connections: CONNECTIONS, seconds: DURATION_S, headers });
    const { 'max ms': _, ...l } = latency(r.latencies);
    figures.push({
      engine,
      route,
      companies: seeded.companies,
      'req/s': Math.round(r.ok / r.seconds),
      ...l,
      'queries/req': perRequest,
      errors: r.failed + r.timeouts,
    });
  }
  return figures;
}

/** The public vote: as fast as it goes, at an offered rate, and in a burst; each beside the health route at the same concurrency. */
async function benchVote(engine: string, db: Db, address: string, queries: { n: number }, voters: SeededVoters) {
  const url = `${address}/api/vote/sendNoAuthResponse`;
  const ballots = ballotsOf(db, voters);
  const sequential = await ballots();
  let i = 0;
  const perVote = await queriesPerRequest(queries, () =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: sequential[i++] }),
  );
  const row = (route: string, connections: number, r: LoadResult, q: string) => ({
    engine,
    route,
    connections,
    'responses/s': Math.round(r.ok / r.seconds),
    ...latency(r.latencies),
    '2xx': r.ok,
    non2xx: r.failed,
    timeouts: r.timeouts,
    'queries/req': q,
  });
  const figures = [];
  const health = await load({ url: `${address}/api/health`, connections: VOTE_CONNECTIONS, seconds: DURATION_S });
  figures.push(row('GET /api/health (baseline)', VOTE_CONNECTIONS, health, '-'));
  const healthOpen = await load({ url: `${address}/api/health`, connections: VOTE_CONNECTIONS, seconds: DURATION_S, rate: VOTE_RATE });
  figures.push(row(`GET /api/health, ${VOTE_RATE.toLocaleString('en')} arriving per second (baseline)`, VOTE_CONNECTIONS, healthOpen, '-'));
  // Warm-up, not reported: the server's code is compiled and its statements planned before anything is timed.
  await load({ url, connections: VOTE_CONNECTIONS, seconds: 2, rate: VOTE_RATE / 2, bodies: await ballots() });
  await settle(queries);
  const open = await load({ url, connections: VOTE_CONNECTIONS, seconds: DURATION_S, rate: VOTE_RATE, bodies: await ballots() });
  figures.push(row(`public vote, ${VOTE_RATE.toLocaleString('en')} arriving per second (open load)`, VOTE_CONNECTIONS, open, perVote));
  await settle(queries);
  const closed = await load({ url, connections: VOTE_CONNECTIONS, seconds: DURATION_S, bodies: await ballots() });
  figures.push(row('public vote, as fast as it goes', VOTE_CONNECTIONS, closed, perVote));
  if (closed.ok + closed.failed >= voters.emails.length) console.warn(`(${engine}: the run used every seeded voter; raise BENCH_VOTERS)`);
  await settle(queries);
  const burst = await load({ url, connections: BURST, burst: BURST, bodies: await ballots() });
  figures.push(row(`public vote, burst of ${BURST} at once`, BURST, burst, perVote));
  return figures;
}

type Figures = Awaited<ReturnType<typeof benchEngine>>;

/** Measures one engine in a child process of its own; answers its figures. */
function inChild(...args: string[]): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, args, { execArgv: ['--import', 'tsx'] });
    child.once('message', (figures: Figures) => resolve(figures));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the ${args[0]} benchmark exited with ${code}`))));
  });
}

const [engine, engineUrl] = process.argv.slice(2);
if (engine === 'pglite' || engine === 'postgres') {
  loader = fork(path.join(import.meta.dirname, 'load.ts'), { execArgv: ['--import', 'tsx'] });
  const figures = await benchEngine(engine, engineUrl);
  loader.kill();
  process.send?.(figures, () => process.exit(0));
} else {
  const engines = ['lists', 'dashboard', 'meeting', 'vote', 'mailing', 'survey', 'reports'].some((part) => PARTS.includes(part));
  // BENCH_ENGINES=postgres skips the embedded engine (a quicker run while working on the server's figures).
  const measured = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const { lists, dashboards, meetings, votes, mailings, surveys, reports } =
    engines && measured.includes('pglite')
      ? await inChild('pglite')
      : { lists: [], dashboards: [], meetings: [], votes: [], mailings: [], surveys: [], reports: [] };
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl && engines && measured.includes('postgres')) {
    const server = await withScratchDatabase(serverUrl, 'portal_bench', (url) => inChild('postgres', url));
    lists.push(...server.lists);
    dashboards.push(...server.dashboards);
    meetings.push(...server.meetings);
    votes.push(...server.votes);
    mailings.push(...server.mailings);
    surveys.push(...server.surveys);
    reports.push(...server.reports);
  } else if (engines) console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  if (lists.length) {
    console.log(
      `\nLists: ${CONNECTIONS} connections, ${DURATION_S} s per route, 300 companies, 10,000 people, 200,000 changes in the history and 5,000 events in the calendar; goals: p95 < 100 ms on PGlite and < 40 ms on PostgreSQL (hardening issue; the lists issue asked < 50 on PostgreSQL), ≤ 3 queries per request`,
    );
    console.table(lists);
  }
  if (dashboards.length) {
    console.log(
      `\nThe salary survey's completion dashboard: ${CONNECTIONS} connections, ${DURATION_S} s per route, an open period with every member company's response in varied states` +
        ' (steps, open issues, reminders); goal: p95 < 50 ms on PostgreSQL',
    );
    console.table(dashboards);
  }
  if (meetings.length) {
    console.log(
      `\nA general meeting: a voting open to everyone starts (a notice to each), and ${Number(process.env.BENCH_MEETING_VOTERS ?? 1000).toLocaleString('en')} voters behind one address` +
        ' arrive within 10 s, each opening the form, asking for a code, reading it from the loopback SMTP server and voting (default limits);' +
        ' goals on PostgreSQL: every vote counted once, code→receipt p95 < 5 s and max < 15 s, the notices out within 2 minutes, event loop p99 < 50 ms',
    );
    console.table(meetings);
  }
  if (votes.length) {
    console.log(
      `\nThe public vote: ${VOTE_CONNECTIONS} concurrent voters for ${DURATION_S} s, each request a different one of ${VOTERS.toLocaleString('en')} eligible voters` +
        ` (one response per person, no e-mail code, per-address limit raised); goal: ≥ 1,000 responses/s with p99 < 100 ms on PostgreSQL,` +
        ' no timeouts (10 s) in the burst on PGlite',
    );
    console.table(votes);
  }
  if (mailings.length) {
    console.log(
      `\nA committee mailing to 10,000 people, sent by the outbox to a loopback SMTP server, while the public vote runs beside it at ${VOTE_RATE.toLocaleString('en')} arriving per second` +
        ' (its p99 alone measured just before, on the same server); goals: queued in under 2 s, 200 messages/s or more, the vote beside it p99 < 100 ms',
    );
    console.table(mailings);
  }
  if (surveys.length) {
    console.log(
      `\nThe salary survey: ${Number(process.env.BENCH_SURVEY_COMPANIES ?? 4)} companies each saving its 400-row positions grid (validation, issues and progress of the whole grid in the save's transaction), one save after the other, for ${DURATION_S} s:` +
        ` the whole grid (every cell changed), and the autosave (the rows changed since the last save); alone and with the public vote beside at ${VOTE_RATE.toLocaleString('en')} arriving per second;` +
        ' goals on PostgreSQL: the whole-grid save p95 < 150 ms, the vote beside the autosaves p99 < 100 ms',
    );
    console.table(surveys);
  }
  if (reports.length) {
    console.log(
      `\nThe reports: a salary period in review with 300 companies' accepted answers of 400 rows each (bonuses, allowances, car policies, turnover, benchmarks),` +
        " its statistics frozen and the general report built by the app's worker through the staff's API (each task polled to its end, s from the request, worked s as the task recorded it)," +
        " against reading the same rows and writing them as plain CSV (× CSV); loop: the server's event loop delay meanwhile;" +
        ` the public vote at ${VOTE_RATE.toLocaleString('en')} arriving per second alone and while freeze + generate run in turn; goal: the vote beside p99 < 100 ms on PostgreSQL`,
    );
    console.table(reports);
  }
  if (PARTS.includes('cluster')) {
    if (serverUrl) {
      const cluster = await benchCluster(serverUrl);
      console.log(
        `\nSeveral app servers on one PostgreSQL database behind nginx (Debian's, on loopback; every process on this machine's cores): the public vote at ${Number(process.env.BENCH_VOTE_CONNECTIONS ?? 200)} connections` +
          ' through one and through two servers, the time from a cast vote to its count in each of 500 browsers watching live (Server-Sent Events, LISTEN/NOTIFY between the servers), and the vote while one of two servers is killed;' +
          ' goals: no vote acknowledged and lost, a cast vote in 500 browsers within 1 s (p99)',
      );
      console.table(cluster);
    } else console.log('(cluster skipped: it needs a PostgreSQL server, BENCH_DATABASE_URL)');
  }
  if (PARTS.includes('files')) {
    const files = await benchFiles();
    console.log('\nA 10 MB digest upload as admin, on each file store (PGlite); goal: resident memory rises by less than 20 MB (the upload streams)');
    console.table(files);
  }
  if (PARTS.includes('signin')) {
    const signIn = await benchSignIn(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
    console.log(
      '\nSign-in, on each engine: one password verification (argon2id, 19 MiB, 2 passes) alone, then 200 people signing in 20 at once with the password alone and 200 with password and TOTP;' +
        ' goals: the TOTP sign-in p95 at most 4 verifications, the event loop delay p99 under 50 ms',
    );
    console.table(signIn);
  }
  if (PARTS.includes('lighthouse')) {
    const pages = await benchLighthouse();
    console.log(
      '\nLighthouse 13 (mobile: simulated slow 4G and a mid-range phone; desktop), on the production build; goals: mobile performance ≥ 95,' +
        ' accessibility and best practices 100, every SEO audit but "is-crawlable" (blocked by design) passing',
    );
    console.table(pages);
  }
}
