import {
  ACCESS_AREAS,
  ALLOWANCE_TYPES,
  type AnonymityRules,
  BENCHMARK_SECTIONS,
  BENCHMARK_UNITS,
  CAR_ACQUISITIONS,
  CAR_CLASSES,
  CAR_ELIGIBILITIES,
  CAR_FUELS,
  CAR_PRIVATE_USES,
  DATAFILE_KINDS,
  DATAFILE_STATUSES,
  DEFAULT_ANONYMITY_RULES,
  ISSUE_SEVERITIES,
  MATCH_QUALITIES,
  PERIOD_STATUSES,
  REMINDER_KINDS,
  RESPONSE_EVENTS,
  RESPONSE_STATUSES,
  STEP_STATUSES,
  SURVEY_KINDS,
} from '@portal/shared/survey-model';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
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

/**
 * The salary survey (design ../shared/design/survey-reports.md §1.1–1.3, 1.6). Money is gross RUB a month at the
 * period's effective date, in exact decimals; rows a company edits carry a `version` for optimistic locking.
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const pct = (name: string) => numeric(name, { precision: 7, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---- periods and their frozen catalogues

export const surveyPeriods = pgTable(
  'survey_periods',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: SURVEY_KINDS }).notNull().default('salary'),
    /** A short code, unique per kind ('2026'). */
    code: text('code').notNull(),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    status: text('status', { enum: PERIOD_STATUSES }).notNull().default('draft'),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    /** The deadline for companies' answers. */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** Salaries are "as of" this day. */
    effectiveDate: date('effective_date').notNull(),
    /** The year whose actual bonus is reported. */
    bonusYear: integer('bonus_year').notNull(),
    /** The federal minimum wage (МРОТ) a month at the effective date: no base salary may be below it. */
    minimumWage: money('minimum_wage').notNull(),
    publishNotBefore: date('publish_not_before'),
    priorPeriodId: integer('prior_period_id').references((): AnyPgColumn => surveyPeriods.id, { onDelete: 'set null' }),
    rules: jsonb('rules').$type<AnonymityRules>().notNull().default(DEFAULT_ANONYMITY_RULES),
    instructionsFileKey: text('instructions_file_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('survey_periods_code_key').on(t.kind, t.code), index('survey_periods_status_idx').on(t.kind, t.status)],
);

/** A benchmark job companies match their own jobs against. */
export const surveyPositions = pgTable(
  'survey_positions',
  {
    id: serial('id').primaryKey(),
    jobGroupId: integer('job_group_id')
      .notNull()
      .references(() => jobGroups.id),
    code: text('code').notNull().unique(),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    careerLevel: text('career_level').notNull(),
    /** Reported per region (field force); otherwise in one region, the head office's. */
    isField: boolean('is_field').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('survey_positions_group_idx').on(t.jobGroupId, t.sort)],
);

/** The regions of a period (frozen when its catalogue is applied). */
export const periodRegions = pgTable(
  'period_regions',
  {
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.regionId] })],
);

/** The positions of a period (frozen when its catalogue is applied). */
export const periodPositions = pgTable(
  'period_positions',
  {
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => surveyPositions.id),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.positionId] })],
);

/** Links a renamed or split position to its successor, so copy-from-last-year and trends follow it. */
export const positionLineage = pgTable(
  'position_lineage',
  {
    fromPositionId: integer('from_position_id')
      .notNull()
      .references(() => surveyPositions.id, { onDelete: 'cascade' }),
    toPositionId: integer('to_position_id')
      .notNull()
      .references(() => surveyPositions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fromPositionId, t.toPositionId] })],
);

