import type { Locale, RegistrationStatus, Role } from '@portal/shared';
import { and, asc, count, eq, gt, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { calendarFeeds, committees, companies, eventRegistrations, events, users } from '../../db/schema/index.ts';

export type EventRow = typeof events.$inferSelect;
export type EventInsert = Omit<typeof events.$inferInsert, 'id'>;

/** The committees whose events a person sees, or 'all' (staff). */
export type Scope = number[] | 'all';

/** Public events, and those of the committees in scope. */
const visible = (scope: Scope): SQL | undefined =>
  scope === 'all' ? undefined : scope.length ? or(isNull(events.committeeId), inArray(events.committeeId, scope)) : isNull(events.committeeId);

/** A figure of an event's registrations, looked up only for events that take them (most do not). */
const ifRegistration = (query: SQL) => sql`CASE WHEN ${events.registration} THEN ${query} END`;

/** An event as a person sees it: its committee, the seats taken and waited for, and the person's own place. */
const eventView = (userId: number) => ({
  event: events,
  committee: { id: committees.id, parentId: committees.parentId, nameEn: committees.nameEn, nameRu: committees.nameRu },
  registered: ifRegistration(sql`(SELECT count(*) FROM event_registrations r WHERE r.event_id = ${events.id} AND r.status = 'registered')`).mapWith(
    Number,
  ),
  waiting: ifRegistration(sql`(SELECT count(*) FROM event_registrations r WHERE r.event_id = ${events.id} AND r.status = 'waiting')`).mapWith(Number),
  mine: ifRegistration(
    sql`(SELECT r.status FROM event_registrations r WHERE r.event_id = ${events.id} AND r.user_id = ${userId})`,
  ) as SQL<RegistrationStatus | null>,
  turn: ifRegistration(sql`(SELECT count(*) FROM event_registrations w WHERE w.event_id = ${events.id} AND w.status = 'waiting' AND w.id <= (
      SELECT r.id FROM event_registrations r WHERE r.event_id = ${events.id} AND r.user_id = ${userId} AND r.status = 'waiting'))`).mapWith(Number),
});
export type EventView = Awaited<ReturnType<typeof eventsBetween>>[number];

const selectViews = (db: Executor, userId: number) =>
  db.select(eventView(userId)).from(events).leftJoin(committees, eq(committees.id, events.committeeId));

/** The events in scope that overlap [from, to), by start. */
export const eventsBetween = (db: Executor, userId: number, scope: Scope, from: Date, to: Date) =>
  selectViews(db, userId)
    .where(and(sql`tstzrange(${events.startsAt}, ${events.endsAt}) && tstzrange(${from}, ${to})`, visible(scope)))
    .orderBy(asc(events.startsAt), asc(events.id));

export async function oneEvent(db: Executor, userId: number, scope: Scope, id: number): Promise<EventView | undefined> {
  const [row] = await selectViews(db, userId).where(and(eq(events.id, id), visible(scope)));
  return row;
}

/** The events in scope that start within [from, to), for a feed; at most `limit`. */
export const eventsStarting = (db: Executor, scope: Scope, from: Date, to: Date, limit: number) =>
  db
    .select()
    .from(events)
    .where(and(gt(events.startsAt, from), lte(events.startsAt, to), visible(scope)))
    .orderBy(asc(events.startsAt))
    .limit(limit);

/** An event's row; `lock` holds it for the transaction (registrations and edits of one event go one at a time). */
export async function findEvent(db: Executor, id: number, lock = false): Promise<EventRow | undefined> {
  const query = db.select().from(events).where(eq(events.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertEvent(tx: Executor, values: EventInsert): Promise<EventRow> {
  const [row] = await tx.insert(events).values(values).returning();
  return row!;
}

export async function updateEvent(tx: Executor, id: number, values: Partial<EventInsert>): Promise<EventRow> {
  const [row] = await tx.update(events).set(values).where(eq(events.id, id)).returning();
  return row!;
}

export const deleteEvent = (tx: Executor, id: number) => tx.delete(events).where(eq(events.id, id));

export async function registrationOf(tx: Executor, eventId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)));
  return row;
}

export async function seatsTaken(tx: Executor, eventId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'registered')));
  return row?.n ?? 0;
}

