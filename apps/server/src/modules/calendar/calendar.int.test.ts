import { calendar as calendarApi } from '@portal/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../../test/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addPeople, DEMO_COMPANY_ID } from '../../../test/org-fixtures.ts';
import { actionLog, committeeMembers, committees, eventRegistrations, events, users } from '../../db/schema/index.ts';

let t: TestApp;
let staff: string;
let employee: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  staff = await t.tokenFor('staff@demo.test');
  employee = await t.tokenFor('employee@demo.test');
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number, hours = 0) => new Date(TEST_NOW.getTime() + days * DAY + hours * 3_600_000).toISOString();

const event = (over: Record<string, unknown> = {}) => ({
  titleEn: 'Market access forum',
  titleRu: 'Форум по доступу на рынок',
  descriptionEn: 'Talks and a panel.\nCoffee at 9.',
  descriptionRu: 'Доклады и панель.',
  startsAt: at(10),
  endsAt: at(10, 3),
  place: 'Moscow, Tverskaya 1',
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await t.api(calendarApi.create.aipm, event(over), staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; seats: number | null };
};
const month = async (token: string, from = at(0), to = at(30)) => {
  const res = await t.api(calendarApi.events, { from, to }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; titleEn: string; mine: string | null; turn: number | null; registered: number; waiting: number }[];
};
const addCommittee = async (nameEn: string, memberIds: number[] = [], parentId: number | null = null) => {
  const [c] = await t.database.db
    .insert(committees)
    .values({ nameEn, nameRu: `${nameEn} (рус.)`, parentId })
    .returning();
  if (memberIds.length)
    await t.database.db.insert(committeeMembers).values(memberIds.map((userId) => ({ committeeId: c!.id, userId, since: '2026-01-01' })));
  return c!.id;
};
const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('events', () => {
  it('are created by staff and seen by members: public ones by all, a committee’s by its members only', async () => {
    const committee = await addCommittee('Regulatory affairs', [await userId('employee@demo.test')]);
    await addCommittee('Pricing');
    await create({ titleEn: 'General meeting' });
    await create({ titleEn: 'Regulatory session', committeeId: committee, startsAt: at(12), endsAt: at(12, 2) });
    expect((await month(employee)).map((e) => e.titleEn)).toEqual(['General meeting', 'Regulatory session']);
    const ceo = await t.tokenFor('ceo@demo.test');
    expect((await month(ceo)).map((e) => e.titleEn)).toEqual(['General meeting']);
    expect((await month(staff)).map((e) => e.titleEn)).toEqual(['General meeting', 'Regulatory session']);
    // An event of a committee the caller is not on is not found, not forbidden (the client logs out on 403).
    const hidden = (await month(staff))[1]!.id;
    expect((await t.api(calendarApi.event, { id: hidden }, ceo)).statusCode).toBe(404);
    expect((await t.api(calendarApi.register, { id: hidden }, ceo)).statusCode).toBe(404);
  });

  it('say the same in the month (written by the database as JSON) as each event alone, and times as the client sent them', async () => {
    const committee = await addCommittee('Regulatory affairs', [await userId('employee@demo.test')]);
    const startsAt = new Date(TEST_NOW.getTime() + 3 * DAY + 123).toISOString();
    await create({ titleEn: 'Forum', committeeId: committee, startsAt, endsAt: at(3, 2), registration: true, seats: 1 });
    const full = await create({ titleEn: 'Seminar', startsAt: at(4), endsAt: at(4, 1), registration: true, seats: 1 });
    const midnight = (days: number) => `${at(days).slice(0, 10)}T00:00:00.000Z`;
    await create({ titleEn: 'Whole day', startsAt: midnight(5), endsAt: midnight(6), allDay: true });
    expect((await t.api(calendarApi.register, { id: full.id }, staff)).statusCode).toBe(200);
    expect((await t.api(calendarApi.register, { id: full.id }, employee)).statusCode).toBe(200);
    const list = await t.api(calendarApi.events, { from: at(0), to: at(30) }, employee);
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    const events = list.json() as { id: number; startsAt: string }[];
    expect(events.map((e) => e.startsAt)).toEqual([startsAt, at(4), midnight(5)]);
    for (const e of events) expect(e).toEqual((await t.api(calendarApi.event, { id: e.id }, employee)).json());
    expect(calendarApi.events.response.parse(events)).toEqual(events);
    expect(events[0]).toMatchObject({ committee: { id: committee, parentId: null, nameEn: 'Regulatory affairs' }, registered: 0, mine: null });
    expect(events[1]).toMatchObject({ committee: null, seats: 1, registered: 1, waiting: 1, mine: 'waiting', turn: 1 });
  });

  it('are found by overlap with the range asked for, and a range over 62 days or backwards is refused', async () => {
    await create({ titleEn: 'Long congress', startsAt: at(-3), endsAt: at(2) });
    await create({ titleEn: 'Later', startsAt: at(40), endsAt: at(40, 1) });
    expect((await month(employee, at(0), at(30))).map((e) => e.titleEn)).toEqual(['Long congress']);
    await create({ titleEn: 'Soon after', startsAt: at(5), endsAt: at(5, 1) });
    const first = await t.api(calendarApi.events, { from: at(0), to: at(30), limit: 1 }, employee);
    expect(first.json().map((e: { titleEn: string }) => e.titleEn)).toEqual(['Long congress']);
    const long = await t.api(calendarApi.events, { from: at(0), to: at(63) }, employee);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.to).toBe('Choose a period of at most 62 days.');
    const backwards = await t.api(calendarApi.events, { from: at(5), to: at(1) }, employee);
    expect(backwards.json().fields.to).toBe('The end must come after the start.');
  });

  it('refuse bad input with a message on the field and save nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endsAt: at(9) }, 'endsAt', 'The end must come after the start.'],
      [{ titleEn: '' }, 'titleEn', 'You must enter a value.'],
      [{ onlineUrl: 'javascript:alert(1)' }, 'onlineUrl', 'Enter a web address starting with https://'],
      [{ registration: true, seats: 0 }, 'seats', 'Invalid value.'],
      [{ committeeId: 999999 }, 'committeeId', 'Invalid value.'],
      [
        { allDay: true, startsAt: at(10), endsAt: at(12) },
        'startsAt',
        'A whole-day event runs from midnight (UTC) of its first day to midnight after its last.',
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.api(calendarApi.create.aipm, event(over), staff);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await t.database.db.select().from(events)).toHaveLength(0);
  });

  it('are edited, moved and deleted by staff, each in the log with before and after', async () => {
    const { id } = await create();
    const moved = await t.api(calendarApi.move.aipm, { id, startsAt: at(11), endsAt: at(11, 3) }, staff);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().startsAt).toBe(at(11));
    const edited = await t.api(
      calendarApi.update.admin,
      { id, ...event({ titleEn: 'Forum 2026', startsAt: at(11), endsAt: at(11, 3) }) },
      await t.tokenFor('admin@demo.test'),
    );
    expect(edited.json().titleEn).toBe('Forum 2026');
    expect((await t.api(calendarApi.remove.aipm, { id }, staff)).statusCode).toBe(204);
    const log = await t.database.db.select().from(actionLog).where(eq(actionLog.domain, 'events'));
    expect(log.map((l) => l.action)).toEqual(['event.created', 'event.moved', 'event.updated', 'event.deleted']);
    expect(log[1]!.before).toMatchObject({ startsAt: at(10) });
    expect(log[1]!.after).toMatchObject({ startsAt: at(11) });
    expect((await t.api(calendarApi.register, { id }, employee)).statusCode).toBe(404);
  });
});

