import { type AnyPgColumn, boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './organisation.ts';

/**
 * Committees and, under them, working groups (a group has its committee as `parentId`).
 * The calendar names them on events; the committees issue builds their management on this table.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
