import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { openDatabase, PGLITE_OPTIONS } from './client.ts';
import { signupRequests } from './schema/index.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const REPO_DIR = path.resolve(SERVER_DIR, '../..');
/** The project's Node 22: the runner's own when it is 22, else the one the project installs. */
const NODE = process.versions.node.startsWith('22.') ? process.execPath : path.join(REPO_DIR, 'node_modules/node/bin/node');

const signupForm = (email: string) =>
  new URLSearchParams({
    company: 'Acme Pharma',
    name: 'Ivan',
    surname: 'Petrov',
    position: 'Medical Director',
    phone: '+7 (495) 123-45-67',
    email,
    consent: 'on',
  }).toString();

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

interface Server {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];

/** Starts the real server (src/main.ts) as its own Node process: tsx as a loader, so the pid is the server's. */
async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(NODE, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      REQUEST_LIMIT_PER_ADDRESS: '100000',
      REQUEST_LIMIT_PER_EMAIL: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Resolves when /api/health answers; fails at once if the server exits first. */
async function waitHealthy(server: Server, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  while (performance.now() < deadline) {
    if (exited) throw new Error(`the server exited before answering:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${server.output()}`);
}

const withGuard = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`${what} took longer than ${ms} ms`)))]);

// Each test starts the real server (a second or two each); the whole file stays well under a minute.
describe.runIf(inject('engine') === 'pglite')('the embedded database', { timeout: 120_000 }, () => {
  let dataDir: string;
  let pgliteDir: string;

  beforeAll(async () => {
    // One directory for the whole file, copied from the run's migrated template (initdb takes seconds).
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-durability-'));
    pgliteDir = path.join(dataDir, 'pglite');
    fs.mkdirSync(pgliteDir);
    const template = new Blob([fs.readFileSync(inject('template'))]);
    const copy = await PGlite.create({ dataDir: pgliteDir, loadDataDir: template, ...PGLITE_OPTIONS });
    await copy.close();
  }, 120_000);
  afterEach(async () => {
    for (const child of started.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs with fsync on', async () => {
    const t = await createTestApp();
    try {
      expect(await t.database.query('SHOW fsync')).toEqual([{ fsync: 'on' }]);
    } finally {
      await t.close();
    }
  });

  it('keeps every acknowledged write when the server is killed mid-write, and takes over the dead lock', async () => {
    const server = await startServer(dataDir);
    await waitHealthy(server);
    const pid = server.child.pid;
    expect(fs.readFileSync(path.join(pgliteDir, 'portal.lock'), 'utf8').trim()).toBe(String(pid));

    const acknowledged: string[] = [];
    let killed = false;
    let sent = 0;
    const writer = async (lane: number) => {
      for (let i = 0; !killed; i++) {
        const email = `crash.${lane}.${i}@acme.test`;
        sent++;
        try {
          const res = await fetch(`${server.url}/api/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: signupForm(email),
          });
          await res.arrayBuffer();
          if (res.status === 202) acknowledged.push(email);
          else if (!killed) throw new Error(`signup answered ${res.status}`);
        } catch (err) {
          if (!killed) throw err;
        }
        if (acknowledged.length >= 40 && !killed) {
          // Other lanes still have requests in flight: the kill lands mid-write.
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await withGuard(Promise.all([0, 1, 2, 3, 4, 5].map(writer)), 60_000, 'writing signups');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(sent).toBeGreaterThan(acknowledged.length);
    // The dead process's lock is still there; opening the directory must take it over.
    expect(fs.readFileSync(path.join(pgliteDir, 'portal.lock'), 'utf8').trim()).toBe(String(pid));

    const reopened = await openDatabase({ pgliteDir, migrate: false });
    try {
      expect(fs.readFileSync(path.join(pgliteDir, 'portal.lock'), 'utf8').trim()).toBe(String(process.pid));
      expect(await reopened.query('SHOW fsync')).toEqual([{ fsync: 'on' }]);
      const rows = await reopened.db.select({ email: signupRequests.email }).from(signupRequests).where(inArray(signupRequests.email, acknowledged));
      expect(new Set(rows.map((r) => r.email))).toEqual(new Set(acknowledged));
    } finally {
      await reopened.close();
    }
    expect(fs.existsSync(path.join(pgliteDir, 'portal.lock'))).toBe(false);
  });

  // One running server serves both checks: starting servers is the slow part of this file.
  it('refuses a second server on a directory a live one holds; SIGTERM then closes it with code 0, in time, releasing the lock', async () => {
    const server = await startServer(dataDir);
    await waitHealthy(server);

    const second = await startServer(dataDir);
    const { code } = await withGuard(second.exited, 30_000, 'the second start');
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`is in use by another running process (pid ${server.child.pid})`);
    expect(second.output()).toContain('start them all with the same DATABASE_URL');
    // The first server is untouched and keeps its lock.
    expect(fs.readFileSync(path.join(pgliteDir, 'portal.lock'), 'utf8').trim()).toBe(String(server.child.pid));

    const signup = await fetch(`${server.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: signupForm('before.sigterm@acme.test'),
    });
    expect(signup.status).toBe(202);
    server.child.kill('SIGTERM');
    // Nothing is in flight: the drain ends at once (main.ts would leave with code 1 after 10 s); the guard is loose so a
    // busy machine does not make this flaky.
    expect(await withGuard(server.exited, 5_000, 'the shutdown')).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(pgliteDir, 'portal.lock'))).toBe(false);

    const reopened = await openDatabase({ pgliteDir, migrate: false });
    try {
      const rows = await reopened.db
        .select({ email: signupRequests.email })
        .from(signupRequests)
        .where(inArray(signupRequests.email, ['before.sigterm@acme.test']));
      expect(rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });
});
