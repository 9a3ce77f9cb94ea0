// Several app servers behind nginx (BENCH_ONLY=cluster, PostgreSQL only): the public vote through one and through two
// servers, the vote while one of two is killed, and the time a cast vote takes to reach 500 browsers watching live;
// each beside the health route through the same nginx in the same run.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { type AppServer, freePort, type Nginx, startAppServer, startNginx } from '../test/cluster.ts';
import { latency, staffAuth, withScratchDatabase } from './figures.ts';
import type { LoadJob, LoadResult } from './load.ts';
import { ballotsOf, seedVoters, seedVoting } from './voters.ts';
import type { WatchJob, WatchResult } from './watchers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_VOTE_CONNECTIONS ?? 200);
/** The offered rate while a server is killed: a meeting room's pace, well within what two servers take. */
const KILL_RATE = Number(process.env.BENCH_KILL_RATE ?? 500);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 500);
const WATCHED_VOTES = 20;
const VOTERS = 40_000;

type Row = Record<string, string | number>;

export function benchCluster(serverUrl: string): Promise<Row[]> {
  return withScratchDatabase(serverUrl, 'portal_bench_cluster', clusterRun);
}

async function clusterRun(databaseUrl: string): Promise<Row[]> {
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  const servers: AppServer[] = [];
  const balancers: Nginx[] = [];
  const loader: ChildProcess = fork(path.join(import.meta.dirname, 'load.ts'), { execArgv: ['--import', 'tsx'] });
  const ask = <T>(job: unknown) =>
    new Promise<T>((resolve, reject) => {
      loader.once('message', (m: T | { error: string }) =>
        m && typeof m === 'object' && 'error' in m ? reject(new Error(m.error)) : resolve(m as T),
      );
      loader.send(job as never);
    });
  const load = (job: LoadJob) => ask<LoadResult>(job);
  try {
    await seedReferenceData(database.db);
    await seedDemo(database.db, new Date());
    const voters = await seedVoters(database.db, new Date(), VOTERS);
    await database.query('VACUUM ANALYZE');
    const ballots = ballotsOf(database.db, voters);
    const env = {
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '127.0.0.1',
      // A whole meeting room votes from one address: the per-address ceiling is raised so it measures the vote, not the limiter.
      VOTE_LIMIT_PER_ADDRESS: '100000000',
      WEB_DIST: path.join(import.meta.dirname, '../test/fixtures/web'),
    };
    servers.push(...(await Promise.all([startAppServer(env, await freePort()), startAppServer(env, await freePort())])));
    const [a, b] = servers as [AppServer, AppServer];
    const one = await startNginx({ port: await freePort(), upstreams: [a.port] });
    const two = await startNginx({ port: await freePort(), upstreams: [a.port, b.port] });
    balancers.push(one, two);

    const rows: Row[] = [];
    const row = (route: string, r: LoadResult, connections = CONNECTIONS) => {
      rows.push({
        route,
        connections,
        'req/s': Math.round(r.ok / r.seconds),
        ...latency(r.latencies),
        '2xx': r.ok,
        non2xx: r.failed,
        timeouts: r.timeouts,
      });
      return Math.round(r.ok / r.seconds);
    };
    // Warm-up, not reported: both servers compile their code and plan their statements.
    await load({ url: `${two.url}/api/vote/sendNoAuthResponse`, connections: CONNECTIONS, seconds: 3, bodies: await ballots() });
    row('GET /api/health, 1 server (baseline)', await load({ url: `${one.url}/api/health`, connections: CONNECTIONS, seconds: SECONDS }));
    const single = row(
      'public vote, 1 server',
      await load({ url: `${one.url}/api/vote/sendNoAuthResponse`, connections: CONNECTIONS, seconds: SECONDS, bodies: await ballots() }),
    );
    row('GET /api/health, 2 servers (baseline)', await load({ url: `${two.url}/api/health`, connections: CONNECTIONS, seconds: SECONDS }));
    const double = row(
      'public vote, 2 servers',
      await load({ url: `${two.url}/api/vote/sendNoAuthResponse`, connections: CONNECTIONS, seconds: SECONDS, bodies: await ballots() }),
    );
    rows.push({ route: `2 servers ÷ 1 server: ${(double / single).toFixed(2)}` });

    // 500 browsers watching one voting's results, spread by nginx over both servers; votes cast through nginx too.
    const { slug, optionId } = await seedVoting(database.db, new Date(), WATCHED_VOTES + 10);
    const [votingId] = (await database.query<{ id: number }>(`SELECT id FROM votings WHERE slug = '${slug}'`)).map((r) => r.id);
    const auth = await staffAuth(two.url);
    const streams: string[] = [];
    for (let i = 0; i < WATCHERS; i++) {
      const res = await fetch(`${two.url}/api/live/ticket`, { method: 'POST', headers: auth });
      const { ticket } = (await res.json()) as { ticket: string };
      streams.push(`${two.url}/api/live?${new URLSearchParams({ ticket, topics: `voting:${votingId}` })}`);
    }
    const watch: WatchJob = {
      streams,
      voteUrl: `${two.url}/api/vote/sendNoAuthResponse`,
      ballots: voters.emails.slice(0, WATCHED_VOTES).map((email) => JSON.stringify({ slug, email, optionIds: [optionId] })),
      intervalMs: 250,
    };
    const watched = await ask<WatchResult>({ watch });
    const health = await load({ url: `${two.url}/api/health`, connections: 10, seconds: 3 });
    rows.push({ route: 'GET /api/health, 2 servers, 10 connections (baseline)', connections: 10, ...latency(health.latencies) });
    rows.push({
      route: `a cast vote reaching ${watched.watchers} SSE clients (${watched.votes} votes, 250 ms apart)`,
      connections: watched.watchers,
      ...latency(watched.arrivals),
      '2xx': watched.arrivals.length,
      non2xx: watched.missed,
    });

    // The open load at a meeting's pace; halfway through, one of the two servers is killed.
    row(
      `GET /api/health, 2 servers, ${KILL_RATE} arriving per second (baseline)`,
      await load({ url: `${two.url}/api/health`, connections: CONNECTIONS, seconds: SECONDS, rate: KILL_RATE }),
    );
    const bodies = await ballots();
    const killer = setTimeout(() => b.child.kill('SIGKILL'), (SECONDS * 1000) / 2);
    row(
      `public vote, ${KILL_RATE} arriving per second, one of 2 servers SIGKILLed at ${SECONDS / 2} s`,
      await load({ url: `${two.url}/api/vote/sendNoAuthResponse`, connections: CONNECTIONS, seconds: SECONDS, rate: KILL_RATE, bodies }),
    );
    clearTimeout(killer);
    return rows;
  } finally {
    loader.kill();
    for (const s of servers) s.child.kill('SIGKILL');
    for (const n of balancers) await n.stop();
    await database.close();
  }
}