describe('registration', () => {
  it('gives seats up to the limit, then waiting places in turn; a freed seat goes to the first who waits, who is e-mailed with the .ics', async () => {
    const { id } = await create({ registration: true, seats: 1 });
    const trusted = await t.tokenFor('trusted@demo.test');
    expect((await t.api(calendarApi.register, { id }, employee)).json()).toMatchObject({
      mine: 'registered',
      registered: 1,
    });
    expect((await t.api(calendarApi.register, { id }, trusted)).json()).toMatchObject({
      mine: 'waiting',
      turn: 1,
      waiting: 1,
    });
    // Asking again changes nothing.
    expect((await t.api(calendarApi.register, { id }, trusted)).json()).toMatchObject({ mine: 'waiting', waiting: 1 });
    await t.flushMail();
    expect(t.mail.map((m) => [m.to, m.type])).toEqual([
      ['employee@demo.test', 'eventRegistered'],
      ['trusted@demo.test', 'eventWaitlisted'],
    ]);
    expect(t.mail[0]!.attachments[0]!.filename).toBe('event.ics');
    expect(t.mail[1]!.text).toContain('number 1');
    t.mail.length = 0;

    expect((await t.api(calendarApi.cancel, { id }, employee)).json()).toMatchObject({
      mine: null,
      registered: 1,
      waiting: 0,
    });
    await t.flushMail();
    expect(t.mail.map((m) => [m.to, m.type])).toEqual([['trusted@demo.test', 'eventSeatGiven']]);
    expect(t.mail[0]!.attachments[0]!.content).toContain('BEGIN:VEVENT');
    expect((await t.api(calendarApi.event, { id }, trusted)).json()).toMatchObject({ mine: 'registered', turn: null });
    const log = await t.database.db.select({ action: actionLog.action }).from(actionLog).where(eq(actionLog.domain, 'events'));
    expect(log.map((l) => l.action)).toContain('registration.moved_up');
  });

  it('20 people at once for the last 5 seats: exactly 5 seats and 15 on the waiting list', async () => {
    const { id } = await create({ registration: true, seats: 5 });
    const people = await addPeople(t, DEMO_COMPANY_ID, 20, { prefix: 'rush' });
    const tokens = await Promise.all(people.map((p) => t.tokenFor(p.email)));
    const answers = await Promise.all(tokens.map((token) => t.api(calendarApi.register, { id }, token)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, id));
    expect(rows.filter((r) => r.status === 'registered')).toHaveLength(5);
    expect(rows.filter((r) => r.status === 'waiting')).toHaveLength(15);
    const turns = answers.map((a) => a.json().turn).filter((n) => n !== null);
    expect(turns.sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it('closes when the event begins, and is refused for an event without it', async () => {
    const { id } = await create({ registration: true });
    const none = await create({ titleEn: 'No registration' });
    expect((await t.api(calendarApi.register, { id: none.id }, employee)).json().message).toBe('Registration for this event is closed.');
    t.clock.set(new Date(at(10, 1)));
    const late = await t.api(calendarApi.register, { id }, await t.tokenFor('employee@demo.test'));
    expect(late.statusCode).toBe(409);
  });

  it('keeps the seats at or above those taken; more seats move the waiting list up; turning registration off is refused while people hold places', async () => {
    const { id } = await create({ registration: true, seats: 1 });
    await t.api(calendarApi.register, { id }, employee);
    await t.api(calendarApi.register, { id }, await t.tokenFor('trusted@demo.test'));
    await t.api(calendarApi.register, { id }, await t.tokenFor('ceo@demo.test'));
    const update = (over: Record<string, unknown>) => t.api(calendarApi.update.aipm, { id, ...event(over) }, staff);
    await update({ registration: true, seats: 3 });
    const registered = await t.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.status, 'registered'));
    expect(registered).toHaveLength(3);
    const below = await update({ registration: true, seats: 2 });
    expect(below.statusCode).toBe(400);
    expect(below.json().fields.seats).toBe('More people hold seats than this: keep at least as many seats as are taken.');
    const off = await update({ registration: false });
    expect(off.json().fields.registration).toBe('People have registered: registration stays on while they hold places.');
    expect((await t.database.db.select().from(events))[0]!.seats).toBe(3);
  });

  it('tells registrants of a new time (with the new .ics) and of a cancellation; the reminder goes once, the day before', async () => {
    const { id } = await create({ registration: true });
    await t.api(calendarApi.register, { id }, employee);
    await t.flushMail();
    t.mail.length = 0;
    await t.api(calendarApi.move.aipm, { id, startsAt: at(5), endsAt: at(5, 2) }, staff);
    await t.flushMail();
    expect(t.mail.map((m) => m.type)).toEqual(['eventChanged']);
    expect(t.mail[0]!.text).toMatch(/When: March 7, 2026, 12:00\s–\s2:00\sPM \(GMT\+3\)/);
    t.mail.length = 0;

    t.clock.set(new Date(at(3)));
    expect(await t.app.services.calendar.remind()).toBe(0);
    t.clock.set(new Date(at(4, 1)));
    expect(await t.app.services.calendar.remind()).toBe(1);
    expect(await t.app.services.calendar.remind()).toBe(0);
    await t.flushMail();
    expect(t.mail.map((m) => [m.to, m.type])).toEqual([['employee@demo.test', 'eventReminder']]);
    t.mail.length = 0;

    const deleted = await t.api(calendarApi.remove.aipm, { id }, await t.tokenFor('staff@demo.test'));
    expect(deleted.statusCode).toBe(204);
    await t.flushMail();
    expect(t.mail.map((m) => m.type)).toEqual(['eventCancelled']);
    // The cancellation replaces what the person imported: same UID, a higher SEQUENCE, STATUS:CANCELLED.
    const vevent = new ICAL.Component(ICAL.parse(t.mail[0]!.attachments[0]!.content)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
  });

  it('lists the registrants for staff, seats first, and downloads them as Excel', async () => {
    const { id } = await create({ registration: true, seats: 1 });
    await t.api(calendarApi.register, { id }, employee);
    await t.api(calendarApi.register, { id }, await t.tokenFor('trusted@demo.test'));
    const list = (await t.api(calendarApi.registrants.aipm, { id }, staff)).json();
    expect(list.total).toBe(2);
    expect(list.rows.map((r: { email: string; status: string }) => [r.email, r.status])).toEqual([
      ['employee@demo.test', 'registered'],
      ['trusted@demo.test', 'waiting'],
    ]);
    const searched = (await t.api(calendarApi.registrants.aipm, { id, search: 'trusted' }, staff)).json();
    expect(searched.total).toBe(1);
    const file = await t.api(calendarApi.registrantsDownload.aipm, { id }, staff);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Person');
    expect(sheet.getRow(2).getCell(2).value).toBe('employee@demo.test');
    expect(sheet.getRow(3).getCell(4).value).toBe('Waiting list');
  });
});

describe('registration when things change around it', () => {
  it('a seat held by someone switched off goes to the first who waits, before anyone new', async () => {
    const { id } = await create({ registration: true, seats: 1 });
    const trusted = await t.tokenFor('trusted@demo.test');
    await t.api(calendarApi.register, { id }, employee);
    await t.api(calendarApi.register, { id }, trusted);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, 'employee@demo.test'));
    await t.flushMail();
    t.mail.length = 0;
    const ceo = await t.api(calendarApi.register, { id }, await t.tokenFor('ceo@demo.test'));
    expect(ceo.json()).toMatchObject({ mine: 'waiting', turn: 1, registered: 1, waiting: 1 });
    await t.flushMail();
    expect(t.mail.map((m) => [m.to, m.type]).sort()).toEqual([
      ['ceo@demo.test', 'eventWaitlisted'],
      ['trusted@demo.test', 'eventSeatGiven'],
    ]);
  });

  it('lets a person whose committee term ended give up their seat, which goes to the next', async () => {
    const member = await userId('employee@demo.test');
    const committee = await addCommittee('Pricing', [member, await userId('trusted@demo.test')]);
    const { id } = await create({ registration: true, seats: 1, committeeId: committee });
    await t.api(calendarApi.register, { id }, employee);
    await t.api(calendarApi.register, { id }, await t.tokenFor('trusted@demo.test'));
    await t.database.db.update(committeeMembers).set({ until: '2026-01-31' }).where(eq(committeeMembers.userId, member));
    expect((await t.api(calendarApi.event, { id }, employee)).statusCode).toBe(404);
    const cancelled = await t.api(calendarApi.cancel, { id }, employee);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toBeNull();
    const [seat] = await t.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, id));
    expect(seat).toMatchObject({ status: 'registered', userId: await userId('trusted@demo.test') });
  });

  it('keeps an event with registrants in its committee', async () => {
    const committee = await addCommittee('Pricing', [await userId('employee@demo.test')]);
    const other = await addCommittee('Ethics', [await userId('employee@demo.test')]);
    const { id } = await create({ registration: true, committeeId: committee });
    await t.api(calendarApi.register, { id }, employee);
    const moved = await t.api(calendarApi.update.aipm, { id, ...event({ registration: true, committeeId: other }) }, staff);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields.committeeId).toBe('People have registered: the event stays with its committee while they hold places.');
  });

  it('tells of a new time everyone holding a place but those just given a seat; the .ics goes to seats only; a move within the day sends no second reminder', async () => {
    const { id } = await create({ registration: true, seats: 1 });
    await t.api(calendarApi.register, { id }, employee);
    await t.api(calendarApi.register, { id }, await t.tokenFor('trusted@demo.test'));
    await t.api(calendarApi.register, { id }, await t.tokenFor('ceo@demo.test'));
    await t.flushMail();
    t.mail.length = 0;
    await t.api(calendarApi.update.aipm, { id, ...event({ registration: true, seats: 2, startsAt: at(11), endsAt: at(11, 3) }) }, staff);
    await t.flushMail();
    expect(t.mail.map((m) => [m.to, m.type, m.attachments.length]).sort()).toEqual([
      ['ceo@demo.test', 'eventChanged', 0],
      ['employee@demo.test', 'eventChanged', 1],
      ['trusted@demo.test', 'eventSeatGiven', 1],
    ]);

    t.clock.set(new Date(at(10, 12)));
    expect(await t.app.services.calendar.remind()).toBe(1);
    const later = await t.api(calendarApi.move.aipm, { id, startsAt: at(11, 2), endsAt: at(11, 4) }, await t.tokenFor('staff@demo.test'));
    expect(later.statusCode).toBe(200);
    expect(await t.app.services.calendar.remind()).toBe(0);
  });
});

