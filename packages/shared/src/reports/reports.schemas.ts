import { z } from 'zod';
import { dateTime, id, optionalFilter } from '../fields.ts';
import { periodIdQuery } from '../survey/survey-admin.schemas.ts';
import {
  REPORT_FORMATS,
  REPORT_LANGUAGES,
  REPORT_STATUSES,
  REPORT_TYPES,
  SIZE_BANDS,
  STAFF_DATA_SCOPES,
  SUPPRESS_REASONS,
  TASK_KINDS,
  TASK_STAGES,
  TASK_STATES,
} from './reports.model.ts';

/** The reports' calls (design §4): generation tasks, access and publication, the readers' history and downloads. */

export const reportType = z.enum(REPORT_TYPES, { error: 'validation.invalid' });
export const reportLanguage = z.enum(REPORT_LANGUAGES, { error: 'validation.invalid' });
export const reportIdQuery = z.object({ reportId: id });
export const reportIdBody = z.object({ reportId: id });
export const taskIdQuery = z.object({ taskId: id });
export const archiveIdQuery = z.object({ archiveId: id });

// ---- statistics and reports

/** Freeze the period's statistics (a compute_stats task) or create a report's draft edition. */
export const freezeBody = z.object({ periodId: id });
export const createReportBody = z.object({ periodId: id, language: reportLanguage });

export const snapshotSchema = z.object({
  id: z.number(),
  createdAt: dateTime,
  createdByName: z.string().nullable(),
  responsesIncluded: z.number(),
  cells: z.number(),
  suppressedCells: z.number(),
});

