import { LIMITS, type LogEntry } from '@portal/shared';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, isoTime, jsonPage, named } from '../../db/client.ts';
import { actionLog, committees, companies, digests, signupRequests, users, votings } from '../../db/schema/index.ts';
import type { JsonText } from '../../lib/json-text.ts';

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
 * A page of a domain's log, with the author and a readable label of the object (a deleted voting's title from the
 * entry), its columns named as the contract's fields (LogEntry), and the count of the entries that match. Each label is
 * a subquery of its CASE branch, not a join per kind of object: seven outer joins cost PostgreSQL 4 ms to plan for a
 * query that runs in 0.3 ms.
 */
function logPage(db: Executor, domains: string[], f: LogFilters) {
  const where: SQL[] = [sql`${actionLog.domain} IN ${domains}`];
  if (f.action) where.push(eq(actionLog.action, f.action));
  if (f.actorId) where.push(eq(actionLog.actorId, f.actorId));
  if (f.viewed !== undefined) where.push(eq(actionLog.viewed, f.viewed));
  if (f.domain) where.push(eq(actionLog.domain, f.domain));
  if (f.entity) where.push(eq(actionLog.entity, f.entity));
  if (f.entityId) where.push(eq(actionLog.entityId, f.entityId));
  if (f.from) where.push(gte(actionLog.at, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) where.push(lt(actionLog.at, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)));
  const page = db
    .select({
      id: named<number>(actionLog.id, 'id'),
      domain: named<string>(actionLog.domain, 'domain'),
      at: sql<string>`${isoTime(actionLog.at)}`.as('at'),
      action: named<string>(actionLog.action, 'action'),
      entity: named<string>(actionLog.entity, 'entity'),
      entityId: named<number | null>(actionLog.entityId, 'entityId'),
      entityLabel: sql<string | null>`CASE ${actionLog.entity}
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
        WHEN 'mailTemplate' THEN COALESCE(${actionLog.after} ->> 'name', ${actionLog.before} ->> 'name') END`.as('entityLabel'),
      actor: sql<
        LogEntry['actor']
      >`CASE WHEN ${actor.id} IS NOT NULL THEN json_build_object('id', ${actor.id}, 'name', ${actor.name}, 'surname', ${actor.surname}) END`.as(
        'actor',
      ),
      before: named<unknown>(actionLog.before, 'before'),
      after: named<unknown>(actionLog.after, 'after'),
      viewed: named<boolean>(actionLog.viewed, 'viewed'),
      ip: sql<string | null>`CASE WHEN ${actionLog.domain} = 'security' THEN ${actionLog.ip} END`.as('ip'),
    })
    .from(actionLog)
    .leftJoin(actor, eq(actor.id, actionLog.actorId))
    .where(and(...where))
    .orderBy(f.order === 'asc' ? actionLog.id : desc(actionLog.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return { page, counted: countLog(db, where) };
}

/** A page of a domain's log and its total, as the JSON the database writes (on PGlite every value read costs). */
export function listLog(db: Executor, domains: string[], f: LogFilters): Promise<JsonText<{ rows: LogEntry[]; total: number }>> {
  const { page, counted } = logPage(db, domains, f);
  return jsonPage(db, page, counted, sql`t."id" ${f.order === 'asc' ? sql`ASC` : sql`DESC`}`);
}

/** The entries of a page of a domain's log, for a download. */
export function logEntries(db: Executor, domains: string[], f: LogFilters): Promise<LogEntry[]> {
  return logPage(db, domains, f).page;
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
