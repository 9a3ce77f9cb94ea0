import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { committees } from './committees.ts';
import { users } from './organisation.ts';

/** The association's events: public, or of one committee or working group (its members see them). */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Whole days: shown without times; `endsAt` is the start of the day after the last. */
    allDay: boolean('all_day').notNull().default(false),
    place: text('place').notNull().default(''),
    onlineUrl: text('online_url').notNull().default(''),
    // Restrict: a committee with events cannot go without someone deciding what becomes of them (and telling those registered).
    committeeId: integer('committee_id').references(() => committees.id),
    /** People register for it; with `seats`, those past the limit wait in turn. */
    registration: boolean('registration').notNull().default(false),
    seats: integer('seats'),
    /** Raised on each change of time or place, so calendar programs replace the event they imported (iCalendar SEQUENCE). */
    sequence: integer('sequence').notNull().default(0),
    /** When the day-before reminder went out (once). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The calendar asks for the events that overlap a range: one GiST index on the span answers it.
    index('events_span_idx').using('gist', sql`tstzrange(${t.startsAt}, ${t.endsAt})`),
    // The reminders look for registration events starting within a day.
    index('events_starts_idx').on(t.startsAt),
    index('events_committee_idx').on(t.committeeId, t.startsAt),
    check('events_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_seats_positive', sql`${t.seats} IS NULL OR ${t.seats} > 0`),
  ],
);

/** A person's place at an event: a seat, or a place on the waiting list (in order of `id`). */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['registered', 'waiting'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('event_registrations_event_user_key').on(t.eventId, t.userId),
    index('event_registrations_event_idx').on(t.eventId, t.status, t.id),
    check('event_registrations_status', sql`${t.status} IN ('registered', 'waiting')`),
  ],
);

/** A person's private calendar feed: the hash of the key in its link; a new link replaces it, so the old one dies. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
