import type { CompanyRole, Person, userListQuery } from '@portal/shared';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, type Executor, totalOf, withTotal } from '../../db/client.ts';
import { companies, sessions, users } from '../../db/schema/index.ts';

/** The people lists are of company people, who always have a company (a CHECK constraint says so). */
export type PersonFilters = z.output<typeof userListQuery> & { roles: readonly CompanyRole[] };

const personColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  position: users.position,
  phone: users.phone,
  role: users.role,
  status: users.status,
  isActive: users.isActive,
  createdAt: users.createdAt,
  companyId: companies.id,
  companyName: companies.name,
};

type PersonRow = Omit<Person, 'company' | 'createdAt'> & { createdAt: Date; companyId: number | null; companyName: string | null };

export const toPerson = ({ companyId, companyName, createdAt, ...p }: PersonRow): Person => ({
  ...p,
  createdAt: createdAt.toISOString(),
  company: companyId === null || companyName === null ? null : { id: companyId, name: companyName },
});

const SORTS = {
  surname: [users.surname, users.name],
  email: [users.email],
  company: [companies.name, users.surname],
  role: [users.role, users.surname],
  status: [users.status, users.surname],
  createdAt: [users.createdAt],
} as const;

/** The WHERE of a people list; the same filters serve the table and the downloads. */
export function personWhere(f: Omit<PersonFilters, 'page' | 'pageSize' | 'sort' | 'order'>): SQL | undefined {
  const where: (SQL | undefined)[] = [inArray(users.role, [...f.roles])];
  if (f.companyId) where.push(eq(users.companyId, f.companyId));
  if (f.role) where.push(eq(users.role, f.role));
  if (f.status) where.push(eq(users.status, f.status));
  if (f.isActive !== undefined) where.push(eq(users.isActive, f.isActive));
  if (f.search) {
    const like = containsPattern(f.search);
    // Two indexed arms the planner can OR: the trigram index of the person's text, and their company among the
    // (few) companies whose name matches. Written on users alone, so the count needs no join.
    where.push(
      or(
        sql`${users.searchText} LIKE lower(${like})`,
        sql`${users.companyId} = ANY(ARRAY(SELECT c.id FROM ${companies} c WHERE c.name ILIKE ${like}))`,
      ),
    );
  }
  return and(...where);
}

/**
 * One page of people and the total, in one query: the page stops after its 50 rows when an index serves the order
 * (sorted by company, the companies' name index and each one's people), and the count, its subquery, runs on the
 * users' indexes alone.
 */
export async function listPeople(db: Executor, f: PersonFilters): Promise<{ rows: Person[]; total: number }> {
  const dir = f.order === 'desc' ? desc : asc;
  const order = (SORTS[f.sort ?? 'surname'] ?? SORTS.surname).map((c) => dir(c));
  const where = personWhere(f);
  const counted = db.select({ n: count() }).from(users).where(where);
  const { rows, total } = await withTotal(
    db
      .select({ ...personColumns, total: totalOf(counted) })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(...order, dir(users.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    counted,
  );
  return { rows: rows.map(toPerson), total };
}

/** Every matching person, for downloads (capped so a download stays bounded). */
export async function allPeople(db: Executor, f: Omit<PersonFilters, 'page' | 'pageSize'>, cap = 100_000): Promise<Person[]> {
  const rows = await db
    .select(personColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(personWhere(f))
    .orderBy(asc(companies.name), asc(users.surname), asc(users.name))
    .limit(cap);
  return rows.map(toPerson);
}

export async function findPerson(db: Executor, id: number, lock = false): Promise<Person | null> {
  const query = db.select(personColumns).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, id));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  return row ? toPerson(row) : null;
}

export async function emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined));
  return Boolean(row);
}

/** Another active ceo of the company, if any. */
export async function activeCeo(db: Executor, companyId: number, exceptId?: number): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'ceo'), eq(users.isActive, true), exceptId ? ne(users.id, exceptId) : undefined));
  return row?.id ?? null;
}

export async function insertPerson(db: Executor, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updatePerson(db: Executor, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function endSessions(db: Executor, userIds: number[]): Promise<number> {
  if (!userIds.length) return 0;
  const rows = await db.delete(sessions).where(inArray(sessions.userId, userIds)).returning({ id: sessions.id });
  return rows.length;
}

export async function listAssociationStaff(db: Executor, includeInactive: boolean): Promise<Person[]> {
  const rows = await db
    .select(personColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(inArray(users.role, ['staff', 'admin']), includeInactive ? undefined : eq(users.isActive, true)))
    .orderBy(asc(users.surname), asc(users.name));
  return rows.map(toPerson);
}

export async function isErased(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ erasedAt: users.erasedAt }).from(users).where(eq(users.id, id));
  return Boolean(row?.erasedAt);
}
