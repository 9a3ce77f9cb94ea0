import type { PublishedReport } from '@portal/shared';
import type { ReportType, StaffDataScope } from '@portal/shared/reports-model';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { companies, personName, reportAccess, reports, staffDataAccess, surveyPeriods, users } from '../../db/schema/index.ts';

export type GrantRow = typeof reportAccess.$inferSelect;
export type Grant = Pick<GrantRow, 'periodId' | 'reportId' | 'reportType' | 'companyId' | 'userId'>;

const granter = alias(users, 'granter');
const grantee = alias(users, 'grantee');

/** The live grants of a period, with the names of whom they concern. */
export async function listGrants(db: Executor, periodId: number) {
  const rows = await db
    .select({ a: reportAccess, companyName: companies.name, userName: personName(grantee), grantedByName: personName(granter) })
    .from(reportAccess)
    .leftJoin(companies, eq(companies.id, reportAccess.companyId))
    .leftJoin(grantee, eq(grantee.id, reportAccess.userId))
    .leftJoin(granter, eq(granter.id, reportAccess.grantedBy))
    .where(and(eq(reportAccess.periodId, periodId), isNull(reportAccess.revokedAt)))
    .orderBy(asc(reportAccess.reportType), asc(reportAccess.reportId), asc(companies.name), asc(grantee.surname));
  return rows.map(({ a, companyName, userName, grantedByName }) => ({
    id: a.id,
    periodId: a.periodId,
    reportId: a.reportId,
    reportType: a.reportType,
    companyId: a.companyId,
    companyName,
    userId: a.userId,
    userName,
    source: a.source,
    grantedAt: a.grantedAt.toISOString(),
    grantedByName,
  }));
}

/** Gives a grant unless the same one is live; answers whether it was new. */
export async function grant(db: Executor, g: Grant, source: 'auto_participant' | 'manual', by: number, at: Date): Promise<boolean> {
  const rows = await db
    .insert(reportAccess)
    .values({ ...g, source, grantedBy: by, grantedAt: at })
    .onConflictDoNothing()
    .returning({ id: reportAccess.id });
  return rows.length > 0;
}

const sameGrant = (g: Grant): SQL[] => [
  eq(reportAccess.periodId, g.periodId),
  g.reportId ? eq(reportAccess.reportId, g.reportId) : isNull(reportAccess.reportId),
  g.reportType ? eq(reportAccess.reportType, g.reportType) : isNull(reportAccess.reportType),
  g.companyId ? eq(reportAccess.companyId, g.companyId) : isNull(reportAccess.companyId),
  g.userId ? eq(reportAccess.userId, g.userId) : isNull(reportAccess.userId),
];

/** Takes a live grant away (it stays as history); answers whether there was one. */
export async function revoke(db: Executor, g: Grant, by: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(reportAccess)
    .set({ revokedBy: by, revokedAt: at })
    .where(and(...sameGrant(g), isNull(reportAccess.revokedAt)))
    .returning({ id: reportAccess.id });
  return rows.length > 0;
}

/** Which of these ids are active member companies (not the staff's test company). */
export async function existingCompanies(db: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, ids), eq(companies.isActive, true)));
  return new Set(rows.map((r) => r.id));
}

/** Companies by id with their names, by name. */
export async function companiesNamed(db: Executor, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, ids)).orderBy(asc(companies.name));
}

/** Which of these ids are active company people (reports are for member companies' people). */
export async function existingCompanyPeople(db: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.isActive, true), inArray(users.role, ['employee', 'trusted', 'ceo'])));
  return new Set(rows.map((r) => r.id));
}

/**
 * What a company person may read, as one condition on `reports`: published, of a type their areas open, and either
 * their company's own company report or granted (that report, or its period and type) to their company or to them.
 */
export function readableBy(reader: { userId: number; companyId: number | null }, types: readonly ReportType[]): SQL {
  if (!types.length) return sql`false`;
  const company = reader.companyId ?? 0;
  return sql`${reports.status} = 'published' AND ${inArray(reports.type, [...types])} AND (
    (${reports.type} = 'company' AND ${reports.companyId} = ${company})
    OR (${reports.type} <> 'company' AND EXISTS (
      SELECT 1 FROM ${reportAccess} a
      WHERE a.revoked_at IS NULL AND a.period_id = ${reports.periodId}
        AND (a.report_id = ${reports.id} OR (a.report_id IS NULL AND a.report_type = ${reports.type}))
        AND (a.company_id = ${company} OR a.user_id = ${reader.userId})
    ))
  )`;
}

