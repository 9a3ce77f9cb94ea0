import { type AreaPerson, type areasListBody, COMPANY_ROLES, type Role } from '@portal/shared';
import { ACCESS_AREAS, type AccessArea, ROLE_AREA_DEFAULTS } from '@portal/shared/survey-model';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, type Executor } from '../../db/client.ts';
import { companies, userAreaAccess, users } from '../../db/schema/index.ts';

type Filters = z.output<typeof areasListBody>;

/**
 * Whether a person holds an area: the admin's word if there is one, else their role's default. The one SQL form of
 * `effectiveAreas`, for every query that picks people by area (this matrix, the survey's mail recipients).
 */
export function holdsArea(area: AccessArea, userId: SQLWrapper = users.id, role: SQLWrapper = users.role): SQL<boolean> {
  const roles = COMPANY_ROLES.filter((r) => ROLE_AREA_DEFAULTS[r].includes(area));
  const byRole = roles.length
    ? sql`${role} IN (${sql.join(
        roles.map((r) => sql`${r}`),
        sql`, `,
      )})`
    : sql`false`;
  return sql<boolean>`coalesce((SELECT a.granted FROM user_area_access a WHERE a.user_id = ${userId} AND a.area = ${area}), ${byRole})`;
}

const SORTS = {
  name: [users.surname, users.name],
  company: [companies.name, users.surname],
  role: [users.role, users.surname],
} as const;

/** Active company people of active companies, with the areas they hold; paged, sorted and filtered in the database. */
export async function listAreaPeople(db: Executor, f: Filters): Promise<{ rows: AreaPerson[]; total: number }> {
  const where: (SQL | undefined)[] = [inArray(users.role, COMPANY_ROLES), eq(users.isActive, true), eq(companies.isActive, true)];
  if (f.companyId) where.push(eq(users.companyId, f.companyId));
  if (f.role) where.push(eq(users.role, f.role));
  if (f.area && f.holds !== undefined) where.push(f.holds ? holdsArea(f.area) : sql`NOT ${holdsArea(f.area)}`);
  if (f.search) {
    const like = containsPattern(f.search.toLowerCase());
    where.push(or(sql`${users.searchText} LIKE ${like}`, ilike(companies.name, like)));
  }
  const order = f.order === 'desc' ? desc : asc;
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      role: users.role,
      companyId: companies.id,
      companyName: companies.name,
      overrides: sql<
        { area: AccessArea; granted: boolean }[]
      >`coalesce((SELECT json_agg(json_build_object('area', a.area, 'granted', a.granted)) FROM user_area_access a WHERE a.user_id = ${users.id}), '[]'::json)`,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(...where))
    .orderBy(...SORTS[f.sort ?? 'name'].map((c) => order(c)), asc(users.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return {
    total: rows[0]?.total ?? (f.page > 1 ? await countAreaPeople(db, where) : 0),
    rows: rows.map((r) => {
      const role = r.role as AreaPerson['role'];
      const given = new Map(r.overrides.map((o) => [o.area, o.granted]));
      return {
        userId: r.userId,
        name: r.name,
        surname: r.surname,
        email: r.email,
        role,
        company: { id: r.companyId, name: r.companyName },
        areas: ACCESS_AREAS.filter((a) => given.get(a) ?? ROLE_AREA_DEFAULTS[role].includes(a)),
        overridden: ACCESS_AREAS.filter((a) => given.has(a)),
      };
    }),
  };
}

/** The count alone, for a page past the end (the window count rides on the rows otherwise). */
async function countAreaPeople(db: Executor, where: (SQL | undefined)[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(...where));
  return row?.n ?? 0;
}

/** The people among `ids` who may hold areas (active company people), with their roles. */
export async function areaHolders(db: Executor, ids: number[]): Promise<Map<number, { role: string; email: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(inArray(users.id, ids), inArray(users.role, COMPANY_ROLES), eq(users.isActive, true), eq(companies.isActive, true)))
    .for('update', { of: users });
  return new Map(rows.map((r) => [r.id, { role: r.role, email: r.email }]));
}

export async function overridesOf(db: Executor, ids: number[]): Promise<{ userId: number; area: AccessArea; granted: boolean }[]> {
  if (!ids.length) return [];
  return db
    .select({ userId: userAreaAccess.userId, area: userAreaAccess.area, granted: userAreaAccess.granted })
    .from(userAreaAccess)
    .where(inArray(userAreaAccess.userId, ids));
}

export async function setOverrides(
  db: Executor,
  rows: { userId: number; area: AccessArea; granted: boolean }[],
  by: number,
  at: Date,
): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(userAreaAccess)
    .values(rows.map((r) => ({ ...r, grantedBy: by, grantedAt: at })))
    .onConflictDoUpdate({
      target: [userAreaAccess.userId, userAreaAccess.area],
      set: { granted: sql`excluded.granted`, grantedBy: sql`excluded.granted_by`, grantedAt: sql`excluded.granted_at` },
    });
}

export async function clearOverrides(db: Executor, rows: { userId: number; area: AccessArea }[]): Promise<void> {
  if (!rows.length) return;
  await db
    .delete(userAreaAccess)
    .where(
      sql`(${userAreaAccess.userId}, ${userAreaAccess.area}) IN (SELECT * FROM unnest(${sql.param(rows.map((r) => r.userId))}::int[], ${sql.param(rows.map((r) => r.area))}::text[]))`,
    );
}

/** Active people of active companies who hold an area: of the companies named, and the persons named. */
export async function areaHoldersIn(
  db: Executor,
  area: AccessArea,
  who: { companyIds: number[]; userIds: number[] },
): Promise<{ id: number; email: string; name: string; role: Role; locale: 'en' | 'ru'; companyName: string }[]> {
  if (!who.companyIds.length && !who.userIds.length) return [];
  const named = [
    who.companyIds.length ? inArray(users.companyId, who.companyIds) : undefined,
    who.userIds.length ? inArray(users.id, who.userIds) : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, locale: users.locale, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.isActive, true), eq(companies.isActive, true), inArray(users.role, COMPANY_ROLES), or(...named), holdsArea(area)));
}
