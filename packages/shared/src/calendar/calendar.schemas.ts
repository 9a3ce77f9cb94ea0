import { z } from 'zod';
import { dateTime, formBoolean, id, int, multiline, optionalFilter, optionalId, optionalText, paging, requiredText } from '../fields.ts';
import { DAY_MS, LIMITS } from '../limits.ts';

/**
 * The events that overlap a range (what a month, week or list view shows): at most six weeks and a bit; `limit` keeps
 * only the first ones (the home page's next events).
 */
export const eventsQuery = z
  .object({ from: dateTime, to: dateTime, limit: optionalFilter(int(1).max(LIMITS.pageSizeMax, 'validation.invalid')) })
  .refine((v) => Date.parse(v.to) > Date.parse(v.from), { path: ['to'], message: 'validation.endBeforeStart' })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= LIMITS.calendarRangeDaysMax * DAY_MS, { path: ['to'], message: 'validation.rangeTooLong' });

export const REGISTRATION_STATUSES = ['registered', 'waiting'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const eventSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleRu: z.string(),
  descriptionEn: z.string(),
  descriptionRu: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  allDay: z.boolean(),
  place: z.string(),
  onlineUrl: z.string(),
  committee: z.object({ id: z.number().int(), parentId: z.number().int().nullable(), nameEn: z.string(), nameRu: z.string() }).nullable(),
  registration: z.boolean(),
  /** null: no limit. */
  seats: z.number().int().nullable(),
  registered: z.number().int(),
  waiting: z.number().int(),
  /** The caller's place: a seat, the waiting list (`turn`: 1 is next), or none. */
  mine: z.enum(REGISTRATION_STATUSES).nullable(),
  turn: z.number().int().nullable(),
});
export type CalendarEvent = z.infer<typeof eventSchema>;

/** An http(s) address, or nothing. */
const webAddress = optionalText(2000).refine((v) => v === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'validation.webAddress');

const eventShape = {
  titleEn: requiredText(300),
  titleRu: requiredText(300),
  descriptionEn: multiline(5000).default(''),
  descriptionRu: multiline(5000).default(''),
  startsAt: dateTime,
  endsAt: dateTime,
  allDay: formBoolean.default(false),
  place: optionalText(300),
  onlineUrl: webAddress,
  /** A committee or working group whose members see it; none: every member sees it. */
  committeeId: optionalId,
  registration: formBoolean.default(false),
  /** With registration: the seats (empty: no limit). */
  seats: z.preprocess((v) => (v === '' || v === undefined ? null : v), int(1).max(LIMITS.eventSeatsMax, 'validation.invalid').nullable()),
};

const isMidnightUtc = (iso: string) => Date.parse(iso) % DAY_MS === 0;
type Times = { startsAt: string; endsAt: string; allDay: boolean };

/**
 * An event ends after it starts; a whole-day event runs from midnight UTC of its first day to midnight UTC after its
 * last (so a day is the same day in every time zone).
 */
const checkTimes = (v: Times, ctx: z.RefinementCtx) => {
  if (Date.parse(v.endsAt) <= Date.parse(v.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'validation.endBeforeStart' });
  else if (v.allDay && !(isMidnightUtc(v.startsAt) && isMidnightUtc(v.endsAt)))
    ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'validation.wholeDays' });
};

/** A new event. */
export const eventBody = z.object(eventShape).superRefine(checkTimes);
export type EventInput = z.input<typeof eventBody>;
/** An edit: the whole event again. */
export const eventUpdateBody = z.object({ id, ...eventShape }).superRefine(checkTimes);
/** A move by drag: new dates only. */
export const eventMoveBody = z.object({ id, startsAt: dateTime, endsAt: dateTime, allDay: formBoolean.default(false) }).superRefine(checkTimes);
/** One event, by id (a query or a JSON body). */
export const eventId = z.object({ id });

export const registrantSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  registeredAt: z.string(),
});
export type Registrant = z.infer<typeof registrantSchema>;
/** An event's people: seats first, then the waiting list in turn; searched by name, e-mail or company. */
export const registrantsQuery = paging.extend({ id });

/** A person's private feed link: whether one is active (its key is shown once, when made). */
export const feedLinkSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type FeedLink = z.infer<typeof feedLinkSchema>;
export const newFeedLinkSchema = z.object({ url: z.string() });
/** The feed itself: the link's key is the only credential. */
export const feedQuery = z.object({ key: requiredText(100) });
