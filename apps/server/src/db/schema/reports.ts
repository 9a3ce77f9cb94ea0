import {
  ACCESS_SOURCES,
  REPORT_FORMATS,
  REPORT_LANGUAGES,
  REPORT_STATUSES,
  REPORT_TYPES,
  SIZE_BANDS,
  STAFF_DATA_SCOPES,
  STAT_DOMAINS,
  SUPPRESS_REASONS,
  TASK_KINDS,
  TASK_STAGES,
  TASK_STATES,
} from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  index,
  inet,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, jobGroups, regions, users } from './organisation.ts';
import { surveyPeriods, surveyPositions } from './survey.ts';

/**
 * Reports (design ../shared/design/survey-reports.md §1.5–1.6): frozen statistics, the report files built from them by
 * durable tasks, who may read them, and who did.
 */

const stat = (name: string) => numeric(name, { precision: 16, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Statistics frozen for a period: every report and every company's comparison reads one snapshot, so they agree. */
export const statSnapshots = pgTable(
  'stat_snapshots',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    /** The thresholds applied, copied from the period. */
    rules: jsonb('rules').$type<AnonymityRules>().notNull(),
    responsesIncluded: integer('responses_included').notNull(),
    /** The participants' ids (names are printed in the reports' participant list). */
    companyIds: jsonb('company_ids').$type<number[]>().notNull(),
    /** A hash of the answers read: an unchanged hash means the same statistics. */
    sourceHash: text('source_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('stat_snapshots_period_idx').on(t.periodId, t.createdAt)],
);

export const statCells = pgTable(
  'stat_cells',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => statSnapshots.id, { onDelete: 'cascade' }),
    domain: text('domain', { enum: STAT_DOMAINS }).notNull(),
    metric: text('metric').notNull(),
    positionId: integer('position_id').references(() => surveyPositions.id),
    jobGroupId: integer('job_group_id').references(() => jobGroups.id),
    regionId: integer('region_id').references(() => regions.id),
    sizeBand: text('size_band', { enum: SIZE_BANDS }),
    category: text('category'),
    distributorId: integer('distributor_id'),
    nCompanies: integer('n_companies').notNull(),
    nIncumbents: integer('n_incumbents').notNull(),
    meanCompany: stat('mean_company'),
    meanIncumbent: stat('mean_incumbent'),
    p10: stat('p10'),
    p25: stat('p25'),
    p50: stat('p50'),
    p75: stat('p75'),
    p90: stat('p90'),
    prevalencePct: numeric('prevalence_pct', { precision: 5, scale: 1 }),
    suppressReason: text('suppress_reason', { enum: SUPPRESS_REASONS }),
    tailReason: text('tail_reason', { enum: SUPPRESS_REASONS }),
    /** A trend cell: the earlier period whose snapshot the figure was copied from at the freeze. */
    sourcePeriodId: integer('source_period_id').references(() => surveyPeriods.id, { onDelete: 'cascade' }),
  },
  (t) => [index('stat_cells_snapshot_idx').on(t.snapshotId, t.domain, t.metric, t.positionId)],
);

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    type: text('type', { enum: REPORT_TYPES }).notNull(),
    /** The participant a company report is for. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    language: text('language', { enum: REPORT_LANGUAGES }).notNull(),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    version: integer('version').notNull().default(1),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('draft'),
    snapshotId: integer('snapshot_id').references(() => statSnapshots.id, { onDelete: 'set null' }),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    size: integer('size'),
    sha256: text('sha256'),
    /** A PDF is converted from its xlsx twin. */
    pdfSourceReportId: integer('pdf_source_report_id').references((): AnyPgColumn => reports.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_edition_key').on(t.periodId, t.type, sql`coalesce(${t.companyId}, 0)`, t.language, t.format, t.version),
    index('reports_period_idx').on(t.periodId, t.type, t.status),
  ],
);

/** One long job (design §1.5): its state, stage and progress, written at least every second by the worker. */
export const reportTasks = pgTable(
  'report_tasks',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: TASK_KINDS }).notNull(),
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    archiveId: integer('archive_id').references((): AnyPgColumn => reportArchives.id, { onDelete: 'cascade' }),
    /** What the task works on ('report:12', 'period:3'): one live task per kind and target. */
    target: text('target').notNull(),
    pgbossJobId: text('pgboss_job_id'),
    state: text('state', { enum: TASK_STATES }).notNull().default('queued'),
    stage: text('stage', { enum: TASK_STAGES }),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    progressPct: integer('progress_pct').notNull().default(0),
    /** A catalogue code of the failure (GENERATION_INTERRUPTED, …); the detail is for staff. */
    errorCode: text('error_code'),
    errorDetail: text('error_detail'),
    attempt: integer('attempt').notNull().default(1),
    retryOfTaskId: integer('retry_of_task_id').references((): AnyPgColumn => reportTasks.id, { onDelete: 'set null' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('report_tasks_live_key').on(t.kind, t.target).where(sql`${t.state} IN ('queued', 'running')`),
    index('report_tasks_period_idx').on(t.periodId, t.createdAt),
    index('report_tasks_running_idx').on(t.state, t.heartbeatAt),
  ],
);

/** A zip of the reports of a period in one language. */
export const reportArchives = pgTable('report_archives', {
  id: serial('id').primaryKey(),
  periodId: integer('period_id')
    .notNull()
    .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
  language: text('language', { enum: REPORT_LANGUAGES }).notNull(),
  reportIds: jsonb('report_ids').$type<number[]>().notNull(),
  status: text('status', { enum: ['queued', 'ready', 'failed'] })
    .notNull()
    .default('queued'),
  fileKey: text('file_key'),
  size: integer('size'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * Who may read a report: one report, or a period's reports of a type (a class grant, which covers later versions too),
 * for a company or a person. Revoked rows stay as history.
 */
export const reportAccess = pgTable(
  'report_access',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    reportType: text('report_type', { enum: REPORT_TYPES }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ACCESS_SOURCES }).notNull(),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: createdAt(),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('report_access_grantee_check', sql`(${t.companyId} IS NULL) <> (${t.userId} IS NULL)`),
    check('report_access_subject_check', sql`${t.reportId} IS NOT NULL OR ${t.reportType} IS NOT NULL`),
    uniqueIndex('report_access_live_key')
      .on(
        t.periodId,
        sql`coalesce(${t.reportId}, 0)`,
        sql`coalesce(${t.reportType}, '')`,
        sql`coalesce(${t.companyId}, 0)`,
        sql`coalesce(${t.userId}, 0)`,
      )
      .where(sql`${t.revokedAt} IS NULL`),
    index('report_access_company_idx').on(t.companyId),
    index('report_access_user_idx').on(t.userId),
  ],
);

/** Every download: the audit record and the "who has read it" view. */
export const reportDownloads = pgTable(
  'report_downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    archiveId: integer('archive_id').references(() => reportArchives.id, { onDelete: 'cascade' }),
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    ip: inet('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_downloads_report_idx').on(t.reportId, t.at), index('report_downloads_user_idx').on(t.userId, t.at)],
);

/** Named staff an admin lets open company-identifiable data (design §1.6). */
export const staffDataAccess = pgTable(
  'staff_data_access',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: STAFF_DATA_SCOPES }).notNull(),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope] })],
);
