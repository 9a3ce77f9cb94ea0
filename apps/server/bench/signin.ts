// Account security issue: sign-in with password and TOTP under 20 concurrent sign-ins, against one password
// verification measured in the same run, with the server's event loop delay meanwhile. Each sign-in is a person of
// their own (a code is accepted once, so one person cannot sign in twice in a time step); on the embedded database,
// whose queries run on the server's own thread, and on a PostgreSQL server when there is one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Secret, TOTP } from 'otpauth';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { twoFactors, users } from '../src/db/schema/index.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { seedDemoData } from '../src/demo-survey.ts';
import { hashPassword, verifyPassword } from '../src/lib/crypto.ts';
import { latency, round, withScratchDatabase } from './figures.ts';

const PASSWORD = 'Demo12345';
const CONCURRENT = 20;
const PEOPLE = 200;

const sorted = (l: number[]) => [...l].sort((a, b) => a - b);
const median = (l: number[]) => sorted(l)[Math.floor(l.length / 2)] ?? 0;

/** Runs `each` over the items, `concurrent` at a time; answers each one's time in ms, sorted. */
async function timed<T>(items: T[], concurrent: number, each: (item: T) => Promise<void>): Promise<number[]> {
  const queue = [...items];
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: concurrent }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
        const t0 = performance.now();
        await each(item);
        times.push(performance.now() - t0);
      }
    }),
  );
  return sorted(times);
}

export async function benchSignIn(serverUrl?: string) {
  const pglite = await signInOn();
  const postgres = serverUrl ? await withScratchDatabase(serverUrl, 'portal_bench_signin', signInOn) : undefined;
  return pglite.map((row, i) => ({ figure: row.figure, pglite: row.value, postgres: postgres?.[i]?.value ?? '(no server)' }));
}

async function signInOn(databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-signin-'));
  const database = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pglite') });
  await seedReferenceData(database.db);
  await seedDemoData(database.db, new Date());
  const passwordHash = await hashPassword(PASSWORD);
  const people = Array.from({ length: PEOPLE * 2 }, (_, i) => ({ email: `signin.${i}@bench.test`, secret: new Secret({ size: 20 }).base32 }));
  const ids = await database.db
    .insert(users)
    .values(
      people.map((p, i) => ({
        email: p.email,
        name: 'Sign',
        surname: `In ${i}`,
        position: 'Analyst',
        phone: '+7 495 000-00-01',
        role: 'staff' as const,
        status: 'joined' as const,
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  const now = new Date();
  // The first half signs in with the password alone; the second half has two-factor sign-in on.
  await database.db
    .insert(twoFactors)
    .values(ids.slice(PEOPLE).map(({ id }, i) => ({ userId: id, secret: people[PEOPLE + i]?.secret ?? '', createdAt: now, confirmedAt: now })));
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: databaseUrl }), database });
  try {
    const base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ token?: string; challenge?: string }>;
    };
    // One verification, alone: the unit the goal is measured in.
    await verifyPassword(passwordHash, PASSWORD);
    const verifications: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await verifyPassword(passwordHash, PASSWORD);
      verifications.push(performance.now() - t0);
    }
    // The machine's floor: the same 20-at-once load of verifications alone, with no HTTP and no database.
    const hashesOnly = await timed(people.slice(0, PEOPLE), CONCURRENT, async () => {
      await verifyPassword(passwordHash, PASSWORD);
    });
    const health: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      health.push(performance.now() - t0);
    }
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const passwordOnly = await timed(people.slice(0, PEOPLE), CONCURRENT, async (p) => {
      await post('/api/login', { email: p.email, password: PASSWORD });
    });
    loop.enable();
    const withCode = await timed(people.slice(PEOPLE), CONCURRENT, async (p) => {
      const { challenge } = await post('/api/login', { email: p.email, password: PASSWORD });
      const code = new TOTP({ secret: Secret.fromBase32(p.secret) }).generate();
      const session = await post('/api/login/twoFactor', { challenge, code });
      if (!session.token) throw new Error('no session from the second step');
    });
    loop.disable();
    const verification = median(verifications);
    const p95 = latency(withCode)['p95 ms'];
    return [
      { figure: 'one password verification, alone (p50 ms)', value: round(verification) },
      { figure: 'GET /api/health, one at a time (p50 ms)', value: round(median(health)) },
      {
        figure: `sign-in with the password alone, ${CONCURRENT} at once (p50 / p95 ms)`,
        value: `${latency(passwordOnly)['p50 ms']} / ${latency(passwordOnly)['p95 ms']}`,
      },
      {
        figure: `sign-in with password and TOTP, ${CONCURRENT} at once (p50 / p95 / p99 ms)`,
        value: `${latency(withCode)['p50 ms']} / ${p95} / ${latency(withCode)['p99 ms']}`,
      },
      { figure: 'that p95 in password verifications (goal ≤ 4)', value: round(p95 / verification) },
      {
        figure: `the floor: verifications alone, ${CONCURRENT} at once, p95 in verifications (${os.availableParallelism()} cores)`,
        value: round(latency(hashesOnly)['p95 ms'] / verification),
      },
      { figure: 'event loop delay meanwhile, p99 ms (goal < 50)', value: round(loop.percentile(99) / 1e6) },
    ];
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