export const carModels = pgTable(
  'car_models',
  {
    id: serial('id').primaryKey(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    carClass: text('car_class', { enum: CAR_CLASSES }).notNull(),
    fuel: text('fuel', { enum: CAR_FUELS }).notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('car_models_make_model_key').on(sql`lower(${t.make})`, sql`lower(${t.model})`)],
);

/** A car's list price (with VAT) in a period: the reference the car columns offer. */
export const carPrices = pgTable(
  'car_prices',
  {
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    carModelId: integer('car_model_id')
      .notNull()
      .references(() => carModels.id),
    listPrice: money('list_price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.carModelId] })],
);

/** A file loaded into a period: validated row by row when uploaded, applied in one transaction when staff say so. */
export const surveyDatafiles = pgTable(
  'survey_datafiles',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DATAFILE_KINDS }).notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    status: text('status', { enum: DATAFILE_STATUSES }).notNull(),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsOk: integer('rows_ok').notNull().default(0),
    /** [{ row, column, severity, code, params }]: what the check found, row by row. */
    issues: jsonb('issues').$type<DatafileIssue[]>().notNull().default([]),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: createdAt(),
    appliedBy: integer('applied_by').references(() => users.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('survey_datafiles_period_idx').on(t.periodId, t.uploadedAt)],
);
export interface DatafileIssue {
  row: number;
  column: string | null;
  severity: 'error' | 'warning';
  code: string;
  params?: Record<string, string | number>;
}

// ---- a company's response

export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RESPONSE_STATUSES }).notNull().default('not_started'),
    progressPct: integer('progress_pct').notNull().default(0),
    stepsComplete: integer('steps_complete').notNull().default(0),
    stepsTotal: integer('steps_total').notNull().default(0),
    errorsOpen: integer('errors_open').notNull().default(0),
    warningsOpen: integer('warnings_open').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    lastSavedAt: timestamp('last_saved_at', { withTimezone: true }),
    lastSavedBy: integer('last_saved_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why staff returned or excluded it (shown to the company on return). */
    staffReason: text('staff_reason'),
    /** A later deadline for this company alone. */
    deadlineOverride: timestamp('deadline_override', { withTimezone: true }),
    copiedFromResponseId: integer('copied_from_response_id').references((): AnyPgColumn => surveyResponses.id, { onDelete: 'set null' }),
    contactSnapshot: jsonb('contact_snapshot').$type<Record<string, string>>(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('survey_responses_period_company_key').on(t.periodId, t.companyId),
    index('survey_responses_period_status_idx').on(t.periodId, t.status),
  ],
);

/** Each counted step's state, recomputed on every save: drives the progress bar, the dashboard and the reminders. */
export const responseSteps = pgTable(
  'response_steps',
  {
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    stepKey: text('step_key').notNull(),
    status: text('status', { enum: STEP_STATUSES }).notNull().default('not_started'),
    answeredRequired: integer('answered_required').notNull().default(0),
    requiredTotal: integer('required_total').notNull().default(0),
    errorsOpen: integer('errors_open').notNull().default(0),
    warningsOpen: integer('warnings_open').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.responseId, t.stepKey] })],
);

/** The positions grid: a company's averages for one position in one region. */
export const positionEntries = pgTable(
  'position_entries',
  {
    id: serial('id').primaryKey(),
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => surveyPositions.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    matchQuality: text('match_quality', { enum: MATCH_QUALITIES }).notNull().default('exact'),
    /** Incumbents on the effective date; null until entered (a matched row without figures yet). */
    headcount: integer('headcount'),
    baseSalaryAvg: money('base_salary_avg'),
    /** A guaranteed 13th salary and the like: a year, per incumbent. */
    guaranteedExtraAnnual: money('guaranteed_extra_annual'),
    bonusEligiblePct: pct('bonus_eligible_pct'),
    bonusTargetPct: pct('bonus_target_pct'),
    /** Paid for the period's bonus year, RUB per eligible incumbent. */
    bonusActualAvg: money('bonus_actual_avg'),
    comment: text('comment').notNull().default(''),
  },
  (t) => [
    uniqueIndex('position_entries_row_key').on(t.responseId, t.positionId, t.regionId),
    check('position_entries_headcount_check', sql`${t.headcount} IS NULL OR ${t.headcount} >= 1`),
  ],
);

