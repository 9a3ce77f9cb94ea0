import { z } from 'zod';
import { email, formBoolean, id, latinOnly, multiline, phone, requiredMultiline, requiredText, text } from '../fields.ts';
import {
  ALLOWANCE_TYPES,
  BENCHMARK_CATEGORIES,
  BENCHMARK_SECTIONS,
  BENCHMARK_UNITS,
  CAR_ACQUISITIONS,
  CAR_CLASSES,
  CAR_ELIGIBILITIES,
  CAR_FUELS,
  CAR_PRIVATE_USES,
  ISSUE_SEVERITIES,
  MATCH_QUALITIES,
  PERIOD_STATUSES,
  RESPONSE_STATUSES,
  STEP_STATUSES,
  SURVEY_KINDS,
} from './survey.model.ts';

/**
 * The salary survey's contracts (design §2, §4). The schemas check what a value is (a number, not negative, a whole
 * number where one is needed): a save that breaks them is refused with a message per cell and changes nothing. What a
 * value means against the rest (the minimum wage, ranges, last year) is survey.rules.ts: those issues are saved with
 * the draft and block completion only.
 */

const DECIMAL_RE = /^\d{1,12}(\.\d{1,2})?$/;
const empty = (v: unknown) => v === '' || v === null || v === undefined;

/**
 * An exact decimal figure (money, percentages) as text with two decimals, or null when not given. A comma decimal
 * separator and spaces between thousands are taken, as people type them in Russian.
 */
export const decimal = (max = 999_999_999_999.99) =>
  z.preprocess(
    (v) =>
      empty(v)
        ? null
        : typeof v === 'number'
          ? String(v)
          : typeof v === 'string'
            ? v
                .trim()
                .replace(/[\s\u00a0]/g, '')
                .replace(',', '.')
            : v,
    z
      .string({ error: 'survey.validation.number' })
      .superRefine((v, ctx) => {
        // One message per cell: the first thing wrong with it.
        const message =
          v.startsWith('-') && DECIMAL_RE.test(v.slice(1)) ? 'notNegative' : !DECIMAL_RE.test(v) ? 'number' : Number(v) > max ? 'tooLarge' : null;
        if (message) ctx.addIssue({ code: 'custom', message: `survey.validation.${message}` });
      })
      .transform((v) => Number(v).toFixed(2))
      .nullable(),
  );

/** A whole count (people, months, km), or null when not given. */
export const count = (min = 0) =>
  z.preprocess(
    (v) => (empty(v) ? null : typeof v === 'string' ? Number(v.trim().replace(/[\s\u00a0]/g, '')) : v),
    z
      .number({ error: 'survey.validation.number' })
      .superRefine((v, ctx) => {
        const message =
          v < 0
            ? 'notNegative'
            : !Number.isInteger(v)
              ? 'integer'
              : v < min
                ? min === 1
                  ? 'headcountMin'
                  : 'notNegative'
                : v > 2_000_000_000
                  ? 'tooLarge'
                  : null;
        if (message) ctx.addIssue({ code: 'custom', message: `survey.validation.${message}` });
      })
      .nullable(),
  );

const nullableEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (empty(v) ? null : v), z.enum(values, { error: 'validation.invalid' }).nullable());

/** Which response a call concerns: company people act on their own company (from the session); staff name one. */
export const surveyScope = z.object({
  periodId: id.optional(),
  companyId: id.optional(),
});
export type SurveyScope = z.infer<typeof surveyScope>;

/** Every save names the response version it was based on (optimistic locking). */
const versioned = surveyScope.extend({ version: id });

// ---- contact

export const contactBody = z.object({
  name: requiredText(200),
  /** The spec's rule: the position in Latin letters. */
  position: latinOnly(200),
  phone,
  email,
  companyFullName: requiredText(300),
});
export type ContactBody = z.infer<typeof contactBody>;
export const contactSchema = contactBody.extend({ updatedAt: z.string().nullable() });
export type Contact = z.infer<typeof contactSchema>;
export const contactQuery = z.object({ companyId: id.optional() });
export const updateContactBody = contactBody.extend({ companyId: id.optional() });

// ---- the positions grid

export const allowanceRow = z.object({
  type: z.enum(ALLOWANCE_TYPES, { error: 'validation.invalid' }),
  amountAvg: decimal(),
  shareReceivingPct: decimal(),
});
export type AllowanceRow = z.output<typeof allowanceRow>;

