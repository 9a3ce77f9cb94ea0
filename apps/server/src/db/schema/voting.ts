import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './organisation.ts';

export const votings = pgTable(
  'votings',
  {
    id: serial('id').primaryKey(),
    /** Unguessable: the public link and QR code carry it. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    question: text('question').notNull(),
    language: text('language', { enum: ['en', 'ru'] }).notNull(),
    status: text('status', { enum: ['planned', 'started', 'stopped', 'archived'] })
      .notNull()
      .default('planned'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** When it last stopped (by hand or at its end); cleared when it starts again. Voters see the earlier of this and endsAt. */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    autoStart: boolean('auto_start').notNull().default(false),
    multiple: boolean('multiple').notNull().default(false),
    minAnswers: integer('min_answers').notNull().default(1),
    maxAnswers: integer('max_answers').notNull().default(1),
    quorum: integer('quorum'),
    /** As staff set it; null means the eligible voters at the start (effectiveMax). */
    maxResponses: integer('max_responses'),
    /** The ceiling in force: set when the voting starts, checked by the database with validCount. */
    effectiveMax: integer('effective_max'),
    /** Eligible people when the voting started: the public form's ceiling per voting is derived from it (VotingCeiling). */
    eligiblePeople: integer('eligible_people'),
    /** Valid responses, kept by the same transactions that add or remove them. */
    validCount: integer('valid_count').notNull().default(0),
    unit: text('unit', { enum: ['company', 'person'] })
      .notNull()
      .default('company'),
    eligibility: text('eligibility', { enum: ['all', 'companies'] })
      .notNull()
      .default('all'),
    secret: boolean('secret').notNull().default(false),
    requireCode: boolean('require_code').notNull().default(true),
    publishResults: boolean('publish_results').notNull().default(false),
    showCounts: boolean('show_counts').notNull().default(true),
    quorumReached: boolean('quorum_reached'),
    authorId: integer('author_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('votings_status_idx').on(t.status, t.startsAt),
    // The maximum number of responses holds whatever the application does.
    check('votings_max_responses_check', sql`${t.effectiveMax} IS NULL OR ${t.validCount} <= ${t.effectiveMax}`),
  ],
);

export const votingOptions = pgTable(
  'voting_options',
  {
    id: serial('id').primaryKey(),
    votingId: integer('voting_id')
      .notNull()
      .references(() => votings.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    comment: text('comment'),
  },
  (t) => [index('voting_options_voting_idx').on(t.votingId, t.seq)],
);

/** The companies that may vote, when a voting is not open to every member company. */
export const votingCompanies = pgTable(
  'voting_companies',
  {
    votingId: integer('voting_id')
      .notNull()
      .references(() => votings.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.votingId, t.companyId] })],
);

export const votingResponses = pgTable(
  'voting_responses',
  {
    id: serial('id').primaryKey(),
    votingId: integer('voting_id')
      .notNull()
      .references(() => votings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id').references(() => companies.id),
    /** 'c:<company>' when the company is the voting unit, 'u:<user>' when the person is. */
    unitKey: text('unit_key').notNull(),
    optionIds: integer('option_ids').array().notNull(),
    status: text('status', { enum: ['valid', 'rejected', 'deleted'] })
      .notNull()
      .default('valid'),
    reason: text('reason'),
    source: text('source', { enum: ['portal', 'public', 'staff'] }).notNull(),
    /** A short code the voter keeps as proof of having voted; it says nothing of the choices. */
    receipt: text('receipt').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One valid response per voting unit (the company or the person), enforced by the database.
    uniqueIndex('voting_responses_one_per_unit_key').on(t.votingId, t.unitKey).where(sql`${t.status} = 'valid'`),
    index('voting_responses_voting_idx').on(t.votingId, t.createdAt),
    index('voting_responses_user_idx').on(t.userId),
  ],
);

/** One-time codes of the public form, with the guessing guard per e-mail and voting. */
export const votingCodes = pgTable(
  'voting_codes',
  {
    votingId: integer('voting_id')
      .notNull()
      .references(() => votings.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.votingId, t.email] })],
);