export const positionAllowances = pgTable(
  'position_allowances',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => positionEntries.id, { onDelete: 'cascade' }),
    allowanceType: text('allowance_type', { enum: ALLOWANCE_TYPES }).notNull(),
    amountAvg: money('amount_avg'),
    shareReceivingPct: pct('share_receiving_pct'),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.allowanceType] })],
);

/**
 * One person in a grid row, from the optional incumbent upload: pay only, never a name or anything else that would
 * identify them. While a row has incumbents its averages are computed from them.
 */
export const positionIncumbents = pgTable(
  'position_incumbents',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => positionEntries.id, { onDelete: 'cascade' }),
    baseSalary: money('base_salary').notNull(),
    guaranteedExtraAnnual: money('guaranteed_extra_annual').notNull().default('0'),
    bonusTargetPct: pct('bonus_target_pct').notNull().default('0'),
    bonusActual: money('bonus_actual').notNull().default('0'),
  },
  (t) => [
    index('position_incumbents_entry_idx').on(t.entryId),
    check(
      'position_incumbents_figures_check',
      sql`${t.baseSalary} >= 0 AND ${t.guaranteedExtraAnnual} >= 0 AND ${t.bonusTargetPct} >= 0 AND ${t.bonusActual} >= 0`,
    ),
  ],
);

/** The car policy of one position (saved with the grid). */
export const carPolicyEntries = pgTable(
  'car_policy_entries',
  {
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => surveyPositions.id),
    eligibility: text('eligibility', { enum: CAR_ELIGIBILITIES }).notNull(),
    typicalCarModelId: integer('typical_car_model_id').references(() => carModels.id, { onDelete: 'set null' }),
    carClass: text('car_class', { enum: CAR_CLASSES }),
    priceCap: money('price_cap'),
    acquisition: text('acquisition', { enum: CAR_ACQUISITIONS }),
    replacementMonths: integer('replacement_months'),
    replacementKm: integer('replacement_km'),
    fuelLimit: money('fuel_limit'),
    privateUse: text('private_use', { enum: CAR_PRIVATE_USES }),
    employeeContribution: money('employee_contribution'),
    cashAllowance: money('cash_allowance'),
  },
  (t) => [primaryKey({ columns: [t.responseId, t.positionId] })],
);

/** Leavers and hires of the company (job group null) or of one job group; rates are derived, never typed. */
export const turnoverEntries = pgTable(
  'turnover_entries',
  {
    id: serial('id').primaryKey(),
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    jobGroupId: integer('job_group_id').references(() => jobGroups.id),
    headcountStart: integer('headcount_start'),
    headcountEnd: integer('headcount_end'),
    hires: integer('hires'),
    totalLeavers: integer('total_leavers'),
    voluntaryLeavers: integer('voluntary_leavers'),
    firstYearLeavers: integer('first_year_leavers'),
  },
  (t) => [
    uniqueIndex('turnover_entries_scope_key').on(t.responseId, sql`coalesce(${t.jobGroupId}, 0)`),
    // Spec §5: voluntary leavers at most total leavers; the database holds the rule too.
    check(
      'turnover_entries_voluntary_check',
      sql`${t.voluntaryLeavers} IS NULL OR ${t.totalLeavers} IS NULL OR ${t.voluntaryLeavers} <= ${t.totalLeavers}`,
    ),
  ],
);

