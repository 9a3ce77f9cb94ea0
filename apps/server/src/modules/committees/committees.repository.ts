import type { Committee, CommitteeAdmin, CommitteeDetails } from '@portal/shared';
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, jsonArray, named } from '../../db/client.ts';
import { committeeMembers, committeeRequests, committeeSubscribers, committees, companies, events, users } from '../../db/schema/index.ts';
import type { JsonText } from '../../lib/json-text.ts';

/** A request still waiting for a decision. */
export const OPEN_STATUSES = ['new', 'inProgress'] as ('new' | 'inProgress')[];

const columns = { id: committees.id, parentId: committees.parentId, nameEn: committees.nameEn, nameRu: committees.nameRu };
const parent = alias(committees, 'parent');

/** The active committees, in their order. */
export const activeCommittees = (db: Executor): Promise<Committee[]> =>
  db
    .select(columns)
    .from(committees)
    .where(and(isNull(committees.parentId), eq(committees.active, true)))
    .orderBy(asc(committees.position), asc(committees.id));

/** The active working groups of active committees, by committee and in their order. */
export const activeWorkingGroups = (db: Executor): Promise<Committee[]> =>
  db
    .select(columns)
    .from(committees)
    .innerJoin(parent, eq(parent.id, committees.parentId))
    .where(and(isNotNull(committees.parentId), eq(committees.active, true), eq(parent.active, true)))
    .orderBy(asc(parent.position), asc(committees.parentId), asc(committees.position), asc(committees.id));

export async function isActive(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ active: committees.active }).from(committees).where(eq(committees.id, id));
  return row?.active ?? false;
}

/**
 * The committees and groups a person is a member of on a day (YYYY-MM-DD), their term begun and not ended, as a
 * subquery of their ids: a filter of the query that needs it, which then runs once instead of after a query of its own.
 */
export const membershipsOn = (userId: number, day: string): SQL =>
  sql`SELECT ${committeeMembers.committeeId} FROM ${committeeMembers} WHERE ${committeeMembers.userId} = ${userId} AND ${runsOn(day)}`;

/** Committees in their order, each followed by its groups in theirs (queries joining `parent` on the parent committee). */
const treeOrder = [
  sql`coalesce(${parent.position}, ${committees.position})`,
  sql`coalesce(${committees.parentId}, ${committees.id})`,
  sql`${committees.parentId} nulls first`,
  asc(committees.position),
  asc(committees.id),
];

export type CommitteeRow = typeof committees.$inferSelect;
export type CommitteeFields = Omit<typeof committees.$inferInsert, 'id' | 'createdAt' | 'active'>;

/** A term that runs on a day (YYYY-MM-DD): begun and not ended. */
export const runsOn = (day: string): SQL =>
  and(lte(committeeMembers.since, day), or(isNull(committeeMembers.until), gte(committeeMembers.until, day))) as SQL;

