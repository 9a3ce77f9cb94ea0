import type { TaskKind, TaskStage } from '@portal/shared/reports-model';
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue, QueueSettings } from '../../lib/job-queue.ts';
import * as repo from './tasks.repository.ts';

/** Every report task goes through one pg-boss queue; the job carries the task's id only. */
const QUEUE = 'reports';
const SETTINGS: QueueSettings = { retryLimit: 2, heartbeatSeconds: 10, expireInSeconds: 60 * 60 };
/** Progress is written at most this often (and at every stage change): the staff's screen polls every second. */
const PROGRESS_EVERY_MS = 1_000;
/** A running task heartbeats this often even when its stage reports nothing for a while. */
const HEARTBEAT_EVERY_MS = 5_000;
/** A running task silent for this long belongs to a process that died: it is failed, and pg-boss retries its job. */
export const STALE_AFTER_MS = 30_000;
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
 * Report tasks as durable jobs: queued in one transaction with the change that asks for them, worked one at a time per
 * server, with progress and a heartbeat in `report_tasks`. A task whose process died is failed ("Generation was
 * interrupted…") and its job retried by pg-boss as a new attempt; a task whose work throws is failed without a retry
 * (the same input would fail the same way) and staff may start it again.
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

  /** One pg-boss job: the latest attempt of its task, or a new attempt when the last one was interrupted. */
  private readonly handle = async (job: Job<{ taskId: number }>): Promise<void> => {
    // The task's row names its job once `send` has written it; a job may be fetched a moment before that.
    let task = (await repo.latestAttemptOfJob(this.db, job.id)) ?? (await repo.findTask(this.db, job.data.taskId));
    if (!task || (task.pgbossJobId && task.pgbossJobId !== job.id)) return;
    if (task.state === 'succeeded' || task.state === 'cancelled') return;
    if (task.state !== 'queued') {
      task = await this.nextAttempt(task, job.id);
      if (!task) return;
    }
    await this.run(task);
  };

  private async nextAttempt(task: repo.TaskRow, jobId: string): Promise<repo.TaskRow | undefined> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      await repo.failTask(tx, task.id, now, INTERRUPTED, 'The process running it stopped.');
      return repo.insertTask(tx, {
        kind: task.kind,
        periodId: task.periodId,
        target: task.target,
        requestedBy: task.requestedBy,
        reportId: task.reportId,
        archiveId: task.archiveId,
        attempt: task.attempt + 1,
        retryOfTaskId: task.id,
        pgbossJobId: jobId,
      });
    });
  }

  private async run(task: repo.TaskRow): Promise<void> {
    const work = this.works[task.kind];
    await repo.markRunning(this.db, task.id, this.clock.now());
    let last: ProgressReport = { stage: 'loading', done: 0, total: 0 };
    let writtenAt = 0;
    // Never rejects: the statistics report progress without waiting (from inside their transaction, on PGlite the one
    // connection's), and a lost progress write only delays the screen's bar.
    const write = () =>
      repo.writeProgress(this.db, task.id, this.clock.now(), last).catch((err) => this.log.warn({ err }, 'report task progress failed'));
    const heartbeat = setInterval(() => void write(), HEARTBEAT_EVERY_MS);
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
   * Fails the tasks of processes that died (their job is retried by pg-boss, as a new attempt) and sends the jobs of
   * tasks queued by a process that stopped before it could.
   */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    for (const task of await repo.staleRunningTasks(this.db, new Date(now.getTime() - STALE_AFTER_MS))) {
      await repo.failTask(this.db, task.id, now, INTERRUPTED, 'No heartbeat: the process running it stopped.');
    }
    for (const task of await repo.unsentTasks(this.db, new Date(now.getTime() - STALE_AFTER_MS))) await this.send(task);
  }

  /** Works the queue in the background (the server), sweeping every so often. */
  async start(): Promise<void> {
    await this.sweep();
    await this.queue.work(QUEUE, SETTINGS, this.handle);
    this.sweeper = setInterval(() => void this.sweep().catch((err) => this.log.error({ err }, 'report task sweep failed')), STALE_AFTER_MS / 2);
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
