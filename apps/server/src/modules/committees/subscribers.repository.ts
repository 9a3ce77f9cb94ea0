import type { DistributionRow, Subscriber } from '@portal/shared';
import { and, asc, count, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, type Executor, jsonArray, named, totalOf, withTotal } from '../../db/client.ts';
import { committeeOptOuts, committeeRecipients, committeeSubscribers, companies, users } from '../../db/schema/index.ts';
import type { JsonText } from '../../lib/json-text.ts';

/** A person who receives mail: active, of an active company. */
const reachable = and(eq(users.isActive, true), eq(companies.isActive, true)) as SQL;

export interface SubscriberFilters {
  committeeId: number;
  search?: string | undefined;
  sort?: 'name' | 'company' | 'since' | undefined;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export async function listSubscribers(db: Executor, f: SubscriberFilters): Promise<{ rows: Subscriber[]; total: number }> {
  const where = and(
    eq(committeeSubscribers.committeeId, f.committeeId),
    f.search ? sql`${users.searchText} LIKE lower(${containsPattern(f.search)})` : undefined,
  );
  const dir = f.order === 'desc' ? desc : asc;
  const order = {
    name: [dir(users.surname), dir(users.name)],
    company: [dir(companies.name), asc(users.surname)],
    since: [dir(committeeSubscribers.createdAt), asc(users.surname)],
  }[f.sort ?? 'name'];
  const counted = db.select({ n: count() }).from(committeeSubscribers).innerJoin(users, eq(users.id, committeeSubscribers.userId)).where(where);
  const { rows, total } = await withTotal(
    db
      .select({
        total: totalOf(counted),
        userId: users.id,
        name: users.name,
        surname: users.surname,
        email: users.email,
        companyId: companies.id,
        companyName: companies.name,
        active: sql<boolean>`${reachable}`,
        since: committeeSubscribers.createdAt,
      })
      .from(committeeSubscribers)
      .innerJoin(users, eq(users.id, committeeSubscribers.userId))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(...order, asc(users.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    counted,
  );
  return {
    rows: rows.map((r) => ({
      userId: r.userId,
      name: r.name,
      surname: r.surname,
      email: r.email,
      company: { id: r.companyId, name: r.companyName },
      active: r.active,
      since: r.since.toISOString(),
    })),
    total,
  };
}

/** Subscribes people; those already subscribed stay as they are. Answers who was added. */
export async function addSubscribers(tx: Executor, committeeId: number, userIds: number[], now: Date): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await tx
    .insert(committeeSubscribers)
    .values(userIds.map((userId) => ({ committeeId, userId, createdAt: now })))
    .onConflictDoNothing()
    .returning({ userId: committeeSubscribers.userId });
  return rows.map((r) => r.userId);
}

/** Unsubscribes people (all but `keep` of a company, or the listed ones); answers who was removed. */
export async function removeSubscribers(
  tx: Executor,
  committeeId: number,
  which: { userIds: number[] } | { companyId: number | null; keep: number[] },
): Promise<number[]> {
  const whom =
    'userIds' in which
      ? which.userIds.length
        ? inArray(committeeSubscribers.userId, which.userIds)
        : sql`false`
      : and(
          which.companyId === null
            ? undefined
            : inArray(committeeSubscribers.userId, tx.select({ id: users.id }).from(users).where(eq(users.companyId, which.companyId))),
          which.keep.length ? notInArray(committeeSubscribers.userId, which.keep) : undefined,
        );
  const rows = await tx
    .delete(committeeSubscribers)
    .where(and(eq(committeeSubscribers.committeeId, committeeId), whom))
    .returning({ userId: committeeSubscribers.userId });
  return rows.map((r) => r.userId);
}

/** The subscribers of a committee now (of one company, or all). */
export async function subscriberIds(db: Executor, committeeId: number, companyId: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: committeeSubscribers.userId })
    .from(committeeSubscribers)
    .innerJoin(users, eq(users.id, committeeSubscribers.userId))
    .where(and(eq(committeeSubscribers.committeeId, committeeId), companyId === null ? undefined : eq(users.companyId, companyId)));
  return rows.map((r) => r.id);
}

export async function subscriptionsOf(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: committeeSubscribers.committeeId })
    .from(committeeSubscribers)
    .where(eq(committeeSubscribers.userId, userId))
    .orderBy(asc(committeeSubscribers.committeeId));
  return rows.map((r) => r.id);
}

/** A company's subscribers of every committee, by committee. */
export async function companySubscribers(db: Executor, companyId: number) {
  return db
    .select({ committeeId: committeeSubscribers.committeeId, userId: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(committeeSubscribers)
    .innerJoin(users, eq(users.id, committeeSubscribers.userId))
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.surname), asc(users.name));
}

