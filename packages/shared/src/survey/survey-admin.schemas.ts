import { z } from 'zod';
import { dateTime, formBoolean, id, int, optionalFilter, pageOf, paging, requiredMultiline, requiredText } from '../fields.ts';
import {
  DATAFILE_KINDS,
  DATAFILE_STATUSES,
  DEFAULT_ANONYMITY_RULES,
  PERIOD_STATUSES,
  RESPONSE_STATUSES,
  STEP_STATUSES,
  SURVEY_KINDS,
} from './survey.model.ts';

/** The staff side of the salary survey (design §1.1, §1.3, §4 "admin" rows, §5 items 3, 4, 14). */

/** A period's publication may not come before its effective date plus this many months (design §3.3, safe harbour). */
export const PUBLISH_MIN_MONTHS_AFTER_EFFECTIVE = 3;

/** The first day publication may come: the effective date plus three months (both as YYYY-MM-DD). */
export function earliestPublication(effectiveDate: string): string {
  const [y, m, d] = effectiveDate.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1 + PUBLISH_MIN_MONTHS_AFTER_EFFECTIVE, d));
  // 30 November + 3 months is 30 February: the last day of February, not 2 March.
  if (at.getUTCDate() !== d) at.setUTCDate(0);
  return at.toISOString().slice(0, 10);
}

const day = z.iso.date({ error: 'validation.invalid' });
const optionalDay = z.preprocess((v) => (v === '' || v === undefined ? null : v), day.nullable());
const optionalMoment = z.preprocess((v) => (v === '' || v === undefined ? null : v), dateTime.nullable());
/** Roubles with at most two decimals, kept as a string (exact: numeric in the database). */
export const wageField = z
  .union([z.string(), z.number()], { error: 'validation.required' })
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => v !== '', 'validation.required')
  .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), 'surveyAdmin.validation.money');

export const anonymityRulesField = z.object({
  minCompanies: int(1).max(100, 'validation.invalid').default(DEFAULT_ANONYMITY_RULES.minCompanies),
  minIncumbents: int(1).max(1000, 'validation.invalid').default(DEFAULT_ANONYMITY_RULES.minIncumbents),
  minCompaniesP10P90: int(1).max(100, 'validation.invalid').default(DEFAULT_ANONYMITY_RULES.minCompaniesP10P90),
  minIncumbentsP10P90: int(1).max(1000, 'validation.invalid').default(DEFAULT_ANONYMITY_RULES.minIncumbentsP10P90),
  maxCompanySharePct: int(1).max(100, 'validation.invalid').default(DEFAULT_ANONYMITY_RULES.maxCompanySharePct),
});

const periodFields = z.object({
  code: requiredText(20).regex(/^[A-Za-z0-9_-]+$/, 'surveyAdmin.validation.code'),
  titleEn: requiredText(200),
  titleRu: requiredText(200),
  opensAt: optionalMoment,
  closesAt: dateTime,
  effectiveDate: day,
  bonusYear: int(2000).max(2100, 'validation.invalid'),
  minimumWage: wageField,
  publishNotBefore: optionalDay,
  priorPeriodId: z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable()),
  rules: anonymityRulesField.default(DEFAULT_ANONYMITY_RULES),
});

type PeriodFields = z.output<typeof periodFields>;
/** The dates' rules, said on the field that breaks them: the deadline after the opening, publication ≥ effective + 3 months. */
const checkDates = (v: PeriodFields, ctx: z.RefinementCtx) => {
  if (v.opensAt && Date.parse(v.opensAt) >= Date.parse(v.closesAt)) {
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'surveyAdmin.validation.deadlineBeforeOpening' });
  }
  // Zod runs this even when a field failed its own check: only well-formed days are compared.
  const isDay = (d: unknown): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d));
  if (isDay(v.publishNotBefore) && isDay(v.effectiveDate) && v.publishNotBefore < earliestPublication(v.effectiveDate)) {
    ctx.addIssue({ code: 'custom', path: ['publishNotBefore'], message: 'surveyAdmin.validation.publishTooEarly' });
  }
};

