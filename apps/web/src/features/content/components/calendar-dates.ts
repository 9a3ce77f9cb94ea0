import { DAY_MS } from '@portal/shared';

/** The calendar's views: a month's six weeks, a week's hours, a month's events as a list. */
export type CalendarViewName = 'month' | 'week' | 'list';

/** Weeks begin on Monday, in both languages. */
const FIRST_WEEKDAY = 1;
/** The week view's rows, and the step of its drags and selections. */
export const SLOT_MINUTES = 30;
export const DAY_MINUTES = 24 * 60;

/**
 * Days of the browser's calendar are built from their dates alone (a day whose midnight a clock change skips starts at
 * 01:00 without moving the days after it); an event's times move on the wall clock, so a clock change keeps the hour.
 */
export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
export const addDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
export const shifted = (d: Date, days: number, minutes: number) =>
  new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, d.getHours(), d.getMinutes() + minutes);
const startOfWeek = (d: Date) => addDays(d, -((d.getDay() - FIRST_WEEKDAY + 7) % 7));
const startOfMonth = (d: Date) => new Date(d.getFullYear(), d.getMonth(), 1);

/** Minutes of a day's wall clock at an instant: 0 before the day, a whole day after it (the week's rows are 24 hours, whatever the clock did). */
export function wallMinutes(at: Date, day: Date): number {
  if (at < day) return 0;
  if (at >= addDays(day, 1)) return DAY_MINUTES;
  return at.getHours() * 60 + at.getMinutes();
}

/** A day of the browser's calendar from its YYYY-MM-DD. */
export function dayOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** Whole days from one YYYY-MM-DD to another (a clock change between them does not count). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** The days a view shows: the six weeks around a month, a week from Monday, or a month's days for the list. */
export function viewDays(view: CalendarViewName, anchor: Date): Date[] {
  const first = view === 'week' ? startOfWeek(anchor) : view === 'month' ? startOfWeek(startOfMonth(anchor)) : startOfMonth(anchor);
  const count = view === 'week' ? 7 : view === 'month' ? 42 : new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0).getDate();
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** What a view shows, from its first day's midnight to the midnight after its last: the range asked of the server. */
export function viewRange(view: CalendarViewName, anchor: Date): { start: Date; end: Date } {
  const days = viewDays(view, anchor);
  return { start: days[0] as Date, end: addDays(days.at(-1) as Date, 1) };
}

/** The anchor of the previous or next month (month and list) or week. */
export const stepAnchor = (view: CalendarViewName, anchor: Date, direction: -1 | 1) =>
  view === 'week' ? addDays(startOfWeek(anchor), 7 * direction) : new Date(anchor.getFullYear(), anchor.getMonth() + direction, 1);

/** An event where the views place it: from its start to its (exclusive) end in the browser's time, whole days from midnight. */
export interface Placed<E = CalendarItem> {
  item: E;
  start: Date;
  end: Date;
  allDay: boolean;
}

/** What the views need of an event. */
export interface CalendarItem {
  id: number;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
}

/** Whole-day events are kept from midnight UTC and shown by their dates, so a day is the same day in every time zone. */
export function place<E extends CalendarItem>(item: E): Placed<E> {
  return item.allDay
    ? { item, start: dayOf(item.startsAt.slice(0, 10)), end: dayOf(item.endsAt.slice(0, 10)), allDay: true }
    : { item, start: new Date(item.startsAt), end: new Date(item.endsAt), allDay: false };
}

const overlapsDay = (p: Placed<unknown>, day: Date) => p.start < addDays(day, 1) && p.end > day;

/** The events of one day: whole-day ones first, then by start, then the longer first. */
export function eventsOfDay<E>(events: Placed<E>[], day: Date): Placed<E>[] {
  return events
    .filter((p) => overlapsDay(p, day))
    .sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start.getTime() - b.start.getTime() || b.end.getTime() - a.end.getTime());
}

/** A timed event's box in the week view's day: minutes from midnight, and its column among those it overlaps. */
export interface DayBox<E> {
  placed: Placed<E>;
  from: number;
  to: number;
  column: number;
  columns: number;
}

/**
 * The timed events of a day, cut to the day, side by side where they overlap: each takes the first column free at its
 * start, and every event of a cluster of overlapping ones shares the cluster's number of columns.
 */