/** Removes every subscription of a company's people (its switching off); answers how many. */
export async function deleteCompanySubscriptions(tx: Executor, companyId: number): Promise<number> {
  const rows = await tx
    .delete(committeeSubscribers)
    .where(inArray(committeeSubscribers.userId, tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId))))
    .returning({ userId: committeeSubscribers.userId });
  return rows.length;
}

/** People of member companies by e-mail (lower case), with whether they receive mail. */
export async function peopleByEmail(db: Executor, emails: string[]) {
  if (!emails.length) return [];
  return db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      surname: users.surname,
      companyId: companies.id,
      company: companies.name,
      reachable: sql<boolean>`${reachable}`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(inArray(users.email, emails));
}

/** A person on a distribution list, with what a mailing needs to reach them in their language. */
export type Recipient = DistributionRow & { userId: number; locale: 'en' | 'ru' };

const r = committeeRecipients;

/** The person's term runs on the day (the days the triggers keep from the terms; `runsOn` asks the terms themselves). */
const memberOn = (day: string) => sql<boolean>`coalesce(${r.memberDays} @> ${day}::date, false)`;

/**
 * Who a committee's list holds on a day (committee_recipients, which the database keeps): subscribers and members whose
 * term runs that day, active, of active companies; matching the search (name, e-mail, position or company) when there is one.
 */
const onList = (committeeId: number, day: string, search?: string) =>
  and(
    eq(r.committeeId, committeeId),
    r.reachable,
    or(r.subscriber, memberOn(day)),
    search ? sql`(${r.searchText} LIKE lower(${containsPattern(search)}) OR lower(${r.company}) LIKE lower(${containsPattern(search)}))` : undefined,
  );

const recipientColumns = (day: string) => ({
  userId: r.userId,
  locale: r.locale,
  email: r.email,
  name: r.name,
  surname: r.surname,
  company: r.company,
  member: memberOn(day),
  subscriber: r.subscriber,
});

/** The whole distribution list by surname: a mailing's recipients, the downloads. */
export function distribution(db: Executor, committeeId: number, day: string): Promise<Recipient[]> {
  return db.select(recipientColumns(day)).from(r).where(onList(committeeId, day)).orderBy(asc(r.surname), asc(r.name), asc(r.email));
}

/** The list's e-mail addresses by surname, to copy, as one JSON array the database writes (on PGlite every value read costs). */
export function distributionAddresses(db: Executor, committeeId: number, day: string): Promise<JsonText<string[]>> {
  const rows = db
    .select({ email: named<string>(r.email, 'email'), surname: named<string>(r.surname, 'surname'), name: named<string>(r.name, 'name') })
    .from(r)
    .where(onList(committeeId, day));
  return jsonArray(db, rows, sql`t."surname", t."name", t."email"`, sql`t."email"`);
}

export interface DistributionFilters {
  committeeId: number;
  search?: string | undefined;
  sort?: 'name' | 'company' | 'email' | undefined;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** A page of the distribution list and how many it has in all, in one query (the count a window over the same rows). */
export async function distributionPage(db: Executor, day: string, f: DistributionFilters): Promise<{ rows: DistributionRow[]; total: number }> {
  const dir = f.order === 'desc' ? desc : asc;
  const order = {
    name: [dir(r.surname), dir(r.name), asc(r.email)],
    company: [dir(r.company), asc(r.surname), asc(r.email)],
    email: [dir(r.email)],
  }[f.sort ?? 'name'];
  const rows = await db
    .select({ ...recipientColumns(day), total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(r)
    .where(onList(f.committeeId, day, f.search))
    .orderBy(...order)
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  // A page past the end has no row to carry the count; the first page says it then.
  const total = rows[0]?.total ?? (f.page > 1 ? (await distributionPage(db, day, { ...f, page: 1 })).total : 0);
  return { rows, total };
}

/** People of member companies by id. */
export function peopleById(db: Executor, ids: number[]) {
  return db
    .select({ userId: users.id, email: users.email })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(inArray(users.id, ids));
}

/** The person stops the committee's mailings (from a link): their subscription goes, and the list leaves them out. */
export async function optOut(tx: Executor, committeeId: number, userId: number, now: Date): Promise<void> {
  await tx.delete(committeeSubscribers).where(and(eq(committeeSubscribers.committeeId, committeeId), eq(committeeSubscribers.userId, userId)));
  await tx.insert(committeeOptOuts).values({ committeeId, userId, createdAt: now }).onConflictDoNothing();
}

/** The person subscribes again themselves: the committee's mailings reach them again. Answers whether they had stopped them. */
export async function optIn(tx: Executor, committeeId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(committeeOptOuts)
    .where(and(eq(committeeOptOuts.committeeId, committeeId), eq(committeeOptOuts.userId, userId)))
    .returning({ userId: committeeOptOuts.userId });
  return rows.length > 0;
}
