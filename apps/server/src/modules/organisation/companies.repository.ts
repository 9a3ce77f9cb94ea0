import type { Company, companyListQuery } from '@portal/shared';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, type Executor, queryRows } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';

type Filters = z.output<typeof companyListQuery>;

/**
 * People per company, as correlated subqueries resolved by the company index. Written out in full: in a
 * one-table select Drizzle leaves column names unqualified, which inside the subquery would mean users.id.
 */
const people = sql<number>`(SELECT count(*) FROM users u WHERE u.company_id = "companies"."id")`.mapWith(Number);
const activePeople = sql<number>`(SELECT count(*) FROM users u WHERE u.company_id = "companies"."id" AND u.is_active)`.mapWith(Number);

const columns = {
  id: companies.id,
  name: companies.name,
  domain: companies.domain,
  status: companies.status,
  isActive: companies.isActive,
  createdAt: companies.createdAt,
  people,
  activePeople,
};

type Row = Omit<Company, 'createdAt'> & { createdAt: Date };
const toCompany = (r: Row): Company => ({ ...r, createdAt: r.createdAt.toISOString() });

const SORTS = { name: companies.name, domain: companies.domain, status: companies.status, createdAt: companies.createdAt } as const;

/**
 * A page sorted by size needs every company's count: one pass over the people, grouped, costs less than a count per
 * company (PGlite, 300 companies and 10,000 people: 2.7 ms against 4.7 ms for the query).
 */
function bySize(db: Executor, where: SQL | undefined, dir: typeof asc, limit: number, offset: number) {
  const sizes = db
    .select({
      companyId: users.companyId,
      people: sql<number>`count(*)`.as('people'),
      activePeople: sql<number>`count(*) FILTER (WHERE ${users.isActive})`.as('active_people'),
    })
    .from(users)
    .groupBy(users.companyId)
    .as('sizes');
  const size = sql<number>`coalesce(${sizes.people}, 0)`.mapWith(Number);
  return db
    .select({ ...columns, people: size, activePeople: sql<number>`coalesce(${sizes.activePeople}, 0)`.mapWith(Number) })
    .from(companies)
    .leftJoin(sizes, eq(sizes.companyId, companies.id))
    .where(where)
    .orderBy(dir(size), asc(companies.id))
    .limit(limit)
    .offset(offset);
}

export async function listCompanies(db: Executor, f: Filters): Promise<{ rows: Company[]; total: number }> {
  const where: (SQL | undefined)[] = [];
  if (f.isActive !== undefined) where.push(eq(companies.isActive, f.isActive));
  if (f.status) where.push(eq(companies.status, f.status));
  if (f.search) {
    const like = containsPattern(f.search);
    where.push(or(ilike(companies.name, like), ilike(companies.domain, like)));
  }
  const dir = f.order === 'desc' ? desc : asc;
  const page = (f.page - 1) * f.pageSize;
  const [rows, [counted]] = await Promise.all([
    f.sort === 'people'
      ? bySize(db, and(...where), dir, f.pageSize, page)
      : db
          .select(columns)
          .from(companies)
          .where(and(...where))
          .orderBy(dir(SORTS[f.sort ?? 'name'] ?? companies.name), asc(companies.id))
          .limit(f.pageSize)
          .offset(page),
    db
      .select({ n: count() })
      .from(companies)
      .where(and(...where)),
  ]);
  return { rows: rows.map(toCompany), total: counted?.n ?? 0 };
}

export async function findCompany(db: Executor, id: number, lock = false): Promise<Company | null> {
  const query = db.select(columns).from(companies).where(eq(companies.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ? toCompany(row) : null;
}

export async function companyNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.name}) = lower(${name})`, exceptId ? sql`${companies.id} <> ${exceptId}` : undefined));
  return Boolean(row);
}

export async function insertCompany(db: Executor, values: typeof companies.$inferInsert): Promise<number> {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateCompany(db: Executor, id: number, values: Partial<typeof companies.$inferInsert>): Promise<void> {
  await db.update(companies).set(values).where(eq(companies.id, id));
}

/** Switches off every active person of a company; returns their ids. */
export async function deactivatePeopleOf(db: Executor, companyId: number, now: Date): Promise<number[]> {
  const rows = await db
    .update(users)
    .set({ isActive: false, updatedAt: now })
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** The company whose e-mail domain is the given one (a hint for moderators). */
export async function companyByDomain(db: Executor, domain: string): Promise<{ id: number; name: string } | null> {
  const [row] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.domain, domain)).limit(1);
  return row ?? null;
}

export async function membershipSize(db: Executor) {
  const [row] = await queryRows<{ ca: number; ci: number; pa: number; pi: number }>(
    db,
    sql`SELECT
      (SELECT count(*) FROM companies WHERE is_active)::int AS ca,
      (SELECT count(*) FROM companies WHERE NOT is_active)::int AS ci,
      (SELECT count(*) FROM users WHERE company_id IS NOT NULL AND is_active)::int AS pa,
      (SELECT count(*) FROM users WHERE company_id IS NOT NULL AND NOT is_active)::int AS pi`,
  );
  return { companies: { active: row?.ca ?? 0, inactive: row?.ci ?? 0 }, people: { active: row?.pa ?? 0, inactive: row?.pi ?? 0 } };
}
