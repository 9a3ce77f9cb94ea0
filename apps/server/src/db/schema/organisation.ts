import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    domain: text('domain'),
    status: text('status', { enum: ['new', 'confirmed', 'in_progress', 'removed'] })
      .notNull()
      .default('new'),
    isActive: boolean('is_active').notNull().default(true),
    /** A staff-only company for trying the survey out: its answers never enter statistics, reminders or counts. */
    isTest: boolean('is_test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Its people, all and active: kept by the database on every change of users (migration 0033), for the lists by size. */
    people: integer('people').notNull().default(0),
    activePeople: integer('active_people').notNull().default(0),
  },
  (t) => [
    uniqueIndex('companies_name_key').on(sql`lower(${t.name})`),
    index('companies_domain_idx').on(t.domain),
    // The people lists sorted by company walk the companies in name order and each one's people from its index.
    index('companies_name_idx').on(t.name, t.id),
  ],
);

/** Regions of the profile and the salary survey; the survey's catalogue files name them by `code`. */
export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  code: text('code').unique(),
  nameEn: text('name_en').notNull().unique(),
  nameRu: text('name_ru').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Job groups of the profile and the salary survey; the survey's catalogue files name them by `code`. */
export const jobGroups = pgTable('job_groups', {
  id: serial('id').primaryKey(),
  code: text('code').unique(),
  nameEn: text('name_en').notNull().unique(),
  nameRu: text('name_ru').notNull(),
  descriptionEn: text('description_en').notNull().default(''),
  descriptionRu: text('description_ru').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    position: text('position').notNull().default(''),
    phone: text('phone').notNull().default(''),
    role: text('role', { enum: ['employee', 'trusted', 'ceo', 'staff', 'admin'] }).notNull(),
    status: text('status', { enum: ['registered', 'joined'] })
      .notNull()
      .default('registered'),
    locale: text('locale', { enum: ['en', 'ru'] })
      .notNull()
      .default('en'),
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    companyId: integer('company_id').references(() => companies.id),
    regionId: integer('region_id').references(() => regions.id),
    jobGroupId: integer('job_group_id').references(() => jobGroups.id),
    /** E-mail me each new issue of the media digest (on unless the person turns it off in their profile). */
    digestSubscribed: boolean('digest_subscribed').notNull().default(true),
    /** The personal data processing policy the person accepted: its version, when and from which address (152-FZ, GDPR). */
    policyVersion: text('policy_version'),
    policyAcceptedAt: timestamp('policy_accepted_at', { withTimezone: true }),
    policyAcceptedIp: text('policy_accepted_ip'),
    /** When the person's personal data was erased at their request: the row stays (votes, log) under a placeholder name. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the people lists' search looks in, in lower case, kept by the database. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${users.surname} || ' ' || ${users.name} || ' ' || ${users.email} || ' ' || ${users.position})`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Counts of the lists (people of these roles, active or not) from the index alone.
    index('users_role_idx').on(t.role, t.isActive),
    // Also counts a company's people, active or not, from the index alone.
    index('users_company_idx').on(t.companyId, t.isActive),
    // Finds a text anywhere in a person's surname, name, e-mail or position (pg_trgm): the people lists' search.
    index('users_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Serves the default order of the people lists (surname, name, id) so a page stops after its rows.
    index('users_surname_idx').on(t.surname, t.name, t.id),
    // A company has at most one active general manager, whatever the application does.
    uniqueIndex('users_one_active_ceo_key').on(t.companyId).where(sql`${t.role} = 'ceo' AND ${t.isActive}`),
    // A company's people belong to a company: the lists join them to it.
    check('users_company_people_check', sql`${t.role} IN ('staff', 'admin') OR ${t.companyId} IS NOT NULL`),
  ],
);

/** Requests from /signup, waiting for a moderator. */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: serial('id').primaryKey(),
    company: text('company').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    position: text('position').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    locale: text('locale', { enum: ['en', 'ru'] }).notNull(),
    status: text('status', { enum: ['new', 'approved', 'rejected'] })
      .notNull()
      .default('new'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The consent given with the request: the policy's version, when and from which address; the account inherits it. */
    policyVersion: text('policy_version'),
    policyAcceptedAt: timestamp('policy_accepted_at', { withTimezone: true }),
    policyAcceptedIp: text('policy_accepted_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signup_requests_status_idx').on(t.status, t.createdAt)],
);

/** A person's name as the lists show it ("Name Surname"); null when a left join found nobody (a deleted author). */
export const personName = (u: { id: AnyPgColumn; name: AnyPgColumn; surname: AnyPgColumn }) =>
  sql<string | null>`CASE WHEN ${u.id} IS NULL THEN NULL ELSE ${u.name} || ' ' || ${u.surname} END`;