describe('calendar feeds', () => {
  it('serve the person’s events as valid iCalendar at a private link; a new link kills the old one; a revoked link is 404', async () => {
    await create({ titleEn: 'General meeting', titleRu: 'Общее собрание' });
    await create({ titleEn: 'Summer day', allDay: true, startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-06-03T00:00:00Z' });
    expect((await t.api(calendarApi.feedLink, undefined, employee)).json()).toEqual({ active: false, createdAt: null });
    const first = (await t.api(calendarApi.newFeedLink, undefined, employee)).json().url as string;
    const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
    const feed = await t.call('GET', path(first));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const vevents = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(vevents.map((v) => v.summary)).toEqual(['General meeting', 'Summer day']);
    expect(vevents[0]!.startDate.toJSDate().toISOString()).toBe(at(10));
    expect(vevents[1]!.startDate.isDate).toBe(true);
    expect(vevents[1]!.startDate.toString()).toBe('2026-06-01');
    expect((await t.api(calendarApi.feedLink, undefined, employee)).json().active).toBe(true);

    const second = (await t.api(calendarApi.newFeedLink, undefined, employee)).json().url as string;
    expect((await t.call('GET', path(first))).statusCode).toBe(404);
    expect((await t.call('GET', path(second))).statusCode).toBe(200);
    expect((await t.api(calendarApi.revokeFeedLink, undefined, employee)).statusCode).toBe(204);
    expect((await t.call('GET', path(second))).statusCode).toBe(404);
  });

  it('gives one event as an .ics file in the language of the page', async () => {
    const { id } = await create();
    const res = await t.api(calendarApi.ics, { id }, employee, { headers: { 'accept-language': 'ru' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const vevent = new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('summary')).toBe('Форум по доступу на рынок');
    expect(vevent.getFirstPropertyValue('location')).toBe('Moscow, Tverskaya 1');
  });
});
