import type { FastifyBaseLogger } from 'fastify';
import { type Job, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';

/**
 * Durable jobs on pg-boss, in the app's own database (PostgreSQL, or the embedded PGlite through pg-boss's adapter): no
 * second service. pg-boss starts on first use, so an app that never queues a job pays nothing for it.
 *
 * A job carries only an id: its state, progress and attempts live in the caller's tables.
 */
export interface QueueSettings {
  retryLimit: number;
  /** A job running longer than this is failed. */
  expireInSeconds: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export class JobQueue {
  private starting: Promise<PgBoss> | undefined;
  private readonly created = new Set<string>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async started(): Promise<PgBoss> {
    this.starting ??= (async () => {
      const boss = new PgBoss({ ...this.database.jobConnection(), schema: 'pgboss' });
      boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
      await boss.start();
      return boss;
    })();
    return this.starting;
  }

  private async queue(name: string, settings: QueueSettings): Promise<PgBoss> {
    const boss = await this.started();
    if (!this.created.has(name)) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { ...settings, retryDelay: 1 });
      this.created.add(name);
    }
    return boss;
  }

  /** Queues a job and answers its id. */
  async send(name: string, settings: QueueSettings, data: object): Promise<string> {
    const boss = await this.queue(name, settings);
    const id = await boss.send(name, data);
    if (!id) throw new Error(`pg-boss refused a job on ${name}`);
    return id;
  }

  /** Works the queue's jobs one at a time in the background until stopped. */
  async work<T>(name: string, settings: QueueSettings, handler: JobHandler<T>): Promise<void> {
    const boss = await this.queue(name, settings);
    await boss.work<T>(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) await handler(job);
    });
  }

  /** Runs every job now waiting on the queue, here and now (tests, and the command line). */
  async drain<T>(name: string, settings: QueueSettings, handler: JobHandler<T>): Promise<number> {
    const boss = await this.queue(name, settings);
    let ran = 0;
    for (;;) {
      const [job] = await boss.fetch<T>(name, { batchSize: 1 });
      if (!job) return ran;
      ran++;
      try {
        await handler(job);
        await boss.complete(name, job.id);
      } catch (err) {
        await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
      }
    }
  }

  async stop(): Promise<void> {
    if (!this.starting) return;
    const boss = await this.starting.catch(() => undefined);
    await boss?.stop({ graceful: true, timeout: 5_000 });
  }
}