export const positionRow = z.object({
  positionId: id,
  regionId: id,
  matchQuality: z.enum(MATCH_QUALITIES, { error: 'validation.invalid' }).default('exact'),
  headcount: count(1),
  baseSalaryAvg: decimal(),
  guaranteedExtraAnnual: decimal(),
  bonusEligiblePct: decimal(),
  bonusTargetPct: decimal(),
  bonusActualAvg: decimal(),
  comment: multiline(1000).default(''),
  allowances: z
    .array(allowanceRow)
    .max(ALLOWANCE_TYPES.length)
    .default([])
    .refine((a) => new Set(a.map((x) => x.type)).size === a.length, 'survey.validation.duplicateAllowance'),
});
export type PositionRowInput = z.input<typeof positionRow>;
export type PositionRow = z.output<typeof positionRow>;

/** The car policy of one position (saved with the grid). */
export const carPolicyRow = z.object({
  positionId: id,
  eligibility: z.enum(CAR_ELIGIBILITIES, { error: 'validation.invalid' }),
  typicalCarModelId: z.preprocess((v) => (empty(v) ? null : v), id.nullable()),
  carClass: nullableEnum(CAR_CLASSES),
  priceCap: decimal(),
  acquisition: nullableEnum(CAR_ACQUISITIONS),
  replacementMonths: count(),
  replacementKm: count(),
  fuelLimit: decimal(),
  privateUse: nullableEnum(CAR_PRIVATE_USES),
  employeeContribution: decimal(),
  cashAllowance: decimal(),
});
export type CarPolicyRow = z.output<typeof carPolicyRow>;

export const rowKey = (r: { positionId: number; regionId: number }) => `${r.positionId}:${r.regionId}`;

/** The grid's limit per save: the whole catalogue in every region stays far below it. */
export const MAX_GRID_ROWS = 5000;

export const savePositionsBody = versioned
  .extend({
    rows: z.array(positionRow).max(MAX_GRID_ROWS).default([]),
    cars: z.array(carPolicyRow).max(MAX_GRID_ROWS).default([]),
  })
  .superRefine((body, ctx) => {
    // The same position and region twice is the design's "duplicate position × region": named on the second row.
    const seen = new Set<string>();
    body.rows.forEach((r, i) => {
      const key = rowKey(r);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['rows', i, 'regionId'], message: 'survey.validation.duplicateRow' });
      seen.add(key);
    });
    const cars = new Set<number>();
    body.cars.forEach((c, i) => {
      if (cars.has(c.positionId)) ctx.addIssue({ code: 'custom', path: ['cars', i, 'positionId'], message: 'survey.validation.duplicateRow' });
      cars.add(c.positionId);
    });
  });
export type SavePositionsBody = z.input<typeof savePositionsBody>;

export const clearPositionQuery = surveyScope.extend({
  version: id,
  positionId: id,
  regionId: z.preprocess((v) => (empty(v) ? undefined : v), id.optional()),
});

// ---- turnover

export const turnoverRow = z
  .object({
    /** null: the whole company; otherwise one job group. */
    jobGroupId: z.preprocess((v) => (empty(v) ? null : v), id.nullable()),
    headcountStart: count(),
    headcountEnd: count(),
    hires: count(),
    totalLeavers: count(),
    voluntaryLeavers: count(),
    firstYearLeavers: count(),
  })
  .superRefine((r, ctx) => {
    // Spec §5: voluntary leavers never exceed the total (the database holds the rule too, so it cannot be a draft).
    if (r.voluntaryLeavers !== null && r.totalLeavers !== null && r.voluntaryLeavers > r.totalLeavers)
      ctx.addIssue({ code: 'custom', path: ['voluntaryLeavers'], message: 'survey.validation.voluntaryOverTotal' });
  });
export type TurnoverRow = z.output<typeof turnoverRow>;
export const saveTurnoverBody = versioned.extend({ rows: z.array(turnoverRow).max(100) }).superRefine((body, ctx) => {
  const seen = new Set<number | null>();
  body.rows.forEach((r, i) => {
    if (seen.has(r.jobGroupId)) ctx.addIssue({ code: 'custom', path: ['rows', i, 'jobGroupId'], message: 'survey.validation.duplicateRow' });
    seen.add(r.jobGroupId);
  });
});

