import {
  CREDIT_EVENTS,
  DISTRIBUTOR_REQUEST_STATUSES,
  DISTRIBUTOR_STATUSES,
  DISTRIBUTOR_TYPES,
  MAX_DAYS_BEYOND_TERMS,
} from '@portal/shared/credit-model';
import { RESPONSE_STATUSES } from '@portal/shared/survey-model';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, regions, users } from './organisation.ts';
import { surveyPeriods } from './survey.ts';

/**
 * Distributors and the credit data member companies give about them (design ../shared/design/survey-reports.md §1.4).
 * Amounts are RUB at the period's "as of" date, in exact decimals; a submission carries a `version` for optimistic locking.
 */

const rub = (name: string) => numeric(name, { precision: 16, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A holding: distributors of one group are reported together where they must be pooled. */
export const distributorGroups = pgTable(
  'distributor_groups',
  {
    id: serial('id').primaryKey(),
    nameRu: text('name_ru').notNull(),
    nameEn: text('name_en').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('distributor_groups_name_key').on(sql`lower(${t.nameRu})`)],
);

export const distributors = pgTable(
  'distributors',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').references(() => distributorGroups.id, { onDelete: 'set null' }),
    nameRu: text('name_ru').notNull(),
    nameEn: text('name_en').notNull(),
    legalName: text('legal_name').notNull().default(''),
    /** The key: one distributor per INN among those not merged away. */
    inn: text('inn').notNull(),
    ogrn: text('ogrn'),
    hqRegionId: integer('hq_region_id').references(() => regions.id, { onDelete: 'set null' }),
    type: text('type', { enum: DISTRIBUTOR_TYPES }).notNull(),
    status: text('status', { enum: DISTRIBUTOR_STATUSES }).notNull().default('active'),
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => distributors.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('distributors_inn_key').on(t.inn).where(sql`${t.status} <> 'merged'`),
    index('distributors_name_idx').on(sql`lower(${t.nameRu})`),
    check('distributors_merged_check', sql`(${t.status} = 'merged') = (${t.mergedIntoId} IS NOT NULL)`),
  ],
);

/** A company's credit data for one credit period. */
export const creditSubmissions = pgTable(
  'credit_submissions',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => surveyPeriods.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RESPONSE_STATUSES }).notNull().default('in_progress'),
    lastSavedAt: timestamp('last_saved_at', { withTimezone: true }),
    lastSavedBy: integer('last_saved_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The staff's question when they returned the data; it stays shown to the company until it submits again. */
    staffQuestion: text('staff_question'),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('credit_submissions_period_company_key').on(t.periodId, t.companyId),
    index('credit_submissions_period_status_idx').on(t.periodId, t.status),
  ],
);

/** A submission's history (as the salary survey's response_events): who saved, submitted, returned or accepted it, when. */
export const creditSubmissionEvents = pgTable(
  'credit_submission_events',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => creditSubmissions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: CREDIT_EVENTS }).notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [index('credit_submission_events_submission_idx').on(t.submissionId, t.at)],
);

/** One distributor's receivables as a company reports them: the total, its ageing, the period's sales, the terms and DBT. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => creditSubmissions.id, { onDelete: 'cascade' }),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    receivablesTotal: rub('receivables_total').notNull(),
    notDue: rub('not_due').notNull(),
    overdue1To30: rub('overdue_1_30').notNull(),
    overdue31To60: rub('overdue_31_60').notNull(),
    overdue61To90: rub('overdue_61_90').notNull(),
    overdue91To180: rub('overdue_91_180').notNull(),
    overdue181Plus: rub('overdue_181_plus').notNull(),
    /** Net sales to the distributor in the period, for DSO. */
    netSalesPeriod: rub('net_sales_period').notNull(),
    /** The contractual payment terms, days (a weighted average over the contracts). */
    contractualTermsDays: integer('contractual_terms_days').notNull(),
    /**
     * Days beyond terms (DBT): the receivables' days past due weighted by amount, to 0.1 day (the contract holds it to
     * what the ageing allows). Null on rows saved before it was asked for: the report then has no DBT where they count.
     */
    daysBeyondTerms: numeric('days_beyond_terms', { precision: 5, scale: 1 }),
  },
  (t) => [
    uniqueIndex('credit_entries_row_key').on(t.submissionId, t.distributorId),
    index('credit_entries_distributor_idx').on(t.distributorId),
    // The buckets add up to the total and nothing is negative: the contract checks it, the database holds it too.
    check(
      'credit_entries_buckets_check',
      sql`${t.notDue} + ${t.overdue1To30} + ${t.overdue31To60} + ${t.overdue61To90} + ${t.overdue91To180} + ${t.overdue181Plus} = ${t.receivablesTotal}`,
    ),
    check(
      'credit_entries_not_negative_check',
      sql`least(${t.notDue}, ${t.overdue1To30}, ${t.overdue31To60}, ${t.overdue61To90}, ${t.overdue91To180}, ${t.overdue181Plus}, ${t.netSalesPeriod}) >= 0 AND ${t.contractualTermsDays} >= 0`,
    ),
    check('credit_entries_dbt_check', sql`${t.daysBeyondTerms} BETWEEN 0 AND ${sql.raw(String(MAX_DAYS_BEYOND_TERMS))}`),
  ],
);

/**
 * A company's request that staff add a distributor the list lacks. One open request per INN (a partial unique index),
 * so two companies asking for the same distributor are told it is already asked for.
 */
export const distributorRequests = pgTable(
  'distributor_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    inn: text('inn').notNull(),
    city: text('city').notNull(),
    comment: text('comment').notNull().default(''),
    status: text('status', { enum: DISTRIBUTOR_REQUEST_STATUSES }).notNull().default('open'),
    /** The distributor staff added for it. */
    distributorId: integer('distributor_id').references(() => distributors.id, { onDelete: 'set null' }),
    /** Why staff refused it (the requester is told). */
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('distributor_requests_open_inn_key').on(t.inn).where(sql`${t.status} = 'open'`),
    index('distributor_requests_status_idx').on(t.status, t.createdAt),
    index('distributor_requests_company_idx').on(t.companyId, t.createdAt),
  ],
);