export function dayBoxes<E>(events: Placed<E>[], day: Date): DayBox<E>[] {
  const boxes = eventsOfDay(events, day)
    .filter((p) => !p.allDay)
    .map((placed) => {
      const from = Math.min(wallMinutes(placed.start, day), DAY_MINUTES - SLOT_MINUTES);
      // At least one slot high, so a short event can still be read and clicked.
      const to = Math.max(wallMinutes(placed.end, day), from + SLOT_MINUTES);
      return { placed, from, to, column: 0, columns: 1 };
    });
  let cluster: typeof boxes = [];
  let clusterEnd = -1;
  const close = () => {
    const columns = Math.max(1, ...cluster.map((b) => b.column + 1));
    for (const b of cluster) b.columns = columns;
    cluster = [];
  };
  for (const box of boxes) {
    if (box.from >= clusterEnd) close();
    const taken = new Set(cluster.filter((b) => b.to > box.from).map((b) => b.column));
    while (taken.has(box.column)) box.column++;
    cluster.push(box);
    clusterEnd = Math.max(clusterEnd, box.to);
  }
  close();
  return boxes;
}

/** Where a drag or a selection is: a day, and in the week view's hours the slot's first minute. */
export interface CalendarSpot {
  day: string;
  minute: number | null;
}

/** The spot under the pointer: a day cell (`data-day`) or a day's hours (`data-day` with `data-hours`, its slot from the height). */
export function spotAt(x: number, y: number): CalendarSpot | null {
  const cell = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-day]');
  if (!cell?.dataset.day) return null;
  if (cell.dataset.hours === undefined) return { day: cell.dataset.day, minute: null };
  const rect = cell.getBoundingClientRect();
  const minute = Math.floor((((y - rect.top) / rect.height) * DAY_MINUTES) / SLOT_MINUTES) * SLOT_MINUTES;
  return { day: cell.dataset.day, minute: Math.min(DAY_MINUTES - SLOT_MINUTES, Math.max(0, minute)) };
}

/** The instant of a spot: its day's midnight, plus its minute in the week view. */
const spotStart = (s: CalendarSpot) => shifted(dayOf(s.day), 0, s.minute ?? 0);

/** Minutes from one spot to another: whole days, plus the slots between them in the week view's hours. */
const minutesBetween = (from: CalendarSpot, to: CalendarSpot) => daysBetween(from.day, to.day) * DAY_MINUTES + (to.minute ?? 0) - (from.minute ?? 0);

/** Times an event would take after a drag. */
export interface MovedTimes {
  start: Date;
  end: Date;
  allDay: boolean;
}

/** What an event becomes dropped across: a whole-day one on the hours an hour's meeting there, a timed one on the whole-day row that day. */
const TIMED_FROM_WHOLE_DAY_MINUTES = 60;

/**
 * An event dragged from one spot to another: by whole days between day cells, by the minutes between the spots in the
 * week view's hours; dropped across them, a whole-day event becomes an hour's meeting at the slot and a timed one a
 * whole-day event of the day (as calendar programs do). Null when it would not change.
 */
export function movedBy<E>(p: Placed<E>, from: CalendarSpot, to: CalendarSpot): MovedTimes | null {
  if (from.minute === null && to.minute !== null) {
    const start = spotStart(to);
    return { start, end: shifted(start, 0, TIMED_FROM_WHOLE_DAY_MINUTES), allDay: false };
  }
  if (from.minute !== null && to.minute === null) return { start: dayOf(to.day), end: addDays(dayOf(to.day), 1), allDay: true };
  const days = daysBetween(from.day, to.day);
  const minutes = (to.minute ?? 0) - (from.minute ?? 0);
  if (days === 0 && minutes === 0) return null;
  return { start: shifted(p.start, days, minutes), end: shifted(p.end, days, minutes), allDay: p.allDay };
}

/**
 * An event's end dragged from one spot to another: a whole-day event's by the days between day cells (a day long at
 * least), a timed event's lower edge by the minutes between slots of the hours (a slot long at least).
 */
export function resizedBy<E>(p: Placed<E>, from: CalendarSpot, to: CalendarSpot): MovedTimes | null {
  if ((from.minute === null) !== (to.minute === null)) return null;
  const end =
    from.minute === null
      ? new Date(Math.max(addDays(p.end, daysBetween(from.day, to.day)).getTime(), addDays(p.start, 1).getTime()))
      : new Date(Math.max(shifted(p.end, 0, minutesBetween(from, to)).getTime(), shifted(p.start, 0, SLOT_MINUTES).getTime()));
  return end.getTime() === p.end.getTime() ? null : { start: p.start, end, allDay: p.allDay };
}

/** A selection from one spot to another, either way round: whole days between day cells, slots in the week view's hours. */
export function selected(a: CalendarSpot, b: CalendarSpot): { start: Date; end: Date; allDay: boolean } {
  const [first, last] = spotStart(a) <= spotStart(b) ? [a, b] : [b, a];
  if (first.minute === null || last.minute === null) return { start: dayOf(first.day), end: addDays(dayOf(last.day), 1), allDay: true };
  return { start: spotStart(first), end: shifted(spotStart(last), 0, SLOT_MINUTES), allDay: false };
}