export async function findCommittee(db: Executor, id: number, lock = false): Promise<CommitteeRow | undefined> {
  const query = db.select().from(committees).where(eq(committees.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/**
 * Every committee and group (or one) with the counts the pages show, its columns named as the contract's fields
 * (CommitteeAdmin) and `ord` its place in the tree order (committees in their order, each followed by its groups).
 */
function withCounts(db: Executor, day: string, id?: number) {
  const members = db
    .select({ id: committeeMembers.committeeId, n: count().as('members_n') })
    .from(committeeMembers)
    .where(runsOn(day))
    .groupBy(committeeMembers.committeeId)
    .as('m');
  const open = db
    .select({ id: committeeRequests.committeeId, n: count().as('requests_n') })
    .from(committeeRequests)
    .where(inArray(committeeRequests.status, OPEN_STATUSES))
    .groupBy(committeeRequests.committeeId)
    .as('r');
  const groups = db
    .select({ id: committees.parentId, n: count().as('groups_n') })
    .from(committees)
    .where(isNotNull(committees.parentId))
    .groupBy(committees.parentId)
    .as('g');
  return db
    .select({
      id: named<number>(committees.id, 'id'),
      parentId: named<number | null>(committees.parentId, 'parentId'),
      nameEn: named<string>(committees.nameEn, 'nameEn'),
      nameRu: named<string>(committees.nameRu, 'nameRu'),
      detailsEn: named<string>(committees.detailsEn, 'detailsEn'),
      detailsRu: named<string>(committees.detailsRu, 'detailsRu'),
      position: named<number>(committees.position, 'position'),
      active: named<boolean>(committees.active, 'active'),
      selfService: named<boolean>(committees.selfService, 'selfService'),
      members: sql<number>`coalesce(${members.n}, 0)::int`.as('members'),
      // Kept by the database on every change to the subscriptions: counting 100,000 of them took 10 ms.
      subscribers: named<number>(committees.subscriberCount, 'subscribers'),
      openRequests: sql<number>`coalesce(${open.n}, 0)::int`.as('openRequests'),
      groups: sql<number>`coalesce(${groups.n}, 0)::int`.as('groups'),
      ord: sql<number>`row_number() OVER (ORDER BY ${sql.join(treeOrder, sql`, `)})`.as('ord'),
    })
    .from(committees)
    .leftJoin(parent, eq(parent.id, committees.parentId))
    .leftJoin(members, eq(members.id, committees.id))
    .leftJoin(open, eq(open.id, committees.id))
    .leftJoin(groups, eq(groups.id, committees.id))
    .where(id === undefined ? undefined : eq(committees.id, id));
}

/** Every committee and group in tree order with its counts, as the JSON the database writes (on PGlite every value read costs). */
export function allWithCounts(db: Executor, day: string): Promise<JsonText<CommitteeAdmin[]>> {
  return jsonArray(db, withCounts(db, day), sql`t."ord"`, sql`to_jsonb(t) - 'ord'`);
}

/** One committee or group with its counts. */
export async function oneWithCounts(db: Executor, day: string, id: number): Promise<CommitteeAdmin | undefined> {
  const [row] = await withCounts(db, day, id);
  if (!row) return undefined;
  const { ord: _, ...admin } = row;
  return admin;
}

export const toDetails = (c: CommitteeRow): CommitteeDetails => ({
  id: c.id,
  parentId: c.parentId,
  nameEn: c.nameEn,
  nameRu: c.nameRu,
  detailsEn: c.detailsEn,
  detailsRu: c.detailsRu,
  position: c.position,
  active: c.active,
  selfService: c.selfService,
});

/** The active committees and the active groups of active committees, with details, in the order of `allWithCounts`. */
export async function activeDetails(db: Executor): Promise<CommitteeDetails[]> {
  const rows = await db
    .select({ c: committees })
    .from(committees)
    .leftJoin(parent, eq(parent.id, committees.parentId))
    .where(and(eq(committees.active, true), or(isNull(committees.parentId), eq(parent.active, true))))
    .orderBy(...treeOrder);
  return rows.map((r) => toDetails(r.c));
}

export async function insertCommittee(tx: Executor, fields: CommitteeFields): Promise<CommitteeRow> {
  const [row] = await tx.insert(committees).values(fields).returning();
  return row!;
}

export async function updateCommittee(tx: Executor, id: number, fields: Partial<CommitteeFields> & { active?: boolean }): Promise<CommitteeRow> {
  const [row] = await tx.update(committees).set(fields).where(eq(committees.id, id)).returning();
  return row!;
}

/** Deletes a committee; its groups, members, subscribers and requests go with it (the foreign keys cascade). */
export async function deleteCommittee(tx: Executor, id: number): Promise<void> {
  await tx.delete(committees).where(eq(committees.id, id));
}

/** Per committee and group: current members, subscribers and companies with a current member. */
export async function stat(db: Executor, day: string) {
  const rows = await db
    .select({
      id: committees.id,
      parentId: committees.parentId,
      nameEn: committees.nameEn,
      nameRu: committees.nameRu,
      active: committees.active,
      members: sql<number>`(select count(*) from ${committeeMembers} where ${committeeMembers.committeeId} = ${committees.id} and ${runsOn(day)})::int`,
      subscribers: sql<number>`(select count(*) from ${committeeSubscribers} where ${committeeSubscribers.committeeId} = ${committees.id})::int`,
      companies: sql<number>`(select count(distinct ${users.companyId}) from ${committeeMembers} join ${users} on ${users.id} = ${committeeMembers.userId} where ${committeeMembers.committeeId} = ${committees.id} and ${runsOn(day)})::int`,
    })
    .from(committees)
    .leftJoin(parent, eq(parent.id, committees.parentId))
    .orderBy(...treeOrder);
  const [totals] = await db
    .select({
      activeCompanies: sql<number>`count(*)::int`,
      takingPart: sql<number>`count(*) filter (where exists ${db
        .select({ one: sql`1` })
        .from(committeeMembers)
        .innerJoin(users, eq(users.id, committeeMembers.userId))
        .where(and(eq(users.companyId, companies.id), runsOn(day)))})::int`,
    })
    .from(companies)
    .where(eq(companies.isActive, true));
  return { rows, activeCompanies: totals?.activeCompanies ?? 0, takingPart: totals?.takingPart ?? 0 };
}

/** The calendar's events of a committee and its groups: they keep it from being deleted (the foreign key restricts). */
export async function countEvents(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(events)
    .innerJoin(committees, eq(committees.id, events.committeeId))
    .where(or(eq(committees.id, id), eq(committees.parentId, id)));
  return row?.n ?? 0;
}