/** A benchmark question of a period (increase budgets, bonus payout, practices). */
export const benchmarkItems = pgTable(
  'benchmark_items',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    section: text('section', { enum: BENCHMARK_SECTIONS }).notNull(),
    labelEn: text('label_en').notNull(),
    labelRu: text('label_ru').notNull(),
    unit: text('unit', { enum: BENCHMARK_UNITS }).notNull(),
    /** Asked once per category (all | field | office | management). */
    categories: jsonb('categories').$type<string[]>().notNull().default(['all']),
    /** For unit `choice`: the keys of its answers, named in the catalogues under survey:benchmarkChoice.<key>. */
    choices: jsonb('choices').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(true),
    min: numeric('min', { precision: 9, scale: 2 }),
    max: numeric('max', { precision: 9, scale: 2 }),
    warnMin: numeric('warn_min', { precision: 9, scale: 2 }),
    warnMax: numeric('warn_max', { precision: 9, scale: 2 }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('benchmark_items_key').on(t.periodId, t.key)],
);

export const benchmarkAnswers = pgTable(
  'benchmark_answers',
  {
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => benchmarkItems.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    valueNum: numeric('value_num', { precision: 9, scale: 2 }),
    valueBool: boolean('value_bool'),
    valueChoice: text('value_choice'),
    comment: text('comment').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.responseId, t.itemId, t.category] })],
);

/** A configurable page of a period (company profile, car policy, benefits, comments): text and a list of questions. */
export const surveyPages = pgTable(
  'survey_pages',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    sort: integer('sort').notNull().default(0),
    kind: text('kind', { enum: ['info', 'form'] }).notNull(),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    bodyEn: text('body_en').notNull().default(''),
    bodyRu: text('body_ru').notNull().default(''),
    /** The questions (shared `pageQuestion` schema). */
    questions: jsonb('questions').$type<unknown[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('survey_pages_key').on(t.periodId, t.key)],
);

export const pageAnswers = pgTable(
  'page_answers',
  {
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => surveyPages.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.responseId, t.pageId] })],
);

/**
 * What the checks found in a response: errors block completion, warnings need an acknowledgement with a comment, staff
 * queries come from the review. `target` names the row or cell ('position:12:3', 'turnover:0', 'item:5:all').
 */
export const validationIssues = pgTable(
  'validation_issues',
  {
    id: serial('id').primaryKey(),
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    stepKey: text('step_key').notNull(),
    target: text('target').notNull(),
    field: text('field'),
    ruleCode: text('rule_code').notNull(),
    severity: text('severity', { enum: ISSUE_SEVERITIES }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    ackComment: text('ack_comment'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('validation_issues_response_idx').on(t.responseId, t.stepKey)],
);

/** The response's history: who changed what, when, in which step, before and after. */
export const responseEvents = pgTable(
  'response_events',
  {
    id: serial('id').primaryKey(),
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: RESPONSE_EVENTS }).notNull(),
    stepKey: text('step_key'),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [index('response_events_response_idx').on(t.responseId, t.at)],
);

/** Who answers the survey for a company (personal data: the company's ceo and trusted people and staff only). */
export const respondentContacts = pgTable(
  'respondent_contacts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    surveyKind: text('survey_kind', { enum: SURVEY_KINDS }).notNull().default('salary'),
    name: text('name').notNull(),
    position: text('position').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    companyFullName: text('company_full_name').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.surveyKind] })],
);

/** A reminder or notice sent to a company about a period (automatic ones have no sender). */
export const surveyReminders = pgTable(
  'survey_reminders',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    /** For automatic reminders: how many days before the deadline (14, 7, 2); one of each per company and period. */
    daysBefore: integer('days_before'),
    sentTo: jsonb('sent_to').$type<string[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('survey_reminders_period_idx').on(t.periodId, t.companyId),
    uniqueIndex('survey_reminders_auto_key').on(t.periodId, t.companyId, t.daysBefore).where(sql`${t.daysBefore} IS NOT NULL`),
  ],
);

// ---- access

/**
 * An admin's word on one person's area: `granted` true gives it, false takes away what the role would give by default
 * (ROLE_AREA_DEFAULTS); no row means the role's default.
 */
export const userAreaAccess = pgTable(
  'user_area_access',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    area: text('area', { enum: ACCESS_AREAS }).notNull(),
    granted: boolean('granted').notNull(),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.area] })],
);
