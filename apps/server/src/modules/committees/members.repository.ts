import type { MEMBER_TERMS, Member, MemberSort } from '@portal/shared';
import { and, asc, count, desc, eq, gte, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, type Executor } from '../../db/client.ts';
import { committeeMembers, companies, users } from '../../db/schema/index.ts';
import { runsOn } from './committees.repository.ts';

export type MemberRow = typeof committeeMembers.$inferSelect;
type Term = (typeof MEMBER_TERMS)[number];

const columns = {
  id: committeeMembers.id,
  committeeId: committeeMembers.committeeId,
  userId: committeeMembers.userId,
  name: users.name,
  surname: users.surname,
  email: users.email,
  companyId: companies.id,
  companyName: companies.name,
  position: committeeMembers.position,
  since: committeeMembers.since,
  until: committeeMembers.until,
};
interface Selected {
  id: number;
  committeeId: number;
  userId: number;
  name: string;
  surname: string;
  email: string;
  companyId: number;
  companyName: string;
  position: string;
  since: string;
  until: string | null;
}

const toMember =
  (day: string) =>
  (r: Selected): Member => ({
    id: r.id,
    committeeId: r.committeeId,
    userId: r.userId,
    name: r.name,
    surname: r.surname,
    email: r.email,
    company: { id: r.companyId, name: r.companyName },
    position: r.position,
    since: r.since,
    until: r.until,
    current: r.since <= day && (r.until === null || r.until >= day),
  });

const withPeople = (db: Executor) =>
  db
    .select(columns)
    .from(committeeMembers)
    .innerJoin(users, eq(users.id, committeeMembers.userId))
    .innerJoin(companies, eq(companies.id, users.companyId));

/** Past terms ended before the day; current ones run on it (coming ones count as current: they are decided). */
const termFilter = (term: Term, day: string): SQL | undefined => {
  if (term === 'past') return lt(committeeMembers.until, day);
  if (term === 'current') return or(isNull(committeeMembers.until), gte(committeeMembers.until, day));
  return undefined;
};

export interface MemberFilters {
  committeeId: number;
  term: Term;
  search?: string | undefined;
  sort?: MemberSort | undefined;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export async function listMembers(db: Executor, day: string, f: MemberFilters): Promise<{ rows: Member[]; total: number }> {
  const where = and(
    eq(committeeMembers.committeeId, f.committeeId),
    termFilter(f.term, day),
    f.search ? sql`${users.searchText} LIKE lower(${containsPattern(f.search)})` : undefined,
  );
  const dir = f.order === 'desc' ? desc : asc;
  const order = {
    name: [dir(users.surname), dir(users.name)],
    company: [dir(companies.name), asc(users.surname)],
    position: [dir(committeeMembers.position), asc(users.surname)],
    since: [dir(committeeMembers.since), asc(users.surname)],
  }[f.sort ?? 'name'];
  const [rows, [counted]] = await Promise.all([
    withPeople(db)
      .where(where)
      .orderBy(...order, asc(committeeMembers.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(committeeMembers).innerJoin(users, eq(users.id, committeeMembers.userId)).where(where),
  ]);
  return { rows: rows.map(toMember(day)), total: counted?.n ?? 0 };
}

/** Every member of the term, for a download. */
export async function allMembers(db: Executor, day: string, committeeId: number, term: Term): Promise<Member[]> {
  const rows = await withPeople(db)
    .where(and(eq(committeeMembers.committeeId, committeeId), termFilter(term, day)))
    .orderBy(asc(users.surname), asc(users.name), asc(committeeMembers.id));
  return rows.map(toMember(day));
}

export async function member(db: Executor, day: string, id: number): Promise<Member | undefined> {
  const [row] = await withPeople(db).where(eq(committeeMembers.id, id));
  return row ? toMember(day)(row) : undefined;
}

/** Current and coming memberships of one person or of a company's people, by committee order. */
export async function currentMemberships(db: Executor, day: string, whose: { userId: number } | { companyId: number }): Promise<Member[]> {
  const rows = await withPeople(db)
    .where(
      and(
        'userId' in whose ? eq(committeeMembers.userId, whose.userId) : eq(users.companyId, whose.companyId),
        or(isNull(committeeMembers.until), gte(committeeMembers.until, day)),
      ),
    )
    .orderBy(asc(committeeMembers.committeeId), asc(users.surname), asc(committeeMembers.since));
  return rows.map(toMember(day));
}

/** The terms of the person in the committee that overlap [since, until] (until null: open-ended), other than `except`. */
export async function overlapping(
  tx: Executor,
  t: { committeeId: number; userId: number; since: string; until: string | null },
  except?: number,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(committeeMembers)
    .where(
      and(
        eq(committeeMembers.committeeId, t.committeeId),
        eq(committeeMembers.userId, t.userId),
        or(isNull(committeeMembers.until), gte(committeeMembers.until, t.since)),
        t.until === null ? undefined : lte(committeeMembers.since, t.until),
        except === undefined ? undefined : ne(committeeMembers.id, except),
      ),
    );
  return row?.n ?? 0;
}

export async function findMember(tx: Executor, id: number, lock = false): Promise<MemberRow | undefined> {
  const query = tx.select().from(committeeMembers).where(eq(committeeMembers.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertMember(tx: Executor, values: Omit<MemberRow, 'id'>): Promise<MemberRow> {
  const [row] = await tx.insert(committeeMembers).values(values).returning();
  return row!;
}

export async function updateMember(tx: Executor, id: number, values: Partial<Omit<MemberRow, 'id'>>): Promise<MemberRow> {
  const [row] = await tx.update(committeeMembers).set(values).where(eq(committeeMembers.id, id)).returning();
  return row!;
}

export async function deleteMember(tx: Executor, id: number): Promise<void> {
  await tx.delete(committeeMembers).where(eq(committeeMembers.id, id));
}

/** Whether the person is a member on the day. */
export async function isMemberOn(db: Executor, committeeId: number, userId: number, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: committeeMembers.id })
    .from(committeeMembers)
    .where(and(eq(committeeMembers.committeeId, committeeId), eq(committeeMembers.userId, userId), runsOn(day)))
    .limit(1);
  return row !== undefined;
}

/** A person to e-mail about their membership, if they receive mail (active, of an active company). */
export async function reachablePerson(db: Executor, userId: number) {
  const [row] = await db
    .select({ email: users.email, name: users.name, locale: users.locale, role: users.role })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), eq(users.isActive, true), eq(companies.isActive, true)));
  return row;
}
