import type { Report } from '@portal/shared';
import type { ReportLanguage, ReportType } from '@portal/shared/reports-model';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  companies,
  personName,
  reportArchives,
  reportDownloads,
  reports,
  reportTasks,
  statCells,
  statSnapshots,
  users,
} from '../../db/schema/index.ts';

export type ReportRow = typeof reports.$inferSelect;
export type ArchiveRow = typeof reportArchives.$inferSelect;

export async function findReport(db: Executor, id: number, lock = false): Promise<ReportRow | undefined> {
  const q = db.select().from(reports).where(eq(reports.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The newest edition of a report (type, company, language, format) of a period. */
export async function latestEdition(
  db: Executor,
  k: { periodId: number; type: ReportType; companyId: number | null; language: ReportLanguage; format: 'xlsx' | 'pdf' },
): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.periodId, k.periodId),
        eq(reports.type, k.type),
        k.companyId === null ? isNull(reports.companyId) : eq(reports.companyId, k.companyId),
        eq(reports.language, k.language),
        eq(reports.format, k.format),
      ),
    )
    .orderBy(desc(reports.version))
    .limit(1);
  return row;
}

export async function insertReport(db: Executor, values: typeof reports.$inferInsert): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  return row as ReportRow;
}

export async function updateReport(db: Executor, id: number, values: Partial<typeof reports.$inferInsert>): Promise<ReportRow> {
  const [row] = await db.update(reports).set(values).where(eq(reports.id, id)).returning();
  return row as ReportRow;
}

/** The task building an edition now, if any. */
const liveTask = sql<
  number | null
>`(SELECT t.id FROM ${reportTasks} t WHERE t.report_id = ${reports.id} AND t.state IN ('queued', 'running') ORDER BY t.id DESC LIMIT 1)`;

/** A period's editions for the staff's screen, with their company, downloads and live task. */
export async function listReports(db: Executor, periodId: number, ids?: number[]): Promise<Report[]> {
  const rows = await db
    .select({
      r: reports,
      companyName: companies.name,
      downloads: sql<number>`(SELECT count(*)::int FROM ${reportDownloads} d WHERE d.report_id = ${reports.id})`,
      taskId: liveTask,
    })
    .from(reports)
    .leftJoin(companies, eq(companies.id, reports.companyId))
    .where(and(eq(reports.periodId, periodId), ids ? inArray(reports.id, ids) : undefined))
    .orderBy(reports.type, companies.name, reports.language, reports.format, desc(reports.version));
  return rows.map(({ r, companyName, downloads, taskId }) => ({
    id: r.id,
    periodId: r.periodId,
    type: r.type,
    companyId: r.companyId,
    companyName,
    language: r.language,
    format: r.format,
    version: r.version,
    status: r.status,
    snapshotId: r.snapshotId,
    fileName: r.fileName,
    size: r.size,
    pdfSourceReportId: r.pdfSourceReportId,
    generatedAt: r.generatedAt?.toISOString() ?? null,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    downloads,
    taskId,
  }));
}

/** The latest snapshot of a period with its size, for the staff's screen. */
export async function snapshotSummary(db: Executor, periodId: number) {
  const [row] = await db
    .select({
      id: statSnapshots.id,
      createdAt: statSnapshots.createdAt,
      createdByName: personName(users),
      responsesIncluded: statSnapshots.responsesIncluded,
    })
    .from(statSnapshots)
    .leftJoin(users, eq(users.id, statSnapshots.createdBy))
    .where(eq(statSnapshots.periodId, periodId))
    .orderBy(desc(statSnapshots.id))
    .limit(1);
  if (!row) return null;
  const [sizes] = await db
    .select({ cells: count(), suppressed: sql<number>`count(*) FILTER (WHERE ${statCells.suppressReason} IS NOT NULL)::int` })
    .from(statCells)
    .where(eq(statCells.snapshotId, row.id));
  return { ...row, createdAt: row.createdAt.toISOString(), cells: sizes?.cells ?? 0, suppressedCells: sizes?.suppressed ?? 0 };
}

/** A period's ready (or published) editions in a language, for a zip; company reports are each company's own. */
export async function zippableReports(db: Executor, periodId: number, language: ReportLanguage): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(
      and(eq(reports.periodId, periodId), eq(reports.language, language), isNull(reports.companyId), inArray(reports.status, ['ready', 'published'])),
    )
    .orderBy(reports.type, reports.format, desc(reports.version));
}

export async function insertArchive(db: Executor, values: typeof reportArchives.$inferInsert): Promise<ArchiveRow> {
  const [row] = await db.insert(reportArchives).values(values).returning();
  return row as ArchiveRow;
}

export async function findArchive(db: Executor, id: number): Promise<ArchiveRow | undefined> {
  const [row] = await db.select().from(reportArchives).where(eq(reportArchives.id, id));
  return row;
}

export async function updateArchive(db: Executor, id: number, values: Partial<typeof reportArchives.$inferInsert>): Promise<void> {
  await db.update(reportArchives).set(values).where(eq(reportArchives.id, id));
}

export async function logDownload(db: Executor, values: typeof reportDownloads.$inferInsert): Promise<void> {
  await db.insert(reportDownloads).values(values);
}
