import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { VotingDetail } from '@portal/shared';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppServer, freePort, NGINX, type Nginx, startAppServer, startNginx } from '../test/cluster.ts';
import { copyOfTemplate, createTestApp, DEMO_PASSWORD, type TestApp } from '../test/harness.ts';
import { addVoterCompanies, createStartedVoting, createVoting, slugOf, storedCounts, type Voter } from '../test/voting-fixtures.ts';
import { openDatabase } from './db/client.ts';

/**
 * Two app servers on one PostgreSQL database behind nginx on loopback, as the README deploys them: every check goes
 * through nginx unless it is about one server. A control app on the same database (in this process, serving nothing)
 * makes the fixtures and reads what was stored. Needs nginx (Debian's package; .ci/run installs it).
 */
describe.runIf(inject('engine') === 'postgres' && fs.existsSync(NGINX))('two app servers behind nginx', { timeout: 60_000 }, () => {
  let url: string;
  let control: TestApp;
  let nginx: Nginx;
  let a: AppServer;
  let b: AppServer;
  let staff: string;
  const received: { rcpt: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  // A killed server's mail connections end in ECONNRESET, which the SMTP server emits as errors: expected here (unheard,
  // they would be uncaught exceptions of the test run).
  smtp.on('error', () => {});
  const mailTo = (address: string) => received.filter((m) => m.rcpt.includes(address));
  /** Every message the outbox holds for these addresses arrives, each once (both servers' outbox loops look for it). */
  async function expectEachSentOnce(addresses: string[]) {
    const queued = async () =>
      new Map(
        (
          await control.database.query<{ to: string; n: number }>(
            `SELECT "to", count(*)::int AS n FROM mail_outbox WHERE "to" IN (${addresses.map((a) => `'${a}'`).join(',')}) GROUP BY "to"`,
          )
        ).map((r) => [r.to, r.n]),
      );
    await until(
      'every message',
      async () => {
        const q = await queued();
        return addresses.every((a) => (q.get(a) ?? 0) > 0 && mailTo(a).length >= (q.get(a) ?? 0));
      },
      20_000,
    );
    // Time for a second sending, were one to happen.
    await new Promise((r) => setTimeout(r, 2000));
    const q = await queued();
    expect(addresses.filter((a) => mailTo(a).length !== q.get(a))).toEqual([]);
  }

  beforeAll(async () => {
    url = await copyOfTemplate();
    const smtpPort = await new Promise<number>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)));
    const [portA, portB, portNginx] = [await freePort(), await freePort(), await freePort()];
    const env = {
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '10',
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: `http://127.0.0.1:${portNginx}`,
      SHUTDOWN_DRAIN_SECONDS: '1',
      WEB_DIST: new URL('../test/fixtures/web', import.meta.url).pathname,
    };
    [a, b] = await Promise.all([startAppServer(env, portA!), startAppServer(env, portB!)]);
    nginx = await startNginx({ port: portNginx!, upstreams: [a.port, b.port], revealUpstream: true });
    control = await createTestApp({}, { database: await openDatabase({ databaseUrl: url, poolSize: 4, migrate: false }) });
    // The servers run on the wall clock; so do the fixtures.
    control.clock.set(new Date());
    staff = await control.tokenFor('staff@demo.test');
  }, 90_000);

  afterAll(async () => {
    for (const server of [a, b]) server?.child.kill('SIGKILL');
    await nginx?.stop();
    await control?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const through = (path: string, init: RequestInit = {}) => fetch(`${nginx.url}${path}`, init);
  const vote = (voting: VotingDetail, voter: Voter, option: number) =>
    through('/api/vote/sendNoAuthResponse', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slug: slugOf(voting), email: voter.email, optionIds: [voting.options[option]!.id] }),
    });
  const until = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** Runs the tasks with at most `width` at once. */
  async function inWaves<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
    const out: T[] = new Array(count);
    let next = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < count) {
          const i = next++;
          out[i] = await task(i);
        }
      }),
    );
    return out;
  }

  it('spreads requests over both servers, and a session made on one works on the other', async () => {
    const login = await through('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'employee@demo.test', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await through('/api/user', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      upstreams.add(res.headers.get('x-upstream') ?? '');
    }
    expect(upstreams).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
    for (const server of [a, b]) {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/user`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await res.json()) as { email: string }).email).toBe('employee@demo.test');
    }
  });

  it('counts the login limit across both servers', async () => {
    const attempt = () =>
      through('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'ceo@demo.test', password: 'wrong-password-1' }),
      });
    const statuses: number[] = [];
    const upstreams = new Set<string>();
    for (let i = 0; i < 11; i++) {
      const res = await attempt();
      statuses.push(res.status);
      upstreams.add(res.headers.get('x-upstream') ?? '');
    }
    // LOGIN_LIMIT_PER_EMAIL is 10: ten refusals, five on each server, then the limit, whichever server counts it.
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(upstreams.size).toBe(2);
  });

  it('counts 500 public votes spread over both servers exactly, and pushes them to a stream on either', async () => {
    const companies = await addVoterCompanies(control, 100, { prefix: 'Cluster', totalVoters: 500 });
    const voters = companies.flatMap((c) => c.voters);
    const voting = await createStartedVoting(control, staff, { unit: 'person', requireCode: false });
    // A stream opened through nginx on one server; the ticket asked for through nginx too (so most likely on the other).
    const ticket = (
      (await (await through('/api/live/ticket', { method: 'POST', headers: { authorization: `Bearer ${staff}` } })).json()) as { ticket: string }
    ).ticket;
    const stream = await through(`/api/live?${new URLSearchParams({ ticket, topics: `voting:${voting.id}` })}`);
    expect(stream.status).toBe(200);
    const streamServer = stream.headers.get('x-upstream');
    let last = 0;
    const reading = (async () => {
      const decoder = new TextDecoder();
      let text = '';
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        // Whole events only: a count cut between two chunks is read with the rest of its event.
        const end = text.lastIndexOf('\n\n');
        for (const m of text.slice(0, end + 1).matchAll(/"responses":(\d+)/g)) last = Math.max(last, Number(m[1]));
        text = text.slice(end + 2);
        if (last === 500) return;
      }
    })();
    // The first vote goes to the other server directly: it reaches this stream through LISTEN/NOTIFY.
    const other = streamServer === `127.0.0.1:${a.port}` ? b : a;
    const first = await fetch(`http://127.0.0.1:${other.port}/api/vote/sendNoAuthResponse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slug: slugOf(voting), email: voters[0]!.email, optionIds: [voting.options[0]!.id] }),
    });
    expect(first.status).toBe(200);
    await until('the other server’s vote on the stream', () => last === 1, 3000);
    const results = await inWaves(499, 50, async (k) => {
      const i = k + 1;
      const res = await vote(voting, voters[i]!, i % 3);
      return { status: res.status, upstream: res.headers.get('x-upstream') };
    });
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    const perServer = new Map<string | null, number>();
    for (const r of results) perServer.set(r.upstream, (perServer.get(r.upstream) ?? 0) + 1);
    expect(
      [...perServer.values()].every((n) => n >= 100),
      JSON.stringify([...perServer]),
    ).toBe(true);
    const stats = (await (await through(`/api/aipm/vote/getStats?id=${voting.id}`, { headers: { authorization: `Bearer ${staff}` } })).json()) as {
      responses: number;
      options: { count: number }[];
    };
    expect(stats.responses).toBe(500);
    expect(stats.options.map((o) => o.count)).toEqual([167, 167, 166]);
    expect(await storedCounts(control, voting.id)).toMatchObject({ validCount: 500, validRows: 500, validUnits: 500 });
    await Promise.race([reading, until('the 500th vote on the stream', () => last === 500)]);
    // Each receipt went out once, whichever server's outbox loop leased it.
    await stream.body?.cancel();
    // Each voter's start notice and receipt went out once, whichever server's outbox loop leased them.
    await expectEachSentOnce(voters.map((v) => v.email));
  });

  it('starts a voting set to start at a time once, and sends a queued message once', async () => {
    const [company] = await addVoterCompanies(control, 1, { prefix: 'Scheduled', votersEach: 3 });
    const startsAt = new Date(Date.now() + 1500);
    const voting = await createVoting(control, staff, {
      startsAt: startsAt.toISOString(),
      autoStart: true,
      eligibility: 'companies',
      companyIds: [company!.id],
    });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      // Both servers look every 5 seconds.
      await until(
        'the scheduled start',
        async () => (await db.query('SELECT status FROM votings WHERE id = $1', [voting.id])).rows[0]?.status === 'started',
        12_000,
      );
      await new Promise((r) => setTimeout(r, 5500));
      const moves = await db.query(`SELECT count(*)::int AS n FROM action_log WHERE domain = 'vote' AND action = 'voting.start' AND entity_id = $1`, [
        voting.id,
      ]);
      expect(moves.rows[0].n).toBe(1);
      const queued = await db.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE topic = $1`, [`voting:${voting.id}`]);
      expect(queued.rows[0].n).toBe(3);
    } finally {
      await db.end();
    }
    // A message queued once (through either server) leaves once; so do the start notices.
    const before = mailTo('trusted@demo.test').length;
    expect((await through('/api/sendRestorePasswordEmail?email=trusted@demo.test')).status).toBe(202);
    await expectEachSentOnce(['trusted@demo.test', ...company!.voters.map((v) => v.email)]);
    expect(mailTo('trusted@demo.test').length).toBe(before + 1);
  });

  it('loses no acknowledged vote when a server is killed mid-load, and the other keeps serving', async () => {
    const companies = await addVoterCompanies(control, 60, { prefix: 'Killed', totalVoters: 300 });
    const voters = companies.flatMap((c) => c.voters);
    const voting = await createStartedVoting(control, staff, { unit: 'person', requireCode: false });
    let killedAt = 0;
    const results = await inWaves(300, 20, async (i) => {
      if (i === 100) {
        a.child.kill('SIGKILL');
        killedAt = Date.now();
      }
      const sentAt = Date.now();
      const res = await vote(voting, voters[i]!, i % 3);
      const body = (await res.json().catch(() => ({}))) as { receipt?: string };
      return { voter: voters[i]!, status: res.status, receipt: body.receipt, sentAt };
    });
    expect(await a.exited).toBe('SIGKILL');
    const acknowledged = results.filter((r) => r.status === 200);
    // Only what was in flight on the killed server may fail (502); the rest is served by the other.
    expect(results.filter((r) => r.status !== 200 && r.status !== 502)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(280);
    expect(results.filter((r) => r.sentAt > killedAt + 500 && r.status !== 200)).toEqual([]);
    const rows = await control.database.query<{ user_id: number; receipt: string }>(
      `SELECT user_id, receipt FROM voting_responses WHERE voting_id = ${voting.id} AND status = 'valid'`,
    );
    const stored = new Map(rows.map((r) => [r.user_id, r.receipt]));
    expect(acknowledged.filter((r) => stored.get(r.voter.id) !== r.receipt)).toEqual([]);
    expect(await storedCounts(control, voting.id)).toMatchObject({ validCount: rows.length, validUnits: rows.length });
    for (let i = 0; i < 4; i++) expect((await through('/api/health')).status).toBe(200);
  });

  it('finishes the requests of a draining server: ready answers 503, then it closes and leaves', async () => {
    const token = await control.tokenFor('employee@demo.test');
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    // Every session lookup waits on this lock, so the requests below are in flight when the server is told to stop.
    await db.query('BEGIN');
    await db.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
    const inFlight = Array.from({ length: 5 }, () =>
      fetch(`http://127.0.0.1:${b.port}/api/user`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status),
    );
    await new Promise((r) => setTimeout(r, 300));
    b.child.kill('SIGTERM');
    await until('readiness 503', async () => (await fetch(`http://127.0.0.1:${b.port}/api/ready`)).status === 503, 900);
    // After SHUTDOWN_DRAIN_SECONDS the listener closes: new connections are refused while the old requests wait.
    await until(
      'the listener closed',
      () =>
        fetch(`http://127.0.0.1:${b.port}/api/health`).then(
          () => false,
          () => true,
        ),
      3000,
    );
    await db.query('ROLLBACK');
    await db.end();
    expect(await Promise.all(inFlight)).toEqual([200, 200, 200, 200, 200]);
    const code = await b.exited;
    expect(code, b.output()).toBe(0);
  });
});
