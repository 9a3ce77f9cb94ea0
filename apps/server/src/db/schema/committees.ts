import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './organisation.ts';

/**
 * Committees and, under them, working groups (a group has its committee as `parentId`).
 * The calendar names them on events.
 */
export const committees = pgTable(
  'committees',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => committees.id, { onDelete: 'cascade' }),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru').notNull(),
    detailsEn: text('details_en').notNull().default(''),
    detailsRu: text('details_ru').notNull().default(''),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Member companies add and remove their own members directly; otherwise they send requests. */
    selfService: boolean('self_service').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * How many rows of committee_subscribers are the committee's, kept by the database's triggers on that table
     * (migration 0031), so the committees' list reads a column instead of counting every subscription.
     */
    subscriberCount: integer('subscriber_count').notNull().default(0),
  },
  (t) => [index('committees_parent_idx').on(t.parentId, t.position)],
);

/** A person's membership of a committee or group, with their position and term; past members stay as history. */
export const committeeMembers = pgTable(
  'committee_members',
  {
    id: serial('id').primaryKey(),
    committeeId: integer('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** chair, deputy, secretary, member, or a free title. */
    position: text('position').notNull().default('member'),
    since: date('since').notNull(),
    /** The last day of the term; null while it runs. */
    until: date('until'),
  },
  (t) => [index('committee_members_user_idx').on(t.userId, t.committeeId), index('committee_members_committee_idx').on(t.committeeId)],
);

/** A request that a person become a member: New → In progress → Confirmed or Removed (or withdrawn by the requester). */
export const committeeRequests = pgTable(
  'committee_requests',
  {
    id: serial('id').primaryKey(),
    committeeId: integer('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The person's company when asked: the company's own pages and the cascade find requests by it. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['new', 'inProgress', 'confirmed', 'removed'] })
      .notNull()
      .default('new'),
    position: text('position').notNull().default('member'),
    note: text('note').notNull().default(''),
    /** The nomination letter's key in the file store, and its name as uploaded. */
    letterKey: text('letter_key'),
    letterName: text('letter_name'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
  },
  (t) => [
    // One open request per person and committee: a second one is refused, races included.
    uniqueIndex('committee_requests_open_key').on(t.committeeId, t.userId).where(sql`${t.status} in ('new', 'inProgress')`),
    index('committee_requests_status_idx').on(t.status, t.createdAt),
    index('committee_requests_company_idx').on(t.companyId, t.createdAt),
    index('committee_requests_user_idx').on(t.userId),
  ],
);

/** People who receive a committee's or group's mailings besides its members. */
export const committeeSubscribers = pgTable(
  'committee_subscribers',
  {
    committeeId: integer('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.committeeId, t.userId] }), index('committee_subscribers_user_idx').on(t.userId)],
);

/** A set of date ranges (PostgreSQL's datemultirange), as its text. */
const dateMultirange = customType<{ data: string }>({ dataType: () => 'datemultirange' });

/**
 * Every committee's distribution list, kept by the database (migration 0034's triggers on the members, subscribers,
 * opt-outs, people and companies): a row for each person of a member company who subscribes or has a term, less those
 * who stopped the committee's mailings, with what the list shows of them. The terms stay as days (`memberDays`), so a
 * list on a given day is one read of this table: worked out from the five tables on each read, a list of 2,000 cost
 * PostgreSQL 6 ms and PGlite 12 ms.
 */
export const committeeRecipients = pgTable(
  'committee_recipients',
  {
    committeeId: integer('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriber: boolean('subscriber').notNull(),
    /** The days of the person's terms; null: no term. */
    memberDays: dateMultirange('member_days'),
    surname: text('surname').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    locale: text('locale', { enum: ['en', 'ru'] }).notNull(),
    /** The person's search text (users.search_text). */
    searchText: text('search_text').notNull(),
    company: text('company').notNull(),
    /** The person and their company are active: only then does the list hold them. */
    reachable: boolean('reachable').notNull(),
  },
  (t) => [primaryKey({ columns: [t.committeeId, t.userId] }), index('committee_recipients_user_idx').on(t.userId)],
);

/** The committees' mail settings: one row (id 1), made on first save; the built-in templates serve until then. */
export const committeeMailSettings = pgTable('committee_mail_settings', {
  id: integer('id').primaryKey().default(1),
  senderName: text('sender_name').notNull(),
  /** The template of each committee event (COMMITTEE_MAIL_EVENTS), by event name. */
  templates: jsonb('templates').$type<Record<string, number>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A message sent to a committee's or group's distribution list. */
export const committeeMailings = pgTable(
  'committee_mailings',
  {
    id: serial('id').primaryKey(),
    committeeId: integer('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    subjectEn: text('subject_en').notNull(),
    subjectRu: text('subject_ru').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyRu: text('body_ru').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    recipients: integer('recipients').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('committee_mailings_committee_idx').on(t.committeeId, t.id)],
);

/** Who a mailing went to, each with the hash of their one-click unsubscribe link's token (used once: `unsubscribedAt`). */
export const committeeMailingRecipients = pgTable(
  'committee_mailing_recipients',
  {
    mailingId: integer('mailing_id')
      .notNull()
      .references(() => committeeMailings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.mailingId, t.userId] }), uniqueIndex('committee_mailing_recipients_token_key').on(t.tokenHash)],
);

/** People who stopped a committee's mailings from an unsubscribe link: left out of its distribution list until they subscribe again. */
export const committeeOptOuts = pgTable(
  'committee_opt_outs',
  {
    committeeId: integer('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.committeeId, t.userId] })],
);
