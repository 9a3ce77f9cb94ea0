import type { CalendarEvent, Locale, RegistrationStatus, Role } from '@portal/shared';
import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, type Executor, isoTime, jsonArray, queryRows } from '../../db/client.ts';
import { calendarFeeds, committees, companies, eventRegistrations, events, users } from '../../db/schema/index.ts';
import type { JsonText } from '../../lib/json-text.ts';

export type EventRow = typeof events.$inferSelect;
export type EventInsert = Omit<typeof events.$inferInsert, 'id'>;

/** The committees whose events a person sees (a subquery of their ids), or 'all' (staff). */
export type Scope = SQL | 'all';

/** Public events, and those of the committees in scope. */
const visible = (scope: Scope): SQL | undefined =>
  scope === 'all' ? undefined : or(isNull(events.committeeId), sql`${events.committeeId} IN (${scope})`);

/**
 * A registration holds its place while its person may sign in (active, of an active company or of none): a person
 * switched off keeps their row, but it takes no seat, is never moved up and gets no mail. `HELD('r')` is the
 * registrations `r` with their people joined and `HOLDS('r')` the condition: a join, not an EXISTS, which PostgreSQL
 * turned into a walk of every person up to the highest id registered (7 ms for a month of busy events, 2 ms joined).
 */
const HELD = (r: string) =>
  sql.raw(`event_registrations ${r} JOIN users ${r}_u ON ${r}_u.id = ${r}.user_id LEFT JOIN companies ${r}_c ON ${r}_c.id = ${r}_u.company_id`);
const HOLDS = (r: string) => sql.raw(`${r}_u.is_active AND (${r}_u.company_id IS NULL OR ${r}_c.is_active)`);

/**
 * The events `where` selects, by start (the first `limit` of them when given), as the person sees them, in the
 * contract's words (CalendarEvent): their committee, the seats taken and the places waited for by those who hold them,
 * the person's own place, and their turn (the holders waiting up to their own place). The events are read first, once
 * (a materialised CTE), then their registrations in one grouped pass joined to them: a lookup per event cost a month's
 * page a third more on PGlite, and a grouped pass the planner could not see the size of was re-run per event on
 * PostgreSQL (5 → 22 ms). The registrations are found by their events' ids as one array, which the index on the event
 * serves; joined to the events, they were read whole (20,000 of them for a month's 780; 5.5 → 4.0 ms on PGlite). A list
 * reads the rows as the JSON the database writes (`jsonArray`): a month of 200 events is then one value to read instead
 * of 3,500, with no row to map on the server.
 */
const views = (userId: number, where: SQL | undefined, limit?: number) => sql`
  WITH ev AS MATERIALIZED (
    SELECT * FROM ${events} WHERE ${where ?? sql`true`} ORDER BY ${events.startsAt}, ${events.id} ${limit ? sql`LIMIT ${limit}` : sql``}
  ), places AS (
    SELECT r.event_id, r.id, r.user_id, r.status, ${HOLDS('r')} AS holds,
      max(r.id) FILTER (WHERE r.user_id = ${userId} AND r.status = 'waiting') OVER (PARTITION BY r.event_id) AS my_wait
    FROM ${HELD('r')} WHERE r.event_id = ANY (ARRAY(SELECT id FROM ev WHERE registration))
  ), figures AS (
    SELECT event_id,
      count(*) FILTER (WHERE status = 'registered' AND holds) AS registered,
      count(*) FILTER (WHERE status = 'waiting' AND holds) AS waiting,
      max(status) FILTER (WHERE user_id = ${userId}) AS mine,
      count(*) FILTER (WHERE status = 'waiting' AND holds AND id <= my_wait) AS turn
    FROM places GROUP BY event_id
  )
  SELECT e.id AS "id", e.title_en AS "titleEn", e.title_ru AS "titleRu", e.description_en AS "descriptionEn",
    e.description_ru AS "descriptionRu", ${isoTime(sql`e.starts_at`)} AS "startsAt", ${isoTime(sql`e.ends_at`)} AS "endsAt",
    e.all_day AS "allDay", e.place AS "place", e.online_url AS "onlineUrl",
    CASE WHEN c.id IS NOT NULL THEN json_build_object('id', c.id, 'parentId', c.parent_id, 'nameEn', c.name_en, 'nameRu', c.name_ru) END AS "committee",
    e.registration AS "registration", e.seats AS "seats", coalesce(f.registered, 0)::int AS "registered",
    coalesce(f.waiting, 0)::int AS "waiting", f.mine AS "mine", CASE WHEN f.mine = 'waiting' THEN f.turn::int END AS "turn"
  FROM ev e LEFT JOIN ${committees} c ON c.id = e.committee_id LEFT JOIN figures f ON f.event_id = e.id`;

/** The events in scope that overlap [from, to), by start; the first `limit` of them when given. */
export function eventsBetween(db: Executor, userId: number, scope: Scope, from: Date, to: Date, limit?: number): Promise<JsonText<CalendarEvent[]>> {
  const overlapping = and(sql`tstzrange(${events.startsAt}, ${events.endsAt}) && tstzrange(${from}, ${to})`, visible(scope));
  return jsonArray(db, views(userId, overlapping, limit), sql`t."startsAt", t."id"`);
}

