import type { TaskStatus } from '@portal/shared';
import type { TaskKind, TaskStage } from '@portal/shared/reports-model';
import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { personName, reportTasks, users } from '../../db/schema/index.ts';

export type TaskRow = typeof reportTasks.$inferSelect;

/** The live task of a kind and target, if one is queued or running. */
export async function findLiveTask(db: Executor, kind: TaskKind, target: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(reportTasks)
    .where(and(eq(reportTasks.kind, kind), eq(reportTasks.target, target), inArray(reportTasks.state, ['queued', 'running'])));
  return row;
}

/** Inserts a queued task; undefined when the same kind and target already has a live one (the partial unique index). */
export async function insertTask(
  db: Executor,
  values: Pick<TaskRow, 'kind' | 'periodId' | 'target' | 'requestedBy'> &
    Partial<Pick<TaskRow, 'reportId' | 'archiveId' | 'attempt' | 'retryOfTaskId' | 'pgbossJobId' | 'state' | 'startedAt' | 'heartbeatAt'>>,
): Promise<TaskRow | undefined> {
  const [row] = await db.insert(reportTasks).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findTask(db: Executor, id: number): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(reportTasks).where(eq(reportTasks.id, id));
  return row;
}

export async function setJobId(db: Executor, id: number, jobId: string): Promise<void> {
  await db.update(reportTasks).set({ pgbossJobId: jobId }).where(eq(reportTasks.id, id));
}

export async function markRunning(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(reportTasks)
    .set({ state: 'running', startedAt: now, heartbeatAt: now, stage: 'loading', done: 0, total: 0, progressPct: 0 })
    .where(eq(reportTasks.id, id));
}

export async function writeProgress(db: Executor, id: number, now: Date, p: { stage: TaskStage; done: number; total: number }): Promise<void> {
  const pct = p.total > 0 ? Math.min(99, Math.floor((p.done / p.total) * 100)) : 0;
  await db
    .update(reportTasks)
    .set({ stage: p.stage, done: p.done, total: p.total, progressPct: pct, heartbeatAt: now })
    .where(and(eq(reportTasks.id, id), eq(reportTasks.state, 'running')));
}

export async function finishTask(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(reportTasks)
    .set({ state: 'succeeded', progressPct: 100, finishedAt: now, heartbeatAt: now, errorCode: null, errorDetail: null })
    .where(and(eq(reportTasks.id, id), eq(reportTasks.state, 'running')));
}

export async function failTask(db: Executor, id: number, now: Date, errorCode: string, errorDetail: string | null): Promise<void> {
  await db
    .update(reportTasks)
    .set({ state: 'failed', finishedAt: now, errorCode, errorDetail: errorDetail?.slice(0, 2000) ?? null })
    .where(and(eq(reportTasks.id, id), inArray(reportTasks.state, ['queued', 'running'])));
}

/** Running tasks whose worker has not heartbeated since `before`: their process died. */
export async function staleRunningTasks(db: Executor, before: Date): Promise<TaskRow[]> {
  return db
    .select()
    .from(reportTasks)
    .where(and(eq(reportTasks.state, 'running'), or(isNull(reportTasks.heartbeatAt), lt(reportTasks.heartbeatAt, before))));
}

/** Queued tasks whose job never reached pg-boss (the process stopped between the two steps). */
export async function unsentTasks(db: Executor, before: Date): Promise<TaskRow[]> {
  return db
    .select()
    .from(reportTasks)
    .where(and(eq(reportTasks.state, 'queued'), isNull(reportTasks.pgbossJobId), lt(reportTasks.createdAt, before)));
}

const statusColumns = {
  id: reportTasks.id,
  kind: reportTasks.kind,
  periodId: reportTasks.periodId,
  reportId: reportTasks.reportId,
  archiveId: reportTasks.archiveId,
  state: reportTasks.state,
  stage: reportTasks.stage,
  done: reportTasks.done,
  total: reportTasks.total,
  progressPct: reportTasks.progressPct,
  attempt: reportTasks.attempt,
  errorCode: reportTasks.errorCode,
  requestedByName: personName(users),
  createdAt: reportTasks.createdAt,
  startedAt: reportTasks.startedAt,
  finishedAt: reportTasks.finishedAt,
};

type StatusRow = Omit<TaskStatus, 'createdAt' | 'startedAt' | 'finishedAt' | 'retryAfterMs'> & {
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

/** Tasks for the staff's screens: a period's (newest first, the last 200), or every live one. */
export async function listTasks(db: Executor, periodId: number | undefined): Promise<StatusRow[]> {
  const where = periodId === undefined ? inArray(reportTasks.state, ['queued', 'running']) : eq(reportTasks.periodId, periodId);
  return db
    .select(statusColumns)
    .from(reportTasks)
    .leftJoin(users, eq(users.id, reportTasks.requestedBy))
    .where(where)
    .orderBy(desc(reportTasks.id))
    .limit(200);
}

export async function taskStatus(db: Executor, id: number): Promise<StatusRow | undefined> {
  const [row] = await db.select(statusColumns).from(reportTasks).leftJoin(users, eq(users.id, reportTasks.requestedBy)).where(eq(reportTasks.id, id));
  return row;
}