// ---- benchmarks

export const benchmarkAnswer = z.object({
  itemId: id,
  category: z.enum(BENCHMARK_CATEGORIES, { error: 'validation.invalid' }),
  valueNum: z.preprocess(
    (v) => (empty(v) ? null : typeof v === 'string' ? v.trim().replace(',', '.') : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: 'survey.validation.number' })
      .regex(/^-?\d{1,7}(\.\d{1,2})?$/, 'survey.validation.number')
      .transform((v) => Number(v).toFixed(2))
      .nullable(),
  ),
  valueBool: z.preprocess((v) => (empty(v) ? null : v), formBoolean.nullable()),
  valueChoice: z.preprocess((v) => (empty(v) ? null : v), text(100).nullable()),
  comment: multiline(1000).default(''),
});
export type BenchmarkAnswer = z.output<typeof benchmarkAnswer>;
export const saveBenchmarkBody = versioned.extend({ answers: z.array(benchmarkAnswer).max(1000) });

// ---- configurable pages

export const QUESTION_TYPES = ['text', 'number', 'choice', 'multi', 'bool'] as const;
export const pageQuestion = z.object({
  id: z.string().regex(/^[a-z][a-z0-9_]*$/),
  type: z.enum(QUESTION_TYPES),
  labelEn: z.string(),
  labelRu: z.string(),
  required: z.boolean().default(false),
  /** For choice and multi: the answers' keys with their labels. */
  options: z.array(z.object({ value: z.string(), labelEn: z.string(), labelRu: z.string() })).default([]),
  min: z.number().nullable().default(null),
  max: z.number().nullable().default(null),
  /** Shown (and so required) only when another question holds this answer (a bool true, a choice's value). */
  showIf: z
    .object({ question: z.string(), equals: z.union([z.string(), z.boolean()]) })
    .nullable()
    .default(null),
});
export type PageQuestion = z.output<typeof pageQuestion>;
export type PageAnswerValue = string | number | boolean | string[] | null;
export const pageAnswerValue = z.union([multiline(4000), z.number(), z.boolean(), z.array(text(200)).max(50), z.null()]);
export const pageAnswers = z.record(text(60), pageAnswerValue).refine((a) => Object.keys(a).length <= 200, 'validation.invalid');
export const pageQuery = surveyScope.extend({ page: requiredText(60) });
/** `prefill=prior` adds the company's answers to the same page last year (design §4), shown beside this year's. */
export const savedPageQuery = pageQuery.extend({
  prefill: z.preprocess((v) => (empty(v) ? undefined : v), z.enum(['prior'], { error: 'validation.invalid' }).optional()),
});
export const savePageBody = versioned.extend({ page: requiredText(60), answers: pageAnswers });

export const pageContentSchema = z.object({
  key: z.string(),
  kind: z.enum(['info', 'form']),
  title: z.string(),
  body: z.string(),
  questions: z.array(pageQuestion),
  requiredTotal: z.number(),
});
export type PageContent = z.infer<typeof pageContentSchema>;

// ---- issues, steps, the overview

