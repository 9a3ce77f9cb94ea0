import {
  type CalendarEvent,
  type EVENT_LOG_ACTIONS,
  type eventBody,
  type eventMoveBody,
  type eventsQuery,
  isCompanyRole,
  type Locale,
  type RegistrationStatus,
  ROLE_PREFIX,
  type registrantsQuery,
  type User,
} from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { MailAttachment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { enqueueMail, type OutgoingMail } from '../../mail/outbox.ts';
import type { MailType } from '../../mail/templates.ts';
import { writeLog } from '../action-log/action-log.ts';
import type { CommitteesService } from '../committees/committees.service.ts';
import * as repo from './calendar.repository.ts';
import { icsOf, placeOf, titleIn, whenIn } from './event-text.ts';

const LOG = 'events';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A feed carries the events from a quarter ago to a year ahead, at most this many. */
const FEED_PAST_MS = 92 * DAY_MS;
const FEED_AHEAD_MS = 366 * DAY_MS;
const FEED_MAX = 2000;

type EventFields = z.output<typeof eventBody>;
type Move = z.output<typeof eventMoveBody>;

const toEvent = (v: repo.EventView): CalendarEvent => ({
  id: v.event.id,
  titleEn: v.event.titleEn,
  titleRu: v.event.titleRu,
  descriptionEn: v.event.descriptionEn,
  descriptionRu: v.event.descriptionRu,
  startsAt: v.event.startsAt.toISOString(),
  endsAt: v.event.endsAt.toISOString(),
  allDay: v.event.allDay,
  place: v.event.place,
  onlineUrl: v.event.onlineUrl,
  committee: v.committee,
  registration: v.event.registration,
  seats: v.event.seats,
  registered: v.registered ?? 0,
  waiting: v.waiting ?? 0,
  mine: v.mine,
  turn: v.mine === 'waiting' ? v.turn : null,
});

/** What the log keeps of an event. */
const logged = (e: repo.EventRow) => ({
  titleEn: e.titleEn,
  titleRu: e.titleRu,
  startsAt: e.startsAt.toISOString(),
  endsAt: e.endsAt.toISOString(),
  allDay: e.allDay,
  place: e.place,
  onlineUrl: e.onlineUrl,
  committeeId: e.committeeId,
  registration: e.registration,
  seats: e.seats,
});

/** The columns of an event from its form: whole days start at midnight UTC of their date (see docs). */
function columns(f: EventFields | Move): Pick<repo.EventInsert, 'startsAt' | 'endsAt' | 'allDay'> {
  return { startsAt: new Date(f.startsAt), endsAt: new Date(f.endsAt), allDay: f.allDay };
}

const sameWhenAndWhere = (a: repo.EventRow, b: repo.EventRow) =>
  a.startsAt.getTime() === b.startsAt.getTime() && a.endsAt.getTime() === b.endsAt.getTime() && a.allDay === b.allDay && placeOf(a) === placeOf(b);

/**
 * The events calendar: events public or of a committee, registration with seats and a waiting list that moves up by
 * itself, e-mails with the event's .ics, the day-before reminder, and each person's private iCalendar feed.
 */
export class CalendarService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly committees: CommitteesService,
    private readonly site: { publicUrl: string; timeZone: string },
  ) {}

  async between(user: User, q: z.output<typeof eventsQuery>): Promise<CalendarEvent[]> {
    const rows = await repo.eventsBetween(this.db, user.id, await this.scope(this.db, user), new Date(q.from), new Date(q.to));
    return rows.map(toEvent);
  }

  async one(user: User, id: number): Promise<CalendarEvent> {
    return toEvent(await this.view(this.db, user, id));
  }

  /** One event as an .ics file in the caller's language. */
  async ics(user: User, id: number): Promise<{ name: string; text: string }> {
    const { event } = await this.view(this.db, user, id);
    return { name: `${titleIn(event, user.locale)}.ics`, text: this.icsText([event], user.locale, user.role) };
  }

  async create(actor: User, f: EventFields, ip: string): Promise<CalendarEvent> {
    return this.db.transaction(async (tx) => {
      await this.checkCommittee(tx, f.committeeId);
      const row = await repo.insertEvent(tx, { ...this.fields(f), createdBy: actor.id, updatedAt: this.clock.now() });
      await this.log(tx, actor, ip, 'event.created', row.id, undefined, logged(row));
      return toEvent(await this.view(tx, actor, row.id));
    });
  }

  /** An edit: seats never below those taken; more seats move the waiting list up; registrants hear of a new time or place. */
  async update(actor: User, id: number, f: EventFields, ip: string): Promise<CalendarEvent> {
    return this.db.transaction(async (tx) => {
      const before = await this.locked(tx, id);
      await this.checkCommittee(tx, f.committeeId);
      const fields = this.fields(f);
      const [taken, people] = [await repo.seatsTaken(tx, id), (await repo.registeredRecipients(tx, id)).length];
      if (!fields.registration && people > 0) throw new AppError('VALIDATION', { fields: { registration: 'validation.registrationHasPeople' } });
      if (fields.seats !== null && fields.seats !== undefined && fields.seats < taken)
        throw new AppError('VALIDATION', { fields: { seats: 'validation.seatsBelowTaken' } });
      return this.save(tx, actor, ip, 'event.updated', before, fields);
    });
  }

  /** A move or resize by drag. */
  async move(actor: User, m: Move, ip: string): Promise<CalendarEvent> {
    return this.db.transaction(async (tx) => this.save(tx, actor, ip, 'event.moved', await this.locked(tx, m.id), columns(m)));
  }

  /** Deletes an event; those registered for a future event are told. */
  async remove(actor: User, id: number, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.locked(tx, id);
      const now = this.clock.now();
      if (row.startsAt > now) await enqueueMail(tx, now, await this.mails(tx, 'eventCancelled', row, await repo.registeredRecipients(tx, id)));
      await repo.deleteEvent(tx, id);
      await this.log(tx, actor, ip, 'event.deleted', id, logged(row));
    });
  }

  /** A seat, or the next place on the waiting list when the seats are taken; asking again changes nothing. */
  async register(user: User, id: number, ip: string): Promise<CalendarEvent> {
    return this.db.transaction(async (tx) => {
      const event = await this.open(tx, user, id);
      if (!(await repo.registrationOf(tx, id, user.id))) {
        const now = this.clock.now();
        const status: RegistrationStatus = event.seats === null || (await repo.seatsTaken(tx, id)) < event.seats ? 'registered' : 'waiting';
        await repo.insertRegistration(tx, id, user.id, status, now);
        await this.log(tx, user, ip, 'registration.created', id, undefined, { person: user.email, status });
        const me = await repo.recipientsAmong(tx, [user.id]);
        await enqueueMail(tx, now, await this.mails(tx, status === 'registered' ? 'eventRegistered' : 'eventWaitlisted', event, me));
      }
      return toEvent(await this.view(tx, user, id));
    });
  }

  /** Gives up a seat or a place; a freed seat goes to the first who waits, who is e-mailed. */
  async cancel(user: User, id: number, ip: string): Promise<CalendarEvent> {
    return this.db.transaction(async (tx) => {
      const event = await this.open(tx, user, id);
      const mine = await repo.registrationOf(tx, id, user.id);
      if (mine) {
        await repo.deleteRegistration(tx, mine.id);
        await this.log(tx, user, ip, 'registration.cancelled', id, { person: user.email, status: mine.status });
        if (mine.status === 'registered') await this.fillSeats(tx, event, 1);
      }
      return toEvent(await this.view(tx, user, id));
    });
  }

  async registrants(id: number, q: z.output<typeof registrantsQuery>) {
    await this.exists(id);
    const [rows, total] = await Promise.all([
      repo.registrants(this.db, id, q.search, { size: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      repo.countRegistrants(this.db, id, q.search),
    ]);
    return { rows: rows.map((r) => ({ ...r, registeredAt: r.registeredAt.toISOString() })), total };
  }

  /** Every registrant of an event, for the Excel download, with the event's title in the caller's language. */
  async allRegistrants(user: User, id: number) {
    const event = await this.exists(id);
    return { title: titleIn(event, user.locale), rows: await repo.registrants(this.db, id) };
  }

  /** Sends the day-before reminders that are due; each event's once, whichever server gets there first. */
  async remind(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const due = await repo.dueReminders(tx, now, new Date(now.getTime() + DAY_MS));
      for (const e of due) {
        await enqueueMail(tx, now, await this.mails(tx, 'eventReminder', e, await repo.registeredRecipients(tx, e.id, 'registered')));
        await repo.updateEvent(tx, e.id, { remindedAt: now });
      }
      return due.length;
    });
  }

  async feedLink(user: User) {
    const feed = await repo.feedOf(this.db, user.id);
    return { active: !!feed, createdAt: feed?.createdAt.toISOString() ?? null };
  }

  /** A new private feed link; the old one dies. The key is shown now and kept only as its hash. */
  async newFeedLink(user: User, ip: string): Promise<{ url: string }> {
    const key = randomToken();
    await this.db.transaction(async (tx) => {
      await repo.setFeed(tx, user.id, sha256(key), this.clock.now());
      await writeLog(tx, this.clock.now(), {
        domain: 'security',
        action: 'calendar_feed.created',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        ip,
      });
    });
    return { url: `${this.site.publicUrl}/api/calendar/feed?key=${key}` };
  }

  async revokeFeedLink(user: User, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.deleteFeed(tx, user.id);
      await writeLog(tx, this.clock.now(), {
        domain: 'security',
        action: 'calendar_feed.revoked',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        ip,
      });
    });
  }

  /** The feed of a key: the owner's events as iCalendar; an unknown or revoked key is 404. */
  async feed(key: string): Promise<string> {
    const owner = await repo.feedOwner(this.db, sha256(key));
    if (!owner) throw new AppError('NOT_FOUND');
    const now = this.clock.now().getTime();
    const scope = isCompanyRole(owner.role) ? await this.committees.memberOf(this.db, owner.id, this.clock.now()) : 'all';
    const rows = await repo.eventsStarting(this.db, scope, new Date(now - FEED_PAST_MS), new Date(now + FEED_AHEAD_MS), FEED_MAX);
    return this.icsText(rows, owner.locale, owner.role);
  }

  private icsText(rows: repo.EventRow[], locale: Locale, role: User['role']): string {
    const host = new URL(this.site.publicUrl).host;
    const name = translate(locale, 'content.calendar.feedName');
    return icsOf(
      rows.map((e) => ({ ...e, link: this.link(role, e.id) })),
      locale,
      host,
      name,
    ).toString();
  }

  private link(role: User['role'], id: number) {
    return `${this.site.publicUrl}${ROLE_PREFIX[role]}/calendar?event=${id}`;
  }

  /** Saves a change and tells those registered when its time or place changed (with the new .ics). */
  private async save(
    tx: Executor,
    actor: User,
    ip: string,
    action: 'event.updated' | 'event.moved',
    before: repo.EventRow,
    changes: Partial<repo.EventInsert>,
  ) {
    const now = this.clock.now();
    const rescheduled = changes.startsAt !== undefined && changes.startsAt.getTime() !== before.startsAt.getTime();
    const after = await repo.updateEvent(tx, before.id, { ...changes, updatedAt: now, ...(rescheduled ? { remindedAt: null } : {}) });
    const freed = after.seats === null ? null : after.seats - (await repo.seatsTaken(tx, before.id));
    if (after.registration && (freed === null || freed > 0)) await this.fillSeats(tx, after, freed);
    if (!sameWhenAndWhere(before, after) && after.startsAt > now)
      await enqueueMail(tx, now, await this.mails(tx, 'eventChanged', after, await repo.registeredRecipients(tx, before.id)));
    await this.log(tx, actor, ip, action, before.id, logged(before), logged(after));
    return toEvent(await this.view(tx, actor, before.id));
  }

  /** Moves the waiting list up into `seats` free seats (null: all of it), e-mailing each person given a seat. */
  private async fillSeats(tx: Executor, event: repo.EventRow, seats: number | null) {
    const moved = await repo.moveUp(tx, event.id, seats);
    if (!moved.length) return;
    const people = await repo.recipientsAmong(tx, moved);
    await writeLog(
      tx,
      this.clock.now(),
      people.map((p) => ({ domain: LOG, action: 'registration.moved_up' as const, entity: 'event', entityId: event.id, after: { person: p.email } })),
    );
    await enqueueMail(tx, this.clock.now(), await this.mails(tx, 'eventSeatGiven', event, people));
  }

  /** One message per person, in their language, with the event's .ics where it gives or keeps them a seat. */
  private async mails(tx: Executor, type: MailType, e: repo.EventRow, people: repo.Recipient[]): Promise<OutgoingMail[]> {
    const withIcs = type !== 'eventCancelled' && type !== 'eventWaitlisted';
    const ics = new Map<string, MailAttachment[]>();
    const attachmentsFor = (locale: Locale, role: User['role']) => {
      const key = `${locale}:${ROLE_PREFIX[role]}`;
      if (!ics.has(key))
        ics.set(key, [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8', content: this.icsText([e], locale, role) }]);
      return ics.get(key);
    };
    const turns = type === 'eventWaitlisted' ? await this.turns(tx, e.id) : undefined;
    return people.map((p) => ({
      type,
      to: p.email,
      locale: p.locale,
      topic: `event:${e.id}`,
      params: {
        name: p.name,
        title: titleIn(e, p.locale),
        at: whenIn(e, p.locale, this.site.timeZone),
        place: placeOf(e) || '—',
        link: this.link(p.role, e.id),
        turn: String(turns?.get(p.userId) ?? ''),
      },
      attachments: withIcs ? attachmentsFor(p.locale, p.role) : undefined,
    }));
  }

  /** Each waiting person's turn (1 is next). */
  private async turns(tx: Executor, eventId: number): Promise<Map<number, number>> {
    const rows = await repo.registrants(tx, eventId);
    return new Map(rows.filter((r) => r.status === 'waiting').map((r, i) => [r.userId, i + 1]));
  }

  /** An event the person sees and may still register for or leave, locked: 404 if unseen, 409 once it has begun or without registration. */
  private async open(tx: Executor, user: User, id: number): Promise<repo.EventRow> {
    await this.view(tx, user, id);
    const event = await this.locked(tx, id);
    if (!event.registration || event.startsAt <= this.clock.now()) throw new AppError('REGISTRATION_CLOSED');
    return event;
  }

  private async view(db: Executor, user: User, id: number): Promise<repo.EventView> {
    const row = await repo.oneEvent(db, user.id, await this.scope(db, user), id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async exists(id: number): Promise<repo.EventRow> {
    const row = await repo.findEvent(this.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async locked(tx: Executor, id: number): Promise<repo.EventRow> {
    const row = await repo.findEvent(tx, id, true);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Staff see every event; company people the public ones and those of their committees. */
  private async scope(db: Executor, user: User): Promise<repo.Scope> {
    return isCompanyRole(user.role) ? this.committees.memberOf(db, user.id, this.clock.now()) : 'all';
  }

  private async checkCommittee(tx: Executor, id: number | null) {
    if (id !== null && !(await this.committees.exists(tx, id))) throw new AppError('VALIDATION', { fields: { committeeId: 'validation.invalid' } });
  }

  private fields(f: EventFields): Omit<repo.EventInsert, 'updatedAt'> {
    return {
      titleEn: f.titleEn,
      titleRu: f.titleRu,
      descriptionEn: f.descriptionEn,
      descriptionRu: f.descriptionRu,
      ...columns(f),
      place: f.place ?? '',
      onlineUrl: f.onlineUrl ?? '',
      committeeId: f.committeeId,
      registration: f.registration,
      seats: f.registration ? f.seats : null,
    };
  }

  private log(tx: Executor, actor: User, ip: string, action: (typeof EVENT_LOG_ACTIONS)[number], id: number, before?: unknown, after?: unknown) {
    return writeLog(tx, this.clock.now(), { domain: LOG, action, entity: 'event', entityId: id, actorId: actor.id, before, after, ip });
  }
}
