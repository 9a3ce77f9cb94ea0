import { type DistributorRequest, type distributorRequestListQuery, type Locale, type Role, rolePath } from '@portal/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, type Executor, queryRows } from '../../db/client.ts';
import { distributorRequests } from '../../db/schema/index.ts';

export type RequestRow = typeof distributorRequests.$inferSelect;
type ListFilters = z.output<typeof distributorRequestListQuery>;
type Raw = Record<string, unknown>;

const select = (where: SQL, tail: SQL = sql``) => sql`
  SELECT r.id, r.company_id, c.name AS company, u.name || ' ' || u.surname AS requested_by, r.name, r.inn, r.city, r.comment,
    r.status, r.distributor_id, d.name_ru AS d_ru, d.name_en AS d_en, d.inn AS d_inn, r.reason, r.created_at, r.decided_at,
    count(*) OVER ()::int AS total
  FROM distributor_requests r
  JOIN companies c ON c.id = r.company_id
  LEFT JOIN users u ON u.id = r.requested_by
  LEFT JOIN distributors d ON d.id = r.distributor_id
  WHERE ${where} ${tail}`;

const toRequest = (r: Raw): DistributorRequest => ({
  id: r.id as number,
  company: { id: r.company_id as number, name: r.company as string },
  requestedBy: (r.requested_by as string | null) ?? null,
  name: r.name as string,
  inn: r.inn as string,
  city: r.city as string,
  comment: r.comment as string,
  status: r.status as DistributorRequest['status'],
  distributor:
    r.distributor_id === null ? null : { id: r.distributor_id as number, nameRu: r.d_ru as string, nameEn: r.d_en as string, inn: r.d_inn as string },
  reason: (r.reason as string | null) ?? null,
  createdAt: new Date(r.created_at as string).toISOString(),
  decidedAt: r.decided_at === null ? null : new Date(r.decided_at as string).toISOString(),
});

const SORTS: Record<NonNullable<ListFilters['sort']>, SQL> = {
  createdAt: sql`r.created_at`,
  name: sql`lower(r.name)`,
  company: sql`lower(c.name)`,
};

/** Requests paged, sorted, searched (name, INN, city, company) and filtered by status in the database, with the total as a window count. */
export async function listRequests(db: Executor, f: ListFilters): Promise<{ rows: DistributorRequest[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (f.status) where.push(sql`r.status = ${f.status}`);
  if (f.search) {
    const l = containsPattern(f.search.toLowerCase());
    where.push(sql`(lower(r.name) LIKE ${l} OR r.inn LIKE ${l} OR lower(r.city) LIKE ${l} OR lower(c.name) LIKE ${l})`);
  }
  const order = sql.raw(f.order === 'desc' ? 'DESC' : 'ASC');
  const rows = await queryRows<Raw>(
    db,
    select(
      sql.join(where, sql` AND `),
      sql`ORDER BY ${SORTS[f.sort ?? 'createdAt']} ${order}, r.id ${order} LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}`,
    ),
  );
  if (!rows.length && f.page > 1) {
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM distributor_requests r JOIN companies c ON c.id = r.company_id WHERE ${sql.join(where, sql` AND `)}`,
    );
    return { rows: [], total: count?.n ?? 0 };
  }
  return { rows: rows.map(toRequest), total: Number(rows[0]?.total ?? 0) };
}

/** A company's latest requests, newest first. */
export async function companyRequests(db: Executor, companyId: number, limit: number): Promise<DistributorRequest[]> {
  const rows = await queryRows<Raw>(db, select(sql`r.company_id = ${companyId}`, sql`ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`));
  return rows.map(toRequest);
}

export async function requestView(db: Executor, id: number): Promise<DistributorRequest | undefined> {
  const [row] = await queryRows<Raw>(db, select(sql`r.id = ${id}`));
  return row ? toRequest(row) : undefined;
}

export async function findRequest(db: Executor, id: number, lock = false): Promise<RequestRow | undefined> {
  const q = db.select().from(distributorRequests).where(eq(distributorRequests.id, id));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

/** Whether an open request names this INN. */
export async function openRequestFor(db: Executor, inn: string): Promise<boolean> {
  const rows = await db
    .select({ id: distributorRequests.id })
    .from(distributorRequests)
    .where(and(eq(distributorRequests.inn, inn), eq(distributorRequests.status, 'open')));
  return rows.length > 0;
}

/** Makes the request; undefined when an open request for the INN was made at the same moment (the partial unique index). */
export async function insertRequest(db: Executor, values: typeof distributorRequests.$inferInsert): Promise<number | undefined> {
  const [row] = await db.insert(distributorRequests).values(values).onConflictDoNothing().returning({ id: distributorRequests.id });
  return row?.id;
}

export async function updateRequest(db: Executor, id: number, values: Partial<typeof distributorRequests.$inferInsert>): Promise<void> {
  await db.update(distributorRequests).set(values).where(eq(distributorRequests.id, id));
}

/** The person who asked, if still an active person of the portal, with the credit data page in their role's area. */
export async function requester(
  db: Executor,
  userId: number | null,
): Promise<{ email: string; name: string; locale: Locale; path: string } | undefined> {
  if (userId === null) return undefined;
  const [row] = await queryRows<{ email: string; name: string; locale: Locale | null; role: Role }>(
    db,
    sql`SELECT email, name || ' ' || surname AS name, locale, role FROM users WHERE id = ${userId} AND is_active`,
  );
  return row && { email: row.email, name: row.name, locale: row.locale ?? 'ru', path: rolePath(row.role, 'reports/selection/credit') };
}
