import type { Company, companyListQuery } from '@portal/shared';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, type Executor, queryRows, totalOf, withTotal } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';

type Filters = z.output<typeof companyListQuery>;

const columns = {
  id: companies.id,
  name: companies.name,
  domain: companies.domain,
  status: companies.status,
  isActive: companies.isActive,
  createdAt: companies.createdAt,
  people: companies.people,
  activePeople: companies.activePeople,
};

type Row = Omit<Company, 'createdAt'> & { createdAt: Date };
const toCompany = (r: Row): Company => ({ ...r, createdAt: r.createdAt.toISOString() });

const SORTS = {
  name: companies.name,
  domain: companies.domain,
  status: companies.status,
  createdAt: companies.createdAt,
  people: companies.people,
} as const;

/** A page of companies and how many match, in one query (the sizes are the companies' own columns, kept by the database). */
export async function listCompanies(db: Executor, f: Filters): Promise<{ rows: Company[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (f.isActive !== undefined) conditions.push(eq(companies.isActive, f.isActive));
  if (f.status) conditions.push(eq(companies.status, f.status));
  if (f.search) {
    const like = containsPattern(f.search);
    conditions.push(or(ilike(companies.name, like), ilike(companies.domain, like)));
  }
  const where = and(...conditions);
  const dir = f.order === 'desc' ? desc : asc;
  const counted = db.select({ n: count() }).from(companies).where(where);
  const { rows, total } = await withTotal(
    db
      .select({ ...columns, total: totalOf(counted) })
      .from(companies)
      .where(where)
      .orderBy(dir(SORTS[f.sort ?? 'name'] ?? companies.name), asc(companies.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    counted,
  );
  return { rows: rows.map(toCompany), total };
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
      (SELECT coalesce(sum(active_people), 0) FROM companies)::int AS pa,
      (SELECT coalesce(sum(people - active_people), 0) FROM companies)::int AS pi`,
  );
  return { companies: { active: row?.ca ?? 0, inactive: row?.ci ?? 0 }, people: { active: row?.pa ?? 0, inactive: row?.pi ?? 0 } };
}
