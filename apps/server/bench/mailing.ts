// A committee mailing (the committees issue): a message to a distribution list of 10,000 people is queued, and the
// outbox sends it to a loopback SMTP server (the meeting room's, a child process of its own) while the public vote
// runs beside it at the open load of the vote benchmark. Figures: the time to queue, the sending rate, and the
// vote's latency beside the mailing against the same load without it.
import { fork } from 'node:child_process';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { type Env, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { mailProgress } from '../src/mail/outbox.ts';
import { latency, round, staffAuth } from './figures.ts';
import type { LoadJob, LoadResult } from './load.ts';
import type { Received } from './meeting-room.ts';

const RECIPIENTS = 10_000;
const SEND_WAIT_MS = 5 * 60_000;

/** A committee whose distribution list is RECIPIENTS people of the large seed; answers its id. */
async function seedMailingList(database: Database): Promise<number> {
  const [committee] = await database.query<{ id: number }>(
    `INSERT INTO committees (name_en, name_ru, details_en, details_ru, position, active, self_service)
     VALUES ('Bench mailing committee', 'Комитет рассылки', '', '', 999, true, false) RETURNING id`,
  );
  await database.query(`
    INSERT INTO committee_subscribers (committee_id, user_id, created_at)
    SELECT ${committee!.id}, u.id, now() FROM users u JOIN companies c ON c.id = u.company_id
    WHERE u.is_active AND c.is_active ORDER BY u.id LIMIT ${RECIPIENTS}`);
  return committee!.id;
}

export async function benchMailing(
  engine: string,
  database: Database,
  env: Env,
  vote: { url: string; connections: number; seconds: number; rate: number; ballots: () => Promise<string[]> },
  load: (job: LoadJob) => Promise<LoadResult>,
) {
  const room = fork(path.join(import.meta.dirname, 'meeting-room.ts'), { execArgv: ['--import', 'tsx'] });
  const ask = <T>(message: unknown) =>
    new Promise<T>((resolve) => {
      room.once('message', (m: T) => resolve(m));
      room.send(message as object);
    });
  try {
    const { port } = await ask<{ port: number }>({ listen: true });
    const app = await buildApp({ config: loadConfig({ ...env, SMTP_URL: `smtp://127.0.0.1:${port}` }), database, runBackgroundJobs: true });
    try {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const voteJob = async () => ({
        url: `${address}${new URL(vote.url).pathname}`,
        connections: vote.connections,
        seconds: vote.seconds,
        rate: vote.rate,
        bodies: await vote.ballots(),
      });
      // Warm-up, not reported (the new server's code compiled, its statements planned); then the baseline: the same
      // vote load on the same server with no mailing going out.
      await load({ ...(await voteJob()), seconds: 2, rate: vote.rate / 2 });
      const alone = await load(await voteJob());
      const committeeId = await seedMailingList(database);
      const headers = { ...(await staffAuth(address)), 'content-type': 'application/json' };
      const beside = voteJob();
      const started = performance.now();
      const sent = await fetch(`${address}/api/aipm/committee/mailing/send`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          committeeId,
          subjectEn: 'Meeting of {{title}}',
          subjectRu: 'Заседание: {{title}}',
          bodyEn: '<p>Dear {{name}},</p><p>The committee meets on <strong>15 December</strong> at 10:00.</p>',
          bodyRu: '<p>{{name}}, добрый день!</p><p>Комитет собирается <strong>15 декабря</strong> в 10:00.</p>',
        }),
      });
      const queuedS = (performance.now() - started) / 1000;
      const mailing = (await sent.json()) as { id: number; recipients: number };
      if (!sent.ok) throw new Error(`sending the mailing answered ${sent.status}: ${JSON.stringify(mailing)}`);
      const voted = load(await beside);
      let doneS = Number.NaN;
      for (;;) {
        const progress = await mailProgress(database.db, `mailing:${mailing.id}`);
        if (progress.queued === 0) {
          doneS = (performance.now() - started) / 1000 - queuedS;
          break;
        }
        if (performance.now() - started > SEND_WAIT_MS) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const during = await voted;
      const progress = await mailProgress(database.db, `mailing:${mailing.id}`);
      const received = await ask<Received>({ count: true });
      return {
        engine,
        recipients: mailing.recipients,
        'queued in s': round(queuedS),
        'sent in s': Number.isNaN(doneS) ? `not within ${SEND_WAIT_MS / 1000}` : round(doneS),
        'messages/s': Number.isNaN(doneS) ? 0 : Math.round(progress.sent / doneS),
        'sent/failed': `${progress.sent}/${progress.failed}`,
        'SMTP got': received['Meeting of'] ?? 0,
        [`vote p99 ms alone (${vote.rate}/s)`]: latency(alone.latencies)['p99 ms'],
        'vote p99 ms beside': latency(during.latencies)['p99 ms'],
        'votes beside ok/failed': `${during.ok}/${during.failed + during.timeouts}`,
      };
    } finally {
      await app.close();
    }
  } finally {
    room.kill();
  }
}