/** One event as the person sees it, if it is in scope. */
export async function oneEvent(db: Executor, userId: number, scope: Scope, id: number): Promise<CalendarEvent | undefined> {
  const [row] = await queryRows<CalendarEvent>(db, views(userId, and(eq(events.id, id), visible(scope))));
  return row;
}

/** An event's row, if it is in scope. */
export async function visibleEvent(db: Executor, scope: Scope, id: number): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), visible(scope)));
  return row;
}

/** For a feed: the events in scope from `from` to `to`, the coming ones first kept (at most `ahead`), then the past (at most `behind`). */
export async function feedEvents(db: Executor, scope: Scope, from: Date, now: Date, to: Date, limits: { ahead: number; behind: number }) {
  const [coming, past] = await Promise.all([
    db
      .select()
      .from(events)
      .where(and(gt(events.endsAt, now), lte(events.startsAt, to), visible(scope)))
      .orderBy(asc(events.startsAt))
      .limit(limits.ahead),
    db
      .select()
      .from(events)
      .where(and(lte(events.endsAt, now), gt(events.startsAt, from), visible(scope)))
      .orderBy(desc(events.startsAt))
      .limit(limits.behind),
  ]);
  return [...past.reverse(), ...coming];
}

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

/** The places held at an event: seats and the waiting list (see HOLDS). */
export async function placesHeld(tx: Executor, eventId: number): Promise<{ registered: number; waiting: number }> {
  const [row] = await queryRows<{ registered: number; waiting: number }>(
    tx,
    sql`SELECT count(*) FILTER (WHERE r.status = 'registered')::int AS registered, count(*) FILTER (WHERE r.status = 'waiting')::int AS waiting
      FROM ${HELD('r')} WHERE r.event_id = ${eventId} AND ${HOLDS('r')}`,
  );
  return row ?? { registered: 0, waiting: 0 };
}

/** Every registration of an event, held or not (a switched-off person's row is still someone's place). */
export async function countRegistrations(tx: Executor, eventId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
  return row?.n ?? 0;
}

export const insertRegistration = (tx: Executor, eventId: number, userId: number, status: RegistrationStatus, at: Date) =>
  tx.insert(eventRegistrations).values({ eventId, userId, status, createdAt: at });

export const deleteRegistration = (tx: Executor, id: number) => tx.delete(eventRegistrations).where(eq(eventRegistrations.id, id));

/** Gives the first `seats` people holding a place on the waiting list a seat, in turn (null: all of them); answers who. */
export async function moveUp(tx: Executor, eventId: number, seats: number | null): Promise<number[]> {
  const limit = seats === null ? sql`` : sql`LIMIT ${seats}`;
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`UPDATE event_registrations SET status = 'registered'
      WHERE id IN (SELECT r.id FROM ${HELD('r')} WHERE r.event_id = ${eventId} AND r.status = 'waiting' AND ${HOLDS('r')} ORDER BY r.id ${limit})
      RETURNING user_id`,
  );
  return rows.map((r) => r.user_id);
}

export interface Recipient {
  userId: number;
  email: string;
  name: string;
  locale: Locale;
  role: Role;
  status: RegistrationStatus;
}

const fullName = sql<string>`${users.name} || ' ' || ${users.surname}`;
/** People who may still be written to: active, of an active company (or none). */
const reachable = and(eq(users.isActive, true), or(isNull(users.companyId), eq(companies.isActive, true)));

/** The people registered for an event who hold their place (seat or waiting list, or only `status`). */
export const registeredRecipients = (tx: Executor, eventId: number, status?: RegistrationStatus): Promise<Recipient[]> =>
  tx
    .select({ userId: users.id, email: users.email, name: users.name, locale: users.locale, role: users.role, status: eventRegistrations.status })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(eventRegistrations.eventId, eventId), status ? eq(eventRegistrations.status, status) : undefined, reachable))
    .orderBy(asc(eventRegistrations.id));

const registrantColumns = {
  userId: users.id,
  name: fullName,
  email: users.email,
  company: sql<string>`coalesce(${companies.name}, '')`,
  status: eventRegistrations.status,
  registeredAt: eventRegistrations.createdAt,
};

const registrantsWhere = (eventId: number, search: string | undefined) => {
  const like = search ? containsPattern(search) : undefined;
  return and(
    eq(eventRegistrations.eventId, eventId),
    like ? or(ilike(fullName, like), ilike(users.email, like), ilike(companies.name, like)) : undefined,
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
    .orderBy(sql`${eventRegistrations.status} = 'waiting'`, asc(eventRegistrations.id))
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

/** The person's places at the committee's events still to come, oldest event first. */
/** The coming events the person holds a place at (a seat or on the waiting list): a committee's, or all of them. */
export async function comingPlaces(tx: Executor, userId: number, now: Date, committeeId: number | null): Promise<number[]> {
  const rows = await tx
    .select({ id: events.id })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(committeeId === null ? undefined : eq(events.committeeId, committeeId), eq(eventRegistrations.userId, userId), gt(events.startsAt, now)),
    )
    .orderBy(asc(events.startsAt));
  return rows.map((r) => r.id);
}
