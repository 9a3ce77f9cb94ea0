import { DAY_MS, LOCALE_TAG, type Locale } from '@portal/shared';
import ical, { type ICalCalendar, ICalEventStatus } from 'ical-generator';
import type { EventRow } from './calendar.repository.ts';

type Texts = Pick<EventRow, 'titleEn' | 'titleRu' | 'descriptionEn' | 'descriptionRu'>;
type When = Pick<EventRow, 'startsAt' | 'endsAt' | 'allDay'>;

export const titleIn = (e: Texts, locale: Locale) => (locale === 'ru' ? e.titleRu : e.titleEn);
const descriptionIn = (e: Texts, locale: Locale) => (locale === 'ru' ? e.descriptionRu : e.descriptionEn);

/** Where it happens: the place, the online link, or both. */
export const placeOf = (e: Pick<EventRow, 'place' | 'onlineUrl'>) => [e.place, e.onlineUrl].filter(Boolean).join(', ');

/**
 * When an event happens, in words of the reader's language: whole days by their dates (kept in UTC), times in the
 * association's time zone, named ("2 December 2026, 10:00 – 12:00 (GMT+3)").
 */
export function whenIn(e: When, locale: Locale, timeZone: string): string {
  const tag = LOCALE_TAG[locale];
  if (e.allDay) {
    const day = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
    const last = new Date(e.endsAt.getTime() - DAY_MS);
    return last.getTime() > e.startsAt.getTime() ? day.formatRange(e.startsAt, last) : day.format(e.startsAt);
  }
  const moment = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone });
  const zone = new Intl.DateTimeFormat(tag, { timeZone, timeZoneName: 'short' })
    .formatToParts(e.startsAt)
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${moment.formatRange(e.startsAt, e.endsAt)} (${zone})`;
}

/**
 * Events as an iCalendar document in the reader's language; each event's link opens it in the portal. Its UID and
 * SEQUENCE let a calendar program replace what it imported earlier (or mark it cancelled, with `cancelled`).
 */
export function icsOf(rows: (EventRow & { link: string })[], locale: Locale, host: string, name: string, cancelled = false): ICalCalendar {
  const calendar = ical({ name, prodId: { company: 'AIPM', product: 'Portal', language: locale.toUpperCase() } });
  for (const e of rows) {
    calendar.createEvent({
      id: `event-${e.id}@${host}`,
      start: e.startsAt,
      end: e.endsAt,
      allDay: e.allDay,
      summary: titleIn(e, locale),
      description: [descriptionIn(e, locale), e.link].filter(Boolean).join('\n\n'),
      location: placeOf(e) || null,
      url: e.link,
      stamp: e.updatedAt,
      sequence: cancelled ? e.sequence + 1 : e.sequence,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar;
}
