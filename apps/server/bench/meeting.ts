// The general meeting (issue 17): a voting open to everyone starts, queuing a notice to each of the 10,000 people,
// and at the same moment a room of voters behind one address opens the public form, asks for a code, reads it from
// the loopback SMTP server and votes. Measured in the engine's process, where the server runs (its event loop's
// delay is one of the figures); the room and the SMTP server are a child process of their own (meeting-room.ts).
import { fork } from 'node:child_process';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { type Env, loadConfig } from '../src/config.ts';
import { type Database, queryRows } from '../src/db/client.ts';
import { votings } from '../src/db/schema/index.ts';
import { mailProgress } from '../src/mail/outbox.ts';
import { eligibleRecipients } from '../src/modules/voting/voting.repository.ts';
import { votingTopic } from '../src/modules/voting/voting.service.ts';
import { percentile, round, staffAuth } from './figures.ts';
import type { Received, RoomJob, RoomResult } from './meeting-room.ts';

const ROOM = Number(process.env.BENCH_MEETING_VOTERS ?? 1000);
/** The room arrives within this many seconds: a projector shows the QR code and everyone scans it. */
const ARRIVAL_S = 10;
const NOTICES_WAIT_MS = 5 * 60_000;

/**
 * Runs the meeting on a server of its own over `database` (already seeded with the large seed), with the default
 * limits (the room is behind one address, as at a venue) and its background jobs (the mail sender) running.
 */
export async function benchMeeting(engine: string, database: Database, env: Env) {
  const room = fork(path.join(import.meta.dirname, 'meeting-room.ts'), { execArgv: ['--import', 'tsx'] });
  const ask = <T>(message: unknown) =>
    new Promise<T>((resolve, reject) => {
      room.once('message', (m: T | { error: string }) =>
        m && typeof m === 'object' && 'error' in m ? reject(new Error(String(m.error))) : resolve(m as T),
      );
      room.send(message as object);
    });
  try {
    const { port } = await ask<{ port: number }>({ listen: true });
    const config = loadConfig({ ...env, SMTP_URL: `smtp://127.0.0.1:${port}` });
    const app = await buildApp({ config, database, runBackgroundJobs: true });
    try {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const json = { ...(await staffAuth(address)), 'content-type': 'application/json' };
      const created = await fetch(`${address}/api/aipm/vote/create`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          title: 'Annual general meeting',
          question: 'Do you approve the annual report?',
          language: 'en',
          startsAt: new Date(Date.now() + 60_000).toISOString(),
          endsAt: new Date(Date.now() + 7_200_000).toISOString(),
          unit: 'person',
          eligibility: 'all',
          requireCode: true,
          options: ['For', 'Against', 'Abstain'].map((name, i) => ({ seq: i + 1, name })),
        }),
      });
      const voting = (await created.json()) as { id: number; link: string; options: { id: number }[] };
      if (!created.ok) throw new Error(`creating the meeting's voting answered ${created.status}`);

      // The baseline: the health route of the idle server, asked as the room asks it during the meeting.
      const idle = await ask<number[]>({ health: address });
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const started = performance.now();
      const start = await fetch(`${address}/api/aipm/vote/nextStatus`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ id: voting.id, from: 'planned' }),
      });
      const startMs = performance.now() - started;
      if (!start.ok) throw new Error(`starting the meeting's voting answered ${start.status}`);
      const [row] = await database.db.select().from(votings).where(eq(votings.id, voting.id));
      const everyone = await eligibleRecipients(database.db, row!, false);
      const step = Math.max(1, Math.floor(everyone.length / ROOM));
      const job: RoomJob = {
        address,
        slug: voting.link.split('/').at(-1)!,
        optionId: voting.options[0]!.id,
        emails: everyone
          .filter((_, i) => i % step === 0)
          .slice(0, ROOM)
          .map((r) => r.email),
        arrivalSeconds: ARRIVAL_S,
      };
      const voted = ask<RoomResult>({ vote: job });

      let noticesS = Number.NaN;
      for (;;) {
        const progress = await mailProgress(database.db, votingTopic(voting.id));
        if (progress.queued === 0) {
          noticesS = (performance.now() - started) / 1000;
          break;
        }
        if (performance.now() - started > NOTICES_WAIT_MS) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const result = await voted;
      loop.disable();
      const received = await ask<Received>({ count: true });
      const progress = await mailProgress(database.db, votingTopic(voting.id));
      const [counted] = await queryRows<{ valid: number; units: number }>(
        database.db,
        sql`SELECT v.valid_count AS valid, (SELECT count(DISTINCT unit_key) FROM voting_responses r WHERE r.voting_id = v.id AND r.status = 'valid') AS units
          FROM votings v WHERE v.id = ${voting.id}`,
      );
      const l = result.latencies;
      return {
        engine,
        notices: everyone.length,
        'start ms': Math.round(startMs),
        voters: job.emails.length,
        voted: result.voted,
        'votes counted': `${Number(counted?.valid)} (${Number(counted?.units)} units)`,
        'code→receipt p50 ms': round(percentile(l, 50)),
        'p95 ms': round(percentile(l, 95)),
        'max ms': round(l.at(-1) ?? 0),
        'notices out s': Number.isNaN(noticesS) ? `not within ${NOTICES_WAIT_MS / 1000}` : round(noticesS),
        'notices sent/failed': `${progress.sent}/${progress.failed}`,
        'SMTP got codes/notices': `${received.code ?? 0}/${received['Voting has'] ?? 0}`,
        'health p95 idle/meeting ms': `${round(percentile(idle, 95))}/${round(percentile(result.health, 95))}`,
        'loop p99 ms': round(loop.percentile(99) / 1e6),
        'loop max ms': round(loop.max / 1e6),
        failures: Object.entries(result.failures)
          .map(([what, n]) => `${what}: ${n}`)
          .join('; '),
      };
    } finally {
      await app.close();
    }
  } finally {
    room.kill();
  }
}