export async function publishedFor(
  db: Executor,
  readable: SQL,
  f: { periodId?: number; type?: ReportType; language?: string; format?: string },
): Promise<PublishedReport[]> {
  const rows = await db
    .select({ r: reports, p: surveyPeriods, companyName: companies.name })
    .from(reports)
    .innerJoin(surveyPeriods, eq(surveyPeriods.id, reports.periodId))
    .leftJoin(companies, eq(companies.id, reports.companyId))
    .where(
      and(
        readable,
        f.periodId ? eq(reports.periodId, f.periodId) : undefined,
        f.type ? eq(reports.type, f.type) : undefined,
        f.language ? eq(reports.language, f.language as 'en') : undefined,
        f.format ? eq(reports.format, f.format as 'xlsx') : undefined,
      ),
    )
    .orderBy(desc(surveyPeriods.effectiveDate), asc(reports.type), asc(reports.language), asc(reports.format), desc(reports.version))
    .limit(500);
  return rows.map(({ r, p, companyName }) => ({
    id: r.id,
    periodId: r.periodId,
    periodCode: p.code,
    periodTitleEn: p.titleEn,
    periodTitleRu: p.titleRu,
    type: r.type,
    companyName,
    language: r.language,
    format: r.format,
    version: r.version,
    size: r.size,
    publishedAt: (r.publishedAt ?? r.generatedAt ?? r.createdAt).toISOString(),
  }));
}

export async function isReadable(db: Executor, reportId: number, readable: SQL): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.id, reportId), readable));
  return (row?.n ?? 0) > 0;
}

/** Publishes the built editions named: one report, or every built market edition of a period's type. */
export async function publish(db: Executor, g: Pick<Grant, 'periodId' | 'reportId' | 'reportType'>, by: number, at: Date): Promise<number[]> {
  const which = g.reportId
    ? eq(reports.id, g.reportId)
    : and(eq(reports.periodId, g.periodId), eq(reports.type, g.reportType as ReportType), eq(reports.status, 'ready'));
  const rows = await db
    .update(reports)
    .set({ status: 'published', publishedBy: by, publishedAt: at })
    .where(and(which, eq(reports.status, 'ready')))
    .returning({ id: reports.id });
  return rows.map((r) => r.id);
}

/** Whether the subject has any published edition (then new readers are told). */
export async function hasPublished(db: Executor, g: Pick<Grant, 'periodId' | 'reportId' | 'reportType'>): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(
      and(
        eq(reports.status, 'published'),
        g.reportId ? eq(reports.id, g.reportId) : and(eq(reports.periodId, g.periodId), eq(reports.type, g.reportType as ReportType)),
      ),
    );
  return (row?.n ?? 0) > 0;
}

// ---- staff data scopes

export async function scopesOf(db: Executor, userId: number): Promise<StaffDataScope[]> {
  const rows = await db.select({ scope: staffDataAccess.scope }).from(staffDataAccess).where(eq(staffDataAccess.userId, userId));
  return rows.map((r) => r.scope);
}

export async function listStaffScopes(db: Executor) {
  const rows = await db
    .select({
      userId: users.id,
      name: sql<string>`${users.name} || ' ' || ${users.surname}`,
      email: users.email,
      role: users.role,
      scopes: sql<
        StaffDataScope[]
      >`coalesce((SELECT array_agg(s.scope ORDER BY s.scope) FROM ${staffDataAccess} s WHERE s.user_id = ${users.id}), '{}')`,
    })
    .from(users)
    .where(and(eq(users.role, 'staff'), eq(users.isActive, true)))
    .orderBy(asc(users.surname), asc(users.name));
  return { rows, total: rows.length };
}

export async function staffIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'staff')));
  return new Set(rows.map((r) => r.id));
}

export async function setScope(db: Executor, userId: number, scope: StaffDataScope, granted: boolean, by: number, at: Date): Promise<boolean> {
  if (granted) {
    const rows = await db.insert(staffDataAccess).values({ userId, scope, grantedBy: by, grantedAt: at }).onConflictDoNothing().returning();
    return rows.length > 0;
  }
  const rows = await db
    .delete(staffDataAccess)
    .where(and(eq(staffDataAccess.userId, userId), eq(staffDataAccess.scope, scope)))
    .returning();
  return rows.length > 0;
}