export const insertRegistration = (tx: Executor, eventId: number, userId: number, status: RegistrationStatus, at: Date) =>
  tx.insert(eventRegistrations).values({ eventId, userId, status, createdAt: at });

export const deleteRegistration = (tx: Executor, id: number) => tx.delete(eventRegistrations).where(eq(eventRegistrations.id, id));

/** Gives the first `seats` people of the waiting list a seat, in turn; answers who they are. */
export async function moveUp(tx: Executor, eventId: number, seats: number | null): Promise<number[]> {
  const limit = seats === null ? sql`` : sql`LIMIT ${seats}`;
  const rows = await tx.execute(sql`
    UPDATE event_registrations SET status = 'registered'
    WHERE id IN (SELECT id FROM event_registrations WHERE event_id = ${eventId} AND status = 'waiting' ORDER BY id ${limit})
    RETURNING user_id`);
  return (rows as unknown as { rows: { user_id: number }[] }).rows.map((r) => r.user_id);
}

export interface Recipient {
  userId: number;
  email: string;
  name: string;
  locale: Locale;
  role: Role;
}

const recipientColumns = { userId: users.id, email: users.email, name: users.name, locale: users.locale, role: users.role };
/** People who may still be written to: active, of an active company (or none). */
const reachable = and(eq(users.isActive, true), or(isNull(users.companyId), eq(companies.isActive, true)));

/** The people given, who may still be written to. */
export const recipientsAmong = (tx: Executor, userIds: number[]): Promise<Recipient[]> =>
  userIds.length
    ? tx
        .select(recipientColumns)
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(and(inArray(users.id, userIds), reachable))
    : Promise.resolve([]);

/** The people registered for an event (seat or waiting list, or only `status`), who may still be written to. */
export const registeredRecipients = (tx: Executor, eventId: number, status?: RegistrationStatus): Promise<Recipient[]> =>
  tx
    .select(recipientColumns)
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(eventRegistrations.eventId, eventId), status ? eq(eventRegistrations.status, status) : undefined, reachable));

const registrantOrder = [sql`${eventRegistrations.status} = 'waiting'`, asc(eventRegistrations.id)];
const registrantColumns = {
  userId: users.id,
  name: sql<string>`${users.name} || ' ' || ${users.surname}`,
  email: users.email,
  company: sql<string>`coalesce(${companies.name}, '')`,
  status: eventRegistrations.status,
  registeredAt: eventRegistrations.createdAt,
};

const registrantsWhere = (eventId: number, search: string | undefined) => {
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    eq(eventRegistrations.eventId, eventId),
    like ? or(ilike(sql`${users.name} || ' ' || ${users.surname}`, like), ilike(users.email, like), ilike(companies.name, like)) : undefined,
  );
};

/** An event's people, seats first then the waiting list in turn; searched by name, e-mail or company; a page, or all. */
export function registrants(db: Executor, eventId: number, search?: string, page?: { size: number; offset: number }) {
  const query = db
    .select(registrantColumns)
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(registrantsWhere(eventId, search))
    .orderBy(...registrantOrder)
    .$dynamic();
  return page ? query.limit(page.size).offset(page.offset) : query;
}

export async function countRegistrants(db: Executor, eventId: number, search?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(registrantsWhere(eventId, search));
  return row?.n ?? 0;
}

/** Registration events that start within (from, to] and have had no reminder, locked for this server alone. */
export const dueReminders = (tx: Executor, from: Date, to: Date) =>
  tx
    .select()
    .from(events)
    .where(and(eq(events.registration, true), isNull(events.remindedAt), gt(events.startsAt, from), lte(events.startsAt, to)))
    .orderBy(asc(events.startsAt))
    .limit(50)
    .for('update', { skipLocked: true });

export async function feedOf(db: Executor, userId: number) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

export const setFeed = (tx: Executor, userId: number, keyHash: string, at: Date) =>
  tx
    .insert(calendarFeeds)
    .values({ userId, keyHash, createdAt: at })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { keyHash, createdAt: at } });

export const deleteFeed = (tx: Executor, userId: number) => tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));

/** The person a feed key belongs to, if they may still sign in. */
export async function feedOwner(db: Executor, keyHash: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, locale: users.locale })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(calendarFeeds.keyHash, keyHash), reachable));
  return row;
}
