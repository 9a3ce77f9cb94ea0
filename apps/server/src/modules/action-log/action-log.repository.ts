import { LIMITS, type LogEntry } from '@portal/shared';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, totalOf, withTotal } from '../../db/client.ts';
import { actionLog, committees, companies, digests, signupRequests, users, votings } from '../../db/schema/index.ts';

export interface LogFilters {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
  action?: string;
  actorId?: number;
  viewed?: boolean;
  /** ISO dates (whole days, UTC). */
  from?: string;
  to?: string;
  /** One log of several (the history's area). */
  domain?: string;
  entity?: string;
  entityId?: number;
}

const actor = alias(users, 'actor');

/**
 * One page of a domain's log, with the author and a readable label of the object (a deleted voting's title from the
 * entry), in one query. Each label is a subquery of its CASE branch, not a join per kind of object: seven outer joins
 * cost PostgreSQL 4 ms to plan for a query that runs in 0.3 ms.
 */
export async function listLog(db: Executor, domains: string[], f: LogFilters): Promise<{ rows: LogEntry[]; total: number }> {
  const where: SQL[] = [sql`${actionLog.domain} IN ${domains}`];
  if (f.action) where.push(eq(actionLog.action, f.action));
  if (f.actorId) where.push(eq(actionLog.actorId, f.actorId));
  if (f.viewed !== undefined) where.push(eq(actionLog.viewed, f.viewed));
  if (f.domain) where.push(eq(actionLog.domain, f.domain));
  if (f.entity) where.push(eq(actionLog.entity, f.entity));
  if (f.entityId) where.push(eq(actionLog.entityId, f.entityId));
  if (f.from) where.push(gte(actionLog.at, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) where.push(lt(actionLog.at, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)));
  const counted = countLog(db, where);
  const page = db
    .select({
      total: totalOf(counted),
      id: actionLog.id,
      domain: actionLog.domain,
      at: actionLog.at,
      action: actionLog.action,
      entity: actionLog.entity,
      entityId: actionLog.entityId,
      before: actionLog.before,
      after: actionLog.after,
      viewed: actionLog.viewed,
      ip: sql<string | null>`CASE WHEN ${actionLog.domain} = 'security' THEN ${actionLog.ip} END`,
      actorId: actor.id,
      actorName: actor.name,
      actorSurname: actor.surname,
      subjectLabel: sql<string | null>`CASE ${actionLog.entity}
        WHEN 'user' THEN (SELECT s.surname || ' ' || s.name || ' <' || s.email || '>' FROM ${users} s WHERE s.id = ${actionLog.entityId})
        WHEN 'company' THEN (SELECT c.name FROM ${companies} c WHERE c.id = ${actionLog.entityId})
        WHEN 'signupRequest' THEN (SELECT r.surname || ' ' || r.name || ' <' || r.email || '>, ' || r.company FROM ${signupRequests} r WHERE r.id = ${actionLog.entityId})
        WHEN 'voting' THEN COALESCE((SELECT v.title FROM ${votings} v WHERE v.id = ${actionLog.entityId}), ${actionLog.before} ->> 'title')
        WHEN 'digest' THEN COALESCE((SELECT d.file_name FROM ${digests} d WHERE d.id = ${actionLog.entityId}), ${actionLog.after} ->> 'fileName', ${actionLog.before} ->> 'fileName')
        WHEN 'document' THEN COALESCE(${actionLog.after} ->> 'titleEn', ${actionLog.before} ->> 'titleEn')
        WHEN 'helpItem' THEN COALESCE(${actionLog.after} ->> 'questionEn', ${actionLog.before} ->> 'questionEn')
        WHEN 'siteFile' THEN ${actionLog.after} ->> 'fileName'
        WHEN 'committee' THEN COALESCE((SELECT c.name_en FROM ${committees} c WHERE c.id = ${actionLog.entityId}), ${actionLog.before} ->> 'nameEn')
        WHEN 'committeeMember' THEN COALESCE(${actionLog.after} ->> 'person', ${actionLog.before} ->> 'person')
        WHEN 'membershipRequest' THEN ${actionLog.after} ->> 'person'
        WHEN 'mailTemplate' THEN COALESCE(${actionLog.after} ->> 'name', ${actionLog.before} ->> 'name') END`,
    })
    .from(actionLog)
    .leftJoin(actor, eq(actor.id, actionLog.actorId))
    .where(and(...where))
    .orderBy(f.order === 'asc' ? actionLog.id : desc(actionLog.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const { rows, total } = await withTotal(page, counted);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      domain: r.domain,
      at: r.at.toISOString(),
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      entityLabel: r.subjectLabel,
      actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? '', surname: r.actorSurname ?? '' },
      before: r.before,
      after: r.after,
      viewed: r.viewed,
      ip: r.ip,
    })),
  };
}

/** The entries that match, counted up to LIMITS.countCap + 1 (one more than the cap says "more than the cap"). */
function countLog(db: Executor, where: SQL[]) {
  const matching = db
    .select({ one: sql`1` })
    .from(actionLog)
    .where(and(...where))
    .limit(LIMITS.countCap + 1)
    .as('matching');
  return db.select({ n: count() }).from(matching);
}

export async function markViewed(db: Executor, domains: string[], id?: number): Promise<number> {
  const rows = await db
    .update(actionLog)
    .set({ viewed: true })
    .where(and(sql`${actionLog.domain} IN ${domains}`, eq(actionLog.viewed, false), id ? eq(actionLog.id, id) : undefined))
    .returning({ id: actionLog.id });
  return rows.length;
}

export async function logEntryExists(db: Executor, domains: string[], id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: actionLog.id })
    .from(actionLog)
    .where(and(eq(actionLog.id, id), sql`${actionLog.domain} IN ${domains}`));
  return Boolean(row);
}

export async function countUnviewed(db: Executor, domains: string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(actionLog)
    .where(and(sql`${actionLog.domain} IN ${domains}`, eq(actionLog.viewed, false)));
  return row?.n ?? 0;
}

/** Drops a log's entries older than `before` (the retention run keeps the security log for its days); answers how many. */
export async function purgeLog(db: Executor, domain: string, before: Date): Promise<number> {
  const rows = await db
    .delete(actionLog)
    .where(and(eq(actionLog.domain, domain), lt(actionLog.at, before)))
    .returning({ id: actionLog.id });
  return rows.length;
}
