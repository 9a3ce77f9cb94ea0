import { DAY_MS } from '@portal/shared';
import { fromLocalInput, toLocalInput } from '../../../lib/dates.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date of the browser's calendar as YYYY-MM-DD. */
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Whole-day events are kept from midnight UTC of their first day to midnight UTC after their last (see docs). */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`;
export const dayAfter = (day: string) => new Date(Date.parse(dayStart(day)) + DAY_MS).toISOString();
/** The last day of a whole-day event, from its (exclusive) end. */
export const lastDay = (endsAt: string) => new Date(Date.parse(endsAt) - DAY_MS).toISOString().slice(0, 10);

/** The form's times: datetime-local values, or dates (the last day inclusive) for a whole-day event. */
export interface FormTimes {
  allDay: boolean;
  start: string;
  end: string;
}

export const timesOf = (e: { startsAt: string; endsAt: string; allDay: boolean }): FormTimes =>
  e.allDay
    ? { allDay: true, start: e.startsAt.slice(0, 10), end: lastDay(e.endsAt) }
    : { allDay: false, start: toLocalInput(e.startsAt), end: toLocalInput(e.endsAt) };

/** The instants to send; '' where a value is missing, so the server names the field. */
export const instantsOf = (f: FormTimes): { startsAt: string; endsAt: string } =>
  f.allDay
    ? { startsAt: f.start ? dayStart(f.start) : '', endsAt: f.end ? dayAfter(f.end) : '' }
    : { startsAt: fromLocalInput(f.start), endsAt: fromLocalInput(f.end) };

/** New dates after a drag or resize in the calendar (whole days by their dates in the browser's calendar). */
export function movedTimes(start: Date, end: Date | null, allDay: boolean): { startsAt: string; endsAt: string } {
  if (allDay) {
    const first = localDay(start);
    return { startsAt: dayStart(first), endsAt: end ? dayStart(localDay(end)) : dayAfter(first) };
  }
  return { startsAt: start.toISOString(), endsAt: (end ?? new Date(start.getTime() + 60 * 60 * 1000)).toISOString() };
}

/** What a selection in the calendar suggests: a single day becomes a morning meeting; several days a whole-day event. */
export function selectionTimes(start: Date, end: Date, allDay: boolean): FormTimes {
  if (!allDay) return { allDay: false, start: toLocalInput(start.toISOString()), end: toLocalInput(end.toISOString()) };
  // The day before the (exclusive) end, by the calendar: a day of 23 or 25 hours around a clock change stays one day.
  const last = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1);
  if (localDay(last) !== localDay(start)) return { allDay: true, start: localDay(start), end: localDay(last) };
  return morningOf(localDay(start));
}

/** A meeting on a day, 10:00 to 12:00 in the browser's time zone. */
function morningOf(day: string): FormTimes {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = (h: number) => toLocalInput(new Date(y, m - 1, d, h).toISOString());
  return { allDay: false, start: at(10), end: at(12) };
}

/** The form's times when "All day" is ticked or unticked: the same days, or a morning meeting on the first. */
export function toggledTimes(f: FormTimes, allDay: boolean): FormTimes {
  if (allDay === f.allDay) return f;
  if (allDay) {
    const first = f.start.slice(0, 10);
    const last = f.end.slice(0, 10) || first;
    return { allDay: true, start: first, end: last < first ? first : last };
  }
  return f.start ? morningOf(f.start) : { allDay: false, start: '', end: '' };
}
