import type { TaskKind, TaskStage } from '@portal/shared/reports-model';
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue, QueueSettings } from '../../lib/job-queue.ts';
import * as repo from './tasks.repository.ts';

/**
 * Every report task goes through one pg-boss queue; the job carries its task's id. Retries are the sweeper's (below),
 * not pg-boss's: an attempt is a task row of its own, so the screen shows the interrupted one and the retry.
 */
const QUEUE = 'reports';
const SETTINGS: QueueSettings = { retryLimit: 0, expireInSeconds: 60 * 60 };
/** Progress is written at most this often (and at every stage change): the staff's screen polls every second. */
const PROGRESS_EVERY_MS = 1_000;
/** A running task heartbeats this often (or four times within the stale window) even when its stage reports nothing. */
const HEARTBEAT_EVERY_MS = 5_000;
/** An interrupted task is tried again until this many attempts have been made. */
const MAX_ATTEMPTS = 3;
/** The message every failed task shows (spec §8); the cause is kept for staff in error_detail. */
export const INTERRUPTED = 'errors.generationInterrupted';

export interface ProgressReport {
  stage: TaskStage;
  done: number;
  total: number;
}
/** Tells the task's progress; it never fails, and the caller need not wait for it. */
export type Progress = (p: ProgressReport) => Promise<void>;
export type TaskWork = (task: repo.TaskRow, progress: Progress) => Promise<void>;

export type NewTask = Pick<repo.TaskRow, 'kind' | 'periodId' | 'target' | 'requestedBy'> & Partial<Pick<repo.TaskRow, 'reportId' | 'archiveId'>>;

/**
 * Report tasks as durable jobs: a task row, then its pg-boss job; worked one at a time per server, with progress and a
 * heartbeat in `report_tasks`. A task whose server died is failed ("Generation was interrupted…") and tried again as a
 * new attempt, up to MAX_ATTEMPTS; a task whose work throws is failed without a retry (the same input would fail the
 * same way), and staff may start it again.
 */
export class ReportJobs {
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    /** What each kind of task does (generation.ts). */
    private readonly works: Record<TaskKind, TaskWork>,
    /** A running task silent for this long belongs to a server that died. */
    private readonly staleMs: number,
  ) {}

  /** Queues a task; 409 while the same kind and target has one queued or running. */
  async enqueue(task: NewTask): Promise<repo.TaskRow> {
    const row = await repo.insertTask(this.db, task);
    if (!row) throw new AppError('REPORT_BUILDING');
    await this.send(row);
    return row;
  }

  private async send(task: repo.TaskRow): Promise<void> {
    const jobId = await this.queue.send(QUEUE, SETTINGS, { taskId: task.id });
    await repo.setJobId(this.db, task.id, jobId);
  }

  /** One pg-boss job: its task, if it still waits (a job may be fetched a moment before `send` has named it). */
  private readonly handle = async (job: Job<{ taskId: number }>): Promise<void> => {
    const task = await repo.findTask(this.db, job.data.taskId);
    if (task?.state !== 'queued' || (task.pgbossJobId && task.pgbossJobId !== job.id)) return;
    await this.run(task);
  };

  private async run(task: repo.TaskRow): Promise<void> {
    const work = this.works[task.kind];
    await repo.markRunning(this.db, task.id, this.clock.now());
    let last: ProgressReport = { stage: 'loading', done: 0, total: 0 };
    let writtenAt = 0;
    // Never rejects: the statistics report progress without waiting (from inside their transaction, on PGlite the one
    // connection's), and a lost progress write only delays the screen's bar.
    const write = () =>
      repo.writeProgress(this.db, task.id, this.clock.now(), last).catch((err) => this.log.warn({ err }, 'report task progress failed'));
    const heartbeat = setInterval(() => void write(), Math.min(HEARTBEAT_EVERY_MS, this.staleMs / 4));
    try {
      await work(task, async (p) => {
        const stageChanged = p.stage !== last.stage;
        last = p;
        if (stageChanged || Date.now() - writtenAt >= PROGRESS_EVERY_MS) {
          writtenAt = Date.now();
          await write();
        }
      });
      await repo.finishTask(this.db, task.id, this.clock.now());
    } catch (err) {
      this.log.error({ err, taskId: task.id }, 'report task failed');
      await repo.failTask(this.db, task.id, this.clock.now(), INTERRUPTED, err instanceof Error ? err.message : String(err));
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Fails the tasks of servers that died ("Generation was interrupted…") and queues their next attempt, and sends the
   * jobs of tasks queued by a server that stopped before it could.
   */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - this.staleMs);
    for (const task of await repo.staleRunningTasks(this.db, before)) {
      const retry = await this.db.transaction(async (tx) => {
        await repo.failTask(tx, task.id, now, INTERRUPTED, 'No heartbeat: the server running it stopped.');
        if (task.attempt >= MAX_ATTEMPTS) return undefined;
        return repo.insertTask(tx, {
          kind: task.kind,
          periodId: task.periodId,
          target: task.target,
          requestedBy: task.requestedBy,
          reportId: task.reportId,
          archiveId: task.archiveId,
          attempt: task.attempt + 1,
          retryOfTaskId: task.id,
        });
      });
      if (retry) await this.send(retry);
    }
    for (const task of await repo.unsentTasks(this.db, before)) await this.send(task);
  }

  /** Works the queue in the background (the server), sweeping every so often. */
  async start(): Promise<void> {
    await this.sweep();
    await this.queue.work(QUEUE, SETTINGS, this.handle);
    this.sweeper = setInterval(() => void this.sweep().catch((err) => this.log.error({ err }, 'report task sweep failed')), this.staleMs / 2);
    this.sweeper.unref();
  }

  /** Runs every waiting job now (tests and the command line); answers how many ran. */
  drain(): Promise<number> {
    return this.queue.drain(QUEUE, SETTINGS, this.handle);
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}