export const issueSchema = z.object({
  id: z.number(),
  stepKey: z.string(),
  target: z.string(),
  field: z.string().nullable(),
  ruleCode: z.string(),
  severity: z.enum(ISSUE_SEVERITIES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  acknowledgedAt: z.string().nullable(),
  ackComment: z.string().nullable(),
});
export type SurveyIssue = z.infer<typeof issueSchema>;

export const stepSchema = z.object({
  key: z.string(),
  status: z.enum(STEP_STATUSES),
  answeredRequired: z.number(),
  requiredTotal: z.number(),
  errorsOpen: z.number(),
  warningsOpen: z.number(),
});
export type SurveyStep = z.infer<typeof stepSchema>;

export const progressSchema = z.object({ pct: z.number(), stepsComplete: z.number(), stepsTotal: z.number() });
export type SurveyProgress = z.infer<typeof progressSchema>;

export const surveyOverview = z.object({
  period: z.object({
    id: z.number(),
    code: z.string(),
    title: z.string(),
    status: z.enum(PERIOD_STATUSES),
    deadline: z.string(),
    effectiveDate: z.string(),
    bonusYear: z.number(),
    minimumWage: z.string(),
    hasPrior: z.boolean(),
  }),
  company: z.object({ id: z.number(), name: z.string() }),
  response: z.object({
    status: z.enum(RESPONSE_STATUSES),
    version: z.number(),
    lastSavedAt: z.string().nullable(),
    submittedAt: z.string().nullable(),
    copiedFromPrior: z.boolean(),
    staffReason: z.string().nullable(),
  }),
  /** Whether the caller may change the answers now (the edit window, the response's status). */
  editable: z.boolean(),
  /** Whether the company may withdraw its completed response (before the deadline). */
  withdrawable: z.boolean(),
  steps: z.array(stepSchema),
  progress: progressSchema,
  issues: z.array(issueSchema),
  /** The configurable pages in order (key and title), for the step list. */
  pages: z.array(z.object({ key: z.string(), title: z.string(), kind: z.enum(['info', 'form']) })),
});
export type SurveyOverview = z.infer<typeof surveyOverview>;

/** What a save answers: the new version and the overview's moving parts. */
export const saveResult = z.object({
  version: z.number(),
  savedAt: z.string(),
  steps: z.array(stepSchema),
  progress: progressSchema,
  issues: z.array(issueSchema),
});
export type SaveResult = z.infer<typeof saveResult>;

// ---- reference lists of a period

export const periodQuery = z.object({ periodId: id.optional() });
export const surveyJobGroup = z.object({
  id: z.number(),
  code: z.string().nullable(),
  nameEn: z.string(),
  nameRu: z.string(),
  positions: z.number(),
  included: z.number(),
});
export const surveyPosition = z.object({
  id: z.number(),
  jobGroupId: z.number(),
  code: z.string(),
  titleEn: z.string(),
  titleRu: z.string(),
  descriptionEn: z.string(),
  descriptionRu: z.string(),
  careerLevel: z.string(),
  isField: z.boolean(),
});
export type SurveyPositionInfo = z.infer<typeof surveyPosition>;
export const jobGroupPositionsQuery = surveyScope.extend({ jobGroupId: z.preprocess((v) => (empty(v) ? undefined : v), id.optional()) });
export const carModelSchema = z.object({
  id: z.number(),
  make: z.string(),
  model: z.string(),
  carClass: z.enum(CAR_CLASSES),
  fuel: z.enum(CAR_FUELS),
  listPrice: z.string().nullable(),
});

// ---- the company's answers

const entrySchema = z.object({
  positionId: z.number(),
  regionId: z.number(),
  matchQuality: z.enum(MATCH_QUALITIES),
  headcount: z.number().nullable(),
  baseSalaryAvg: z.string().nullable(),
  guaranteedExtraAnnual: z.string().nullable(),
  bonusEligiblePct: z.string().nullable(),
  bonusTargetPct: z.string().nullable(),
  bonusActualAvg: z.string().nullable(),
  comment: z.string(),
  allowances: z.array(z.object({ type: z.enum(ALLOWANCE_TYPES), amountAvg: z.string().nullable(), shareReceivingPct: z.string().nullable() })),
  /** The incumbents uploaded for the row: while there are any, its averages come from them and are read-only. */
  incumbents: z.number(),
});
export type PositionEntry = z.infer<typeof entrySchema>;
const carSchema = z.object({
  positionId: z.number(),
  eligibility: z.enum(CAR_ELIGIBILITIES),
  typicalCarModelId: z.number().nullable(),
  carClass: z.enum(CAR_CLASSES).nullable(),
  priceCap: z.string().nullable(),
  acquisition: z.enum(CAR_ACQUISITIONS).nullable(),
  replacementMonths: z.number().nullable(),
  replacementKm: z.number().nullable(),
  fuelLimit: z.string().nullable(),
  privateUse: z.enum(CAR_PRIVATE_USES).nullable(),
  employeeContribution: z.string().nullable(),
  cashAllowance: z.string().nullable(),
});
export type CarPolicyEntry = z.infer<typeof carSchema>;
export const positionsData = z.object({
  version: z.number(),
  rows: z.array(entrySchema),
  cars: z.array(carSchema),
  /** Last year's base salary of the same position and region (via the lineage), for comparison. */
  prior: z.array(z.object({ positionId: z.number(), regionId: z.number(), baseSalaryAvg: z.string().nullable() })),
  issues: z.array(issueSchema),
});
export type PositionsData = z.infer<typeof positionsData>;

export const turnoverData = z.object({
  version: z.number(),
  rows: z.array(
    z.object({
      jobGroupId: z.number().nullable(),
      headcountStart: z.number().nullable(),
      headcountEnd: z.number().nullable(),
      hires: z.number().nullable(),
      totalLeavers: z.number().nullable(),
      voluntaryLeavers: z.number().nullable(),
      firstYearLeavers: z.number().nullable(),
      /** Derived, never typed: leavers ÷ average headcount, in per cent. */
      turnoverPct: z.string().nullable(),
      voluntaryPct: z.string().nullable(),
    }),
  ),
  issues: z.array(issueSchema),
});
export type TurnoverData = z.infer<typeof turnoverData>;

export const benchmarkItemSchema = z.object({
  id: z.number(),
  key: z.string(),
  section: z.enum(BENCHMARK_SECTIONS),
  label: z.string(),
  unit: z.enum(BENCHMARK_UNITS),
  categories: z.array(z.enum(BENCHMARK_CATEGORIES)),
  choices: z.array(z.string()),
  required: z.boolean(),
  min: z.string().nullable(),
  max: z.string().nullable(),
  warnMin: z.string().nullable(),
  warnMax: z.string().nullable(),
});
export type BenchmarkItem = z.infer<typeof benchmarkItemSchema>;
export const benchmarkData = z.object({
  version: z.number(),
  items: z.array(benchmarkItemSchema),
  answers: z.array(
    z.object({
      itemId: z.number(),
      category: z.enum(BENCHMARK_CATEGORIES),
      valueNum: z.string().nullable(),
      valueBool: z.boolean().nullable(),
      valueChoice: z.string().nullable(),
      comment: z.string(),
    }),
  ),
  issues: z.array(issueSchema),
});
export type BenchmarkData = z.infer<typeof benchmarkData>;

/** Last year's answers to a page: no period when the period has no previous one, no answers when the company gave none. */
export const priorPageAnswers = z.object({
  period: z.object({ id: z.number(), code: z.string() }).nullable(),
  answers: z.record(z.string(), pageAnswerValue),
});
export type PriorPageAnswers = z.infer<typeof priorPageAnswers>;
export const savedPageData = z.object({
  version: z.number(),
  answers: z.record(z.string(), pageAnswerValue),
  issues: z.array(issueSchema),
  /** With `prefill=prior` only. */
  prior: priorPageAnswers.optional(),
});
export type SavedPageData = z.infer<typeof savedPageData>;

// ---- completion, withdrawal, acknowledgements, copy, Excel

export const completeBody = z.object({
  periodId: id,
  kind: z.enum(SURVEY_KINDS).default('salary'),
  companyId: id.optional(),
  /** "I confirm the answers are correct": the review's checkbox. */
  confirmed: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.literal(true, { error: 'survey.validation.confirm' })),
});
export const withdrawBody = z.object({
  periodId: id,
  kind: z.enum(SURVEY_KINDS).default('salary'),
  companyId: id.optional(),
});
export const completionResult = z.object({ status: z.enum(RESPONSE_STATUSES), version: z.number(), submittedAt: z.string().nullable() });

