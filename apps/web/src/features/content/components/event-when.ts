import type { CalendarEvent } from '@portal/shared';
import { formatDate } from '../../../lib/format.ts';
import { lastDay } from './event-times.ts';

/** When an event happens, in the page's language: whole days by date, others in the browser's time zone. */
export function eventWhen(e: Pick<CalendarEvent, 'startsAt' | 'endsAt' | 'allDay'>): string {
  if (e.allDay) {
    const first = e.startsAt.slice(0, 10);
    const last = lastDay(e.endsAt);
    const day = (d: string) => formatDate(`${d}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
    return first === last ? day(first) : `${day(first)} – ${day(last)}`;
  }
  const sameDay = new Date(e.startsAt).toDateString() === new Date(e.endsAt).toDateString();
  const start = formatDate(e.startsAt, { dateStyle: 'long', timeStyle: 'short' });
  const end = formatDate(e.endsAt, sameDay ? { timeStyle: 'short' } : { dateStyle: 'long', timeStyle: 'short' });
  return `${start} – ${end}`;
}