export const reportSchema = z.object({
  id: z.number(),
  periodId: z.number(),
  type: reportType,
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  language: reportLanguage,
  format: z.enum(REPORT_FORMATS),
  version: z.number(),
  status: z.enum(REPORT_STATUSES),
  snapshotId: z.number().nullable(),
  fileName: z.string().nullable(),
  size: z.number().nullable(),
  pdfSourceReportId: z.number().nullable(),
  generatedAt: dateTime.nullable(),
  publishedAt: dateTime.nullable(),
  downloads: z.number(),
  /** The task building it now, if any. */
  taskId: z.number().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const periodReportsSchema = z.object({
  snapshot: snapshotSchema.nullable(),
  /** A compute_stats task in flight. */
  freezeTaskId: z.number().nullable(),
  reports: z.array(reportSchema),
});
export type PeriodReports = z.infer<typeof periodReportsSchema>;

export const taskStatusSchema = z.object({
  id: z.number(),
  kind: z.enum(TASK_KINDS),
  periodId: z.number(),
  reportId: z.number().nullable(),
  archiveId: z.number().nullable(),
  state: z.enum(TASK_STATES),
  stage: z.enum(TASK_STAGES).nullable(),
  done: z.number(),
  total: z.number(),
  progressPct: z.number(),
  attempt: z.number(),
  /** A catalogue key of the failure ("Generation was interrupted due to an unexpected error."). */
  errorCode: z.string().nullable(),
  requestedByName: z.string().nullable(),
  createdAt: dateTime,
  startedAt: dateTime.nullable(),
  finishedAt: dateTime.nullable(),
  /** How long the client should wait before it asks again (absent once final). */
  retryAfterMs: z.number().nullable(),
});
export type TaskStatus = z.infer<typeof taskStatusSchema>;
export const tasksQuery = z.object({ periodId: optionalFilter(id) });
export const taskStartedSchema = z.object({ taskId: z.number() });
export const zipBody = z.object({ periodId: id, language: reportLanguage });
export const zipStartedSchema = z.object({ taskId: z.number(), archiveId: z.number() });

// ---- access and publication

/**
 * A grant names one report, or a period's reports of a type (covering later editions); its grantee is a company or a
 * person. `participants: true` stands for every accepted participant of the period (give to get).
 */
export const grantSubject = z
  .object({ periodId: id, reportId: optionalFilter(id), reportType: optionalFilter(reportType) })
  .refine((v) => v.reportId !== undefined || v.reportType !== undefined, { message: 'reports.validation.subject', path: ['reportType'] });

export const setAccessBody = z
  .object({
    periodId: id,
    reportId: optionalFilter(id),
    reportType: optionalFilter(reportType),
    participants: z.boolean().default(false),
    companyIds: z.array(id).max(1000, 'validation.invalid').default([]),
    userIds: z.array(id).max(1000, 'validation.invalid').default([]),
    /** Take the access away instead of giving it. */
    revoke: z.boolean().default(false),
    /** Also publish the report(s): status published, and an e-mail to the people who gain access. */
    publish: z.boolean().default(false),
  })
  .refine((v) => v.reportId !== undefined || v.reportType !== undefined, { message: 'reports.validation.subject', path: ['reportType'] });
export type SetAccessBody = z.input<typeof setAccessBody>;
export const setAccessResult = z.object({ granted: z.number(), revoked: z.number(), published: z.number(), notified: z.number() });

/** The access screen's bulk save: every change applies, or none (the rows at fault are named). */
export const accessChange = z
  .object({
    periodId: id,
    reportId: optionalFilter(id),
    reportType: optionalFilter(reportType),
    companyId: optionalFilter(id),
    userId: optionalFilter(id),
    grant: z.boolean(),
  })
  .refine((v) => v.reportId !== undefined || v.reportType !== undefined, { message: 'reports.validation.subject', path: ['reportType'] })
  .refine((v) => (v.companyId === undefined) !== (v.userId === undefined), { message: 'reports.validation.grantee', path: ['companyId'] });
export const accessUpdateBody = z.object({ changes: z.array(accessChange).min(1, 'validation.required').max(500, 'validation.invalid') });
export const accessUpdateResult = z.object({ success: z.boolean(), applied: z.number() });

export const accessGrantSchema = z.object({
  id: z.number(),
  periodId: z.number(),
  reportId: z.number().nullable(),
  reportType: reportType.nullable(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  source: z.enum(['auto_participant', 'manual']),
  grantedAt: dateTime,
  grantedByName: z.string().nullable(),
});
export const accessListQuery = periodIdQuery;
/** A period's participants (give to get): the companies its frozen statistics, or its credit report, hold. */
export const participantSchema = z.object({ id: z.number(), name: z.string() });

export const staffDataPersonSchema = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  scopes: z.array(z.enum(STAFF_DATA_SCOPES)),
});
export const staffDataUpdateBody = z.object({
  changes: z
    .array(z.object({ userId: id, scope: z.enum(STAFF_DATA_SCOPES, { error: 'validation.invalid' }), grant: z.boolean() }))
    .min(1, 'validation.required')
    .max(500, 'validation.invalid'),
});

// ---- the interactive cut

export const cutBody = z.object({
  periodId: id,
  regionIds: z.array(id).max(200, 'validation.invalid').default([]),
  sizeBand: optionalFilter(z.enum(SIZE_BANDS, { error: 'validation.invalid' })),
});
const statValue = z.string().nullable();
export const cutRowSchema = z.object({
  positionId: z.number(),
  positionCode: z.string(),
  titleEn: z.string(),
  titleRu: z.string(),
  jobGroupId: z.number(),
  nCompanies: z.number(),
  nIncumbents: z.number(),
  meanCompany: statValue,
  meanIncumbent: statValue,
  p10: statValue,
  p25: statValue,
  p50: statValue,
  p75: statValue,
  p90: statValue,
  suppressReason: z.enum(SUPPRESS_REASONS).nullable(),
  tailReason: z.enum(SUPPRESS_REASONS).nullable(),
});
export const cutResultSchema = z.object({ companies: z.number(), rows: z.array(cutRowSchema) });

// ---- readers

export const publishedReportSchema = z.object({
  id: z.number(),
  periodId: z.number(),
  periodCode: z.string(),
  periodTitleEn: z.string(),
  periodTitleRu: z.string(),
  type: reportType,
  companyName: z.string().nullable(),
  language: reportLanguage,
  format: z.enum(REPORT_FORMATS),
  version: z.number(),
  size: z.number().nullable(),
  publishedAt: dateTime,
});
export type PublishedReport = z.infer<typeof publishedReportSchema>;
export const publishedQuery = z.object({
  periodId: optionalFilter(id),
  type: optionalFilter(reportType),
  language: optionalFilter(reportLanguage),
  format: optionalFilter(z.enum(REPORT_FORMATS, { error: 'validation.invalid' })),
});
export const zipReportsQuery = z.object({ periodId: id, language: optionalFilter(reportLanguage) });