/** A new period names its kind (salary by default); a credit period's effective date is its "as of" date. */
export const periodBody = periodFields
  .extend({ kind: z.enum(SURVEY_KINDS, { error: 'validation.invalid' }).default('salary') })
  .superRefine(checkDates);
export type PeriodInput = z.input<typeof periodBody>;
export const periodUpdateBody = periodFields.extend({ id, version: int(1) }).superRefine(checkDates);

export const periodMoveBody = z.object({
  id,
  /** The status the caller saw: a stale screen gets 409 instead of moving twice. */
  from: z.enum(PERIOD_STATUSES, { error: 'validation.invalid' }),
  to: z.enum(PERIOD_STATUSES, { error: 'validation.invalid' }),
});

/** Companies per response status in a period (active member companies; test companies never count). */
export const periodCountsSchema = z.object({
  companies: z.number(),
  notStarted: z.number(),
  inProgress: z.number(),
  submitted: z.number(),
  accepted: z.number(),
  excluded: z.number(),
});
export type PeriodCounts = z.infer<typeof periodCountsSchema>;

export const periodSchema = z.object({
  id: z.number(),
  kind: z.enum(SURVEY_KINDS),
  code: z.string(),
  titleEn: z.string(),
  titleRu: z.string(),
  status: z.enum(PERIOD_STATUSES),
  opensAt: z.string().nullable(),
  closesAt: z.string(),
  effectiveDate: z.string(),
  bonusYear: z.number(),
  minimumWage: z.string(),
  publishNotBefore: z.string().nullable(),
  priorPeriodId: z.number().nullable(),
  rules: z.object({
    minCompanies: z.number(),
    minIncumbents: z.number(),
    minCompaniesP10P90: z.number(),
    minIncumbentsP10P90: z.number(),
    maxCompanySharePct: z.number(),
  }),
  hasInstructions: z.boolean(),
  version: z.number(),
  /** The frozen catalogue's sizes: what the period's questionnaire offers. */
  regions: z.number(),
  positions: z.number(),
  cars: z.number(),
  counts: periodCountsSchema,
});
export type SurveyPeriod = z.infer<typeof periodSchema>;

export const periodIdQuery = z.object({ periodId: id });

// ---- catalogue files

/** The kinds staff load from a file (company submissions come through the questionnaire's Excel round trip). */
export const CATALOGUE_KINDS = [
  'regions',
  'positions_catalogue',
  'cars',
  'instructions_pdf',
] as const satisfies readonly (typeof DATAFILE_KINDS)[number][];
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];
/** The kinds read from an Excel sheet, each with a template to download. */
export const SHEET_KINDS = ['regions', 'positions_catalogue', 'cars'] as const satisfies readonly CatalogueKind[];
export type SheetKind = (typeof SHEET_KINDS)[number];

export const uploadDatafileBody = z.object({ periodId: id, kind: z.enum(CATALOGUE_KINDS, { error: 'validation.invalid' }) });
export const applyDatafileBody = z.object({ datafileId: id });
export const datafileTemplateQuery = z.object({ kind: z.enum(SHEET_KINDS, { error: 'validation.invalid' }) });
export const datafileIdQuery = z.object({ datafileId: id });

export const datafileIssueSchema = z.object({
  /** The sheet's row (1 is the header); 0 for the file as a whole. */
  row: z.number(),
  column: z.string().nullable(),
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  /** In the caller's language. */
  message: z.string(),
});
export type DatafileIssueView = z.infer<typeof datafileIssueSchema>;

