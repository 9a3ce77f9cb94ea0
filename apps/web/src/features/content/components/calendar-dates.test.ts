import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBoxes, movedBy, place, resizedBy, selected, shifted, stepAnchor, viewDays, viewRange } from './calendar-dates.ts';
import { localDay } from './event-times.ts';

const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const timed = (id: number, start: Date, end: Date) => place({ id, startsAt: start.toISOString(), endsAt: end.toISOString(), allDay: false });

/** Every case in time zones either side of UTC, with and without clock changes (the tests' machine may be in any). */
const ZONES = ['UTC', 'America/New_York', 'Europe/Moscow', 'Pacific/Auckland', 'Africa/Cairo'];
const machineZone = process.env.TZ;
/** Back to the machine's zone for the files after this one. */
const restoreZone = () => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
};

describe.each(ZONES)('in %s', (zone) => {
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(restoreZone);

  describe('the views’ days', () => {
    it('shows a month as the six weeks from the Monday on or before its first day', () => {
      const days = viewDays('month', at(2026, 11, 25));
      expect(days).toHaveLength(42);
      expect(localDay(days[0] as Date)).toBe('2026-10-26');
      expect(localDay(days[41] as Date)).toBe('2026-12-06');
      expect(localDay(viewRange('month', at(2026, 11, 25)).end)).toBe('2026-12-07');
    });

    it('shows a week from Monday to Sunday, and a list of the month’s days', () => {
      expect(viewDays('week', at(2026, 11, 29, 15)).map(localDay)).toEqual([
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
        '2026-11-29',
      ]);
      const list = viewDays('list', at(2026, 2, 10));
      expect(list.map(localDay)).toEqual(Array.from({ length: 28 }, (_, i) => `2026-02-${String(i + 1).padStart(2, '0')}`));
    });

    it('steps by a month (from its first day) or by a week', () => {
      expect(localDay(stepAnchor('month', at(2026, 1, 31), 1))).toBe('2026-02-01');
      expect(localDay(stepAnchor('list', at(2026, 1, 15), -1))).toBe('2025-12-01');
      expect(localDay(stepAnchor('week', at(2026, 11, 25), 1))).toBe('2026-11-30');
    });
  });

  describe('placing events', () => {
    it('shows a whole-day event by its dates, whatever the time zone', () => {
      const p = place({ id: 1, startsAt: '2026-11-30T00:00:00.000Z', endsAt: '2026-12-02T00:00:00.000Z', allDay: true });
      expect(localDay(p.start)).toBe('2026-11-30');
      expect(localDay(p.end)).toBe('2026-12-02');
    });

    it('puts overlapping events of a day side by side, each cluster with its own number of columns', () => {
      const day = at(2026, 11, 25);
      const boxes = dayBoxes(
        [
          timed(1, at(2026, 11, 25, 9), at(2026, 11, 25, 11)),
          timed(2, at(2026, 11, 25, 10), at(2026, 11, 25, 12)),
          timed(3, at(2026, 11, 25, 11), at(2026, 11, 25, 13)),
          timed(4, at(2026, 11, 25, 15), at(2026, 11, 25, 16)),
          // Begun the day before: cut at midnight.
          timed(5, at(2026, 11, 24, 22), at(2026, 11, 25, 1)),
        ],
        day,
      );
      const of = (id: number) => boxes.find((b) => b.placed.item.id === id);
      expect(of(5)).toMatchObject({ from: 0, to: 60, column: 0, columns: 1 });
      expect(of(1)).toMatchObject({ from: 540, to: 660, column: 0, columns: 2 });
      expect(of(2)).toMatchObject({ column: 1, columns: 2 });
      // Event 1 has ended when 3 begins: 3 takes its column.
      expect(of(3)).toMatchObject({ column: 0, columns: 2 });
      expect(of(4)).toMatchObject({ from: 900, to: 960, column: 0, columns: 1 });
    });

    it('gives a short event a slot’s height', () => {
      const [box] = dayBoxes([timed(1, at(2026, 11, 25, 9), at(2026, 11, 25, 9, 5))], at(2026, 11, 25));
      expect(box).toMatchObject({ from: 540, to: 570 });
    });
  });

  describe('drags and selections', () => {
    // Made in each test, in the zone it runs in.
    const meeting = () => timed(1, at(2026, 12, 1, 10), at(2026, 12, 1, 12));

    it('moves an event by whole days between day cells, keeping its hours', () => {
      const to = movedBy(meeting(), { day: '2026-12-01', minute: null }, { day: '2026-12-04', minute: null });
      expect(to?.allDay).toBe(false);
      expect(to?.start).toEqual(at(2026, 12, 4, 10));
      expect(to?.end).toEqual(at(2026, 12, 4, 12));
    });

    it('moves an event by the minutes between two slots of the hours, across days too', () => {
      const to = movedBy(meeting(), { day: '2026-12-01', minute: 630 }, { day: '2026-12-02', minute: 810 });
      expect(to?.start).toEqual(at(2026, 12, 2, 13));
      expect(to?.end).toEqual(at(2026, 12, 2, 15));
    });

    it('does not move an event dropped where it was', () => {
      expect(movedBy(meeting(), { day: '2026-12-01', minute: 600 }, { day: '2026-12-01', minute: 600 })).toBeNull();
    });

    it('makes a timed event dropped on the whole-day row a whole-day event of that day, and a whole-day one dropped on the hours an hour’s meeting', () => {
      expect(movedBy(meeting(), { day: '2026-12-01', minute: 600 }, { day: '2026-12-03', minute: null })).toEqual({
        start: at(2026, 12, 3),
        end: at(2026, 12, 4),
        allDay: true,
      });
      const congress = place({ id: 2, startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-03T00:00:00.000Z', allDay: true });
      expect(movedBy(congress, { day: '2026-12-02', minute: null }, { day: '2026-12-04', minute: 870 })).toEqual({
        start: at(2026, 12, 4, 14, 30),
        end: at(2026, 12, 4, 15, 30),
        allDay: false,
      });
    });

    it('ends an event as many slots later as its edge was pulled down, never before a slot after the start', () => {
      const edge = { day: '2026-12-01', minute: 690 };
      expect(resizedBy(meeting(), edge, { day: '2026-12-01', minute: 780 })?.end).toEqual(at(2026, 12, 1, 13, 30));
      expect(resizedBy(meeting(), edge, { day: '2026-12-01', minute: 300 })?.end).toEqual(at(2026, 12, 1, 10, 30));
      expect(resizedBy(meeting(), edge, edge)).toBeNull();
    });

    it('ends a whole-day event as many days later as its edge was pulled, a day long at least', () => {
      const congress = place({ id: 2, startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-03T00:00:00.000Z', allDay: true });
      const edge = { day: '2026-12-02', minute: null };
      expect(resizedBy(congress, edge, { day: '2026-12-04', minute: null })?.end).toEqual(at(2026, 12, 5));
      expect(resizedBy(congress, edge, { day: '2026-11-20', minute: null })?.end).toEqual(at(2026, 12, 2));
      expect(resizedBy(congress, edge, { day: '2026-12-02', minute: 600 })).toBeNull();
    });

    it('selects whole days or slots, whichever way the pointer went', () => {
      expect(selected({ day: '2026-12-03', minute: null }, { day: '2026-12-01', minute: null })).toEqual({
        start: at(2026, 12, 1),
        end: at(2026, 12, 4),
        allDay: true,
      });
      expect(selected({ day: '2026-12-01', minute: 660 }, { day: '2026-12-01', minute: 600 })).toEqual({
        start: at(2026, 12, 1, 10),
        end: at(2026, 12, 1, 11, 30),
        allDay: false,
      });
    });

    it('moves times on the wall clock', () => {
      expect(shifted(at(2026, 3, 28, 10), 2, 30)).toEqual(at(2026, 3, 30, 10, 30));
    });
  });
});

describe('around clock changes', () => {
  afterAll(restoreZone);

  it('draws an event by its wall-clock hours on the day the clocks go forward or back', () => {
    process.env.TZ = 'America/New_York';
    const spring = at(2026, 3, 8);
    expect(dayBoxes([timed(1, at(2026, 3, 8, 10), at(2026, 3, 8, 11))], spring)[0]).toMatchObject({ from: 600, to: 660 });
    const autumn = at(2026, 11, 1);
    expect(dayBoxes([timed(2, at(2026, 11, 1, 23, 15), at(2026, 11, 1, 23, 45))], autumn)[0]).toMatchObject({ from: 1395, to: 1425 });
  });

  it('keeps the week’s days at midnight when one of them has none', () => {
    // Cairo's clocks go from 00:00 to 01:00 on Friday 24 April 2026.
    process.env.TZ = 'Africa/Cairo';
    const days = viewDays('week', at(2026, 4, 24));
    expect(days.map(localDay)).toEqual(['2026-04-20', '2026-04-21', '2026-04-22', '2026-04-23', '2026-04-24', '2026-04-25', '2026-04-26']);
    expect(days.filter((d) => d.getHours() !== 0).map(localDay)).toEqual(['2026-04-24']);
    expect(viewRange('week', at(2026, 4, 24)).start.getHours()).toBe(0);
    expect(viewDays('week', stepAnchor('week', at(2026, 4, 24), 1))[0]?.getHours()).toBe(0);
  });
});