/** A blocker of completion, by step (the review shows them as links). */
export const blockerSchema = z.object({
  stepKey: z.string(),
  reason: z.enum(['incomplete', 'errors', 'warnings', 'staff_queries', 'contact']),
  count: z.number(),
});
export type Blocker = z.infer<typeof blockerSchema>;

export const acknowledgeBody = versioned.extend({ issueId: id, comment: requiredMultiline(1000) });
export const copyPriorBody = versioned;

export const excelUploadFields = surveyScope.extend({
  /** Required to save (checked with the file, after the caller's access): a report alone needs none. */
  version: z.preprocess((v) => (empty(v) ? undefined : v), id.optional()),
  /** Without it the upload is only checked and reported; with it, saved when no cell has an error. */
  commit: formBoolean.default(false),
});
export const excelCellIssue = z.object({
  sheet: z.string(),
  row: z.number(),
  column: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});
export const excelReport = z.object({
  rows: z.number(),
  cars: z.number(),
  errors: z.number(),
  warnings: z.number(),
  issues: z.array(excelCellIssue),
  saved: z.boolean(),
  result: saveResult.nullable(),
});
export type ExcelReport = z.infer<typeof excelReport>;

export const templateQuery = surveyScope.extend({ locale: z.enum(['en', 'ru']).optional() });