export const datafileSchema = z.object({
  id: z.number(),
  periodId: z.number(),
  kind: z.enum(DATAFILE_KINDS),
  fileName: z.string(),
  size: z.number(),
  status: z.enum(DATAFILE_STATUSES),
  rowsTotal: z.number(),
  rowsOk: z.number(),
  errors: z.number(),
  warnings: z.number(),
  issues: z.array(datafileIssueSchema),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
  appliedAt: z.string().nullable(),
  appliedBy: z.string().nullable(),
});
export type Datafile = z.infer<typeof datafileSchema>;

// ---- the completion dashboard

export const PROGRESS_SORTS = ['company', 'status', 'progress', 'lastSavedAt', 'submittedAt', 'reminders', 'issues'] as const;
export const progressListQuery = paging.extend({
  periodId: id,
  sort: optionalFilter(z.enum(PROGRESS_SORTS)),
  status: optionalFilter(z.enum(RESPONSE_STATUSES)),
  incomplete: optionalFilter(formBoolean),
});
export type ProgressListQuery = z.input<typeof progressListQuery>;
export const progressDownloadQuery = progressListQuery.omit({ page: true, pageSize: true });

export const progressRowSchema = z.object({
  companyId: z.number(),
  company: z.string(),
  isTest: z.boolean(),
  status: z.enum(RESPONSE_STATUSES),
  progressPct: z.number(),
  stepsComplete: z.number(),
  stepsTotal: z.number(),
  steps: z.array(z.object({ key: z.string(), status: z.enum(STEP_STATUSES) })),
  lastSavedAt: z.string().nullable(),
  lastSavedBy: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** The company's own deadline (the period's unless extended). */
  deadline: z.string(),
  extended: z.boolean(),
  reminders: z.number(),
  lastReminderAt: z.string().nullable(),
  /** Errors, warnings not yet acknowledged and staff questions not yet answered. */
  openIssues: z.number(),
  staffReason: z.string().nullable(),
});
export type ProgressRow = z.infer<typeof progressRowSchema>;
export const progressPageSchema = pageOf(progressRowSchema);

// ---- reminders and review

export const remindBody = z.object({
  periodId: id,
  /** One company; absent: every company not yet complete. */
  companyId: z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable()),
});
export const remindResultSchema = z.object({ companies: z.number(), messages: z.number() });

export const companyResponseBody = z.object({ periodId: id, companyId: id });
export const returnBody = companyResponseBody.extend({
  stepKey: requiredText(80).regex(/^(contact|matching|positions|turnover|benchmarks|page:[\w-]+)$/, 'validation.invalid'),
  text: requiredMultiline(2000),
});
export const excludeBody = companyResponseBody.extend({ reason: requiredMultiline(2000) });
export const extendBody = companyResponseBody.extend({
  /** The company's own deadline; null gives it the period's again. */
  deadline: optionalMoment,
});
export const resetQuery = companyResponseBody.extend({ reason: requiredMultiline(2000) });
export const testCompanyBody = z.object({ companyId: id, isTest: formBoolean });

/** A grid row of the reviewed response more than 3× off the market median of its cell (design §2, staff only). */
export const OUTLIER_FACTOR = 3;
export const outlierRowSchema = z.object({
  positionId: z.number(),
  positionCode: z.string(),
  position: z.string(),
  regionId: z.number(),
  region: z.string(),
  /** The company's monthly base salary, and the median of the other companies' in the same position and region. */
  baseSalaryAvg: z.string(),
  median: z.string(),
  /** Base ÷ median, to two decimals. */
  ratio: z.number(),
  /** How many other companies the median is taken over. */
  companies: z.number(),
});
export type OutlierRow = z.infer<typeof outlierRowSchema>;
export const outliersSchema = z.object({
  /** The period's company threshold: a cell with fewer other companies is not compared. */
  minCompanies: z.number(),
  /** The response's rows with a base salary, and those of them with enough other companies to compare. */
  rows: z.number(),
  compared: z.number(),
  outliers: z.array(outlierRowSchema),
});
export type Outliers = z.infer<typeof outliersSchema>;
