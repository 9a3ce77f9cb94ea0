import {
  type CalendarEvent,
  DAY_MS,
  type EVENT_LOG_ACTIONS,
  type eventBody,
  type eventMoveBody,
  type eventsQuery,
  type FeedLink,
  isCompanyRole,
  type Locale,
  type Registrant,
  type RegistrationStatus,
  ROLE_PREFIX,
  type Role,
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
import type { JsonText } from '../../lib/json-text.ts';
import { enqueueMail, type OutgoingMail } from '../../mail/outbox.ts';
import type { MailType } from '../../mail/templates.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import type { CommitteesService } from '../committees/committees.service.ts';
import * as repo from './calendar.repository.ts';
import { icsOf, placeOf, titleIn, whenIn } from './event-text.ts';

const LOG = 'events';
/** A feed carries the coming year (at most 1,500 events) and the last three months (at most 500). */
const FEED_PAST_MS = 92 * DAY_MS;
const FEED_AHEAD_MS = 366 * DAY_MS;
const FEED_LIMITS = { ahead: 1500, behind: 500 };

type EventFields = z.output<typeof eventBody>;
type Move = z.output<typeof eventMoveBody>;

/** What the log keeps of an event. */
const logged = (e: repo.EventRow) => ({
  titleEn: e.titleEn,
  titleRu: e.titleRu,
  descriptionEn: e.descriptionEn,
  descriptionRu: e.descriptionRu,
  startsAt: e.startsAt.toISOString(),
  endsAt: e.endsAt.toISOString(),
  allDay: e.allDay,
  place: e.place,
  onlineUrl: e.onlineUrl,
  committeeId: e.committeeId,
  registration: e.registration,
  seats: e.seats,
});

const times = (f: { startsAt: string; endsAt: string; allDay: boolean }) => ({
  startsAt: new Date(f.startsAt),
  endsAt: new Date(f.endsAt),
  allDay: f.allDay,
});

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

  /** The events the person sees that overlap a range, by start. */
  async between(user: User, q: z.output<typeof eventsQuery>): Promise<JsonText<CalendarEvent[]>> {
    return repo.eventsBetween(this.db, user.id, this.scope(user), new Date(q.from), new Date(q.to), q.limit);
  }

  /** One event the person sees, with their place at it (404 for one they do not see). */
  async one(user: User, id: number): Promise<CalendarEvent> {
    return this.view(this.db, user, id);
  }

  /** One event as an .ics file in the caller's language. */
  async ics(user: User, locale: Locale, id: number): Promise<{ name: string; text: string }> {
    const event = await repo.visibleEvent(this.db, this.scope(user), id);
    if (!event) throw new AppError('NOT_FOUND');
    return { name: `${titleIn(event, locale)}.ics`, text: this.icsText([event], locale, user.role) };
  }

  /** A new event (staff). */
  async create(actor: Actor, f: EventFields): Promise<CalendarEvent> {
    return this.db.transaction(async (tx) => {
      await this.checkCommittee(tx, f.committeeId);
      const row = await repo.insertEvent(tx, { ...this.fields(f), createdBy: actor.user.id, updatedAt: this.clock.now() });
      await this.log(tx, actor, 'event.created', row.id, undefined, logged(row));
      return this.view(tx, actor.user, row.id);
    });
  }

  /**
   * An edit: the seats never below those taken, registration not switched off and the committee not changed while
   * people hold places; more seats move the waiting list up; those registered hear of a new time or place.
   */
  async update(actor: Actor, id: number, f: EventFields): Promise<CalendarEvent> {
    return this.db.transaction(async (tx) => {
      const before = await this.locked(tx, id);
      if (f.committeeId !== before.committeeId) await this.checkCommittee(tx, f.committeeId);
      const fields = this.fields(f);
      const people = await repo.countRegistrations(tx, id);
      const fail = (field: string, message: string) => {
        throw new AppError('VALIDATION', { fields: { [field]: message } });
      };
      if (people > 0 && !fields.registration) fail('registration', 'validation.registrationHasPeople');
      if (people > 0 && fields.committeeId !== before.committeeId) fail('committeeId', 'validation.committeeHasPeople');
      if (fields.seats != null && fields.seats < (await repo.placesHeld(tx, id)).registered) fail('seats', 'validation.seatsBelowTaken');
      return this.save(tx, actor, 'event.updated', before, fields);
    });
  }

  /** A move or resize by drag. */
  async move(actor: Actor, m: Move): Promise<CalendarEvent> {
    return this.db.transaction(async (tx) => this.save(tx, actor, 'event.moved', await this.locked(tx, m.id), times(m)));
  }

  /** Deletes an event; those holding places at a future one are told, with a cancellation for their calendar. */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.locked(tx, id);
      const now = this.clock.now();
      if (row.startsAt > now) await enqueueMail(tx, now, this.mails('eventCancelled', row, await repo.registeredRecipients(tx, id)));
      await repo.deleteEvent(tx, id);
      await this.log(tx, actor, 'event.deleted', id, logged(row));
    });
  }

  /** A seat, or the next place on the waiting list when the seats are taken; asking again changes nothing. */
  async register(actor: Actor, id: number): Promise<CalendarEvent> {
    const { user } = actor;
    return this.db.transaction(async (tx) => {
      await this.view(tx, user, id);
      const event = await this.open(tx, id);
      if (!(await repo.registrationOf(tx, id, user.id))) {
        // Seats freed meanwhile (someone switched off) go to those already waiting before anyone new.
        await this.fillSeats(tx, actor, event);
        const held = await repo.placesHeld(tx, id);
        const status: RegistrationStatus = event.seats === null || held.registered < event.seats ? 'registered' : 'waiting';
        await repo.insertRegistration(tx, id, user.id, status, this.clock.now());
        await this.log(tx, actor, 'registration.created', id, undefined, { person: user.email, status });
        const me = (await repo.registeredRecipients(tx, id)).filter((r) => r.userId === user.id);
        const turn = status === 'waiting' ? held.waiting + 1 : undefined;
        await enqueueMail(tx, this.clock.now(), this.mails(status === 'registered' ? 'eventRegistered' : 'eventWaitlisted', event, me, turn));
      }
      return this.view(tx, user, id);
    });
  }

  /**
   * Gives up a seat or a place; a freed seat goes to the first who waits, who is e-mailed. Whoever holds a place may
   * give it up, even if the event is no longer theirs to see (a committee term that ended).
   */
  async cancel(actor: Actor, id: number): Promise<CalendarEvent | null> {
    const { user } = actor;
    return this.db.transaction(async (tx) => {
      const mine = await repo.registrationOf(tx, id, user.id);
      if (!mine) await this.view(tx, user, id);
      const event = await this.open(tx, id);
      if (mine) {
        await repo.deleteRegistration(tx, mine.id);
        await this.log(tx, actor, 'registration.cancelled', id, { person: user.email, status: mine.status });
        await this.fillSeats(tx, actor, event);
      }
      return (await repo.oneEvent(tx, user.id, this.scope(user), id)) ?? null;
    });
  }

  /**
   * The person's places at coming events are given up in the same transaction, each seat going to the next who waits:
   * at a committee's events when their term there ended (the events are no longer theirs to see), at every event when
   * their personal data is erased.
   */
  async releasePlaces(tx: Executor, actor: Actor, person: { id: number; email: string }, committeeId: number | null): Promise<void> {
    for (const eventId of await repo.comingPlaces(tx, person.id, this.clock.now(), committeeId)) {
      const event = await this.locked(tx, eventId);
      const place = await repo.registrationOf(tx, eventId, person.id);
      if (!place) continue;
      await repo.deleteRegistration(tx, place.id);
      await this.log(tx, actor, 'registration.cancelled', eventId, { person: person.email, status: place.status });
      await this.fillSeats(tx, actor, event);
    }
  }

  /** A page of an event's people (staff). */
  async registrants(id: number, q: z.output<typeof registrantsQuery>): Promise<{ rows: Registrant[]; total: number }> {
    await this.exists(id);
    const [rows, total] = await Promise.all([
      repo.registrants(this.db, id, q.search, { size: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      repo.countRegistrants(this.db, id, q.search),
    ]);
    return { rows: rows.map((r) => ({ ...r, registeredAt: r.registeredAt.toISOString() })), total };
  }

  /** Every registrant of an event, for the Excel download, with the event's title in the caller's language. */
  async allRegistrants(locale: Locale, id: number) {
    const event = await this.exists(id);
    return { title: titleIn(event, locale), rows: await repo.registrants(this.db, id) };
  }

  /** Sends the day-before reminders that are due; each event's once, whichever server gets there first. */
  async remind(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const due = await repo.dueReminders(tx, now, new Date(now.getTime() + DAY_MS));
      for (const e of due) {
        await enqueueMail(tx, now, this.mails('eventReminder', e, await repo.registeredRecipients(tx, e.id, 'registered')));
        await repo.updateEvent(tx, e.id, { remindedAt: now });
      }
      return due.length;
    });
  }

  /** Whether the person's private feed link is on, and since when. */
  async feedLink(user: User): Promise<FeedLink> {
    const feed = await repo.feedOf(this.db, user.id);
    return { active: !!feed, createdAt: feed?.createdAt.toISOString() ?? null };
  }

  /** A new private feed link; the old one dies. The key is shown now and kept only as its hash. */
  async newFeedLink(actor: Actor): Promise<{ url: string }> {
    const key = randomToken();
    await this.db.transaction(async (tx) => {
      await repo.setFeed(tx, actor.user.id, sha256(key), this.clock.now());
      await this.securityLog(tx, actor, 'calendar_feed.created');
    });
    return { url: `${this.site.publicUrl}/api/calendar/feed?key=${key}` };
  }

  /** Turns the private feed link off. */
  async revokeFeedLink(actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.deleteFeed(tx, actor.user.id);
      await this.securityLog(tx, actor, 'calendar_feed.revoked');
    });
  }

  /** The feed of a key: the owner's events as iCalendar in their language; an unknown or revoked key is 404. */
  async feed(key: string): Promise<string> {
    const owner = await repo.feedOwner(this.db, sha256(key));
    if (!owner) throw new AppError('NOT_FOUND');
    const now = this.clock.now();
    const scope = this.scope(owner);
    const rows = await repo.feedEvents(
      this.db,
      scope,
      new Date(now.getTime() - FEED_PAST_MS),
      now,
      new Date(now.getTime() + FEED_AHEAD_MS),
      FEED_LIMITS,
    );
    return this.icsText(rows, owner.locale, owner.role);
  }

  private icsText(rows: repo.EventRow[], locale: Locale, role: Role, cancelled = false): string {
    const host = new URL(this.site.publicUrl).host;
    const withLinks = rows.map((e) => ({ ...e, link: this.link(role, e.id) }));
    return icsOf(withLinks, locale, host, translate(locale, 'content.calendar.feedName'), cancelled).toString();
  }

  private link(role: Role, id: number) {
    return `${this.site.publicUrl}${ROLE_PREFIX[role]}/calendar?event=${id}`;
  }

  /** Saves a change; more seats move the waiting list up; those holding places hear of a new time or place. */
  private async save(tx: Executor, actor: Actor, action: 'event.updated' | 'event.moved', before: repo.EventRow, changes: Partial<repo.EventInsert>) {
    const now = this.clock.now();
    const draft = { ...before, ...changes };
    const moved = !sameWhenAndWhere(before, draft);
    // A new start more than a day ahead gets its reminder again; one within the day keeps "reminded" (no second one).
    const rearm = draft.startsAt.getTime() !== before.startsAt.getTime() && draft.startsAt.getTime() > now.getTime() + DAY_MS;
    const after = await repo.updateEvent(tx, before.id, {
      ...changes,
      updatedAt: now,
      ...(moved ? { sequence: before.sequence + 1 } : {}),
      ...(rearm ? { remindedAt: null } : {}),
    });
    const given = await this.fillSeats(tx, actor, after);
    if (moved && after.startsAt > now) {
      const told = (await repo.registeredRecipients(tx, before.id)).filter((r) => !given.includes(r.userId));
      await enqueueMail(tx, now, this.mails('eventChanged', after, told));
    }
    await this.log(tx, actor, action, before.id, logged(before), logged(after));
    return this.view(tx, actor.user, before.id);
  }

  /**
   * Moves the waiting list up into the free seats (all of it when there is no limit), e-mailing and logging each person
   * given a seat; answers who they are.
   */
  private async fillSeats(tx: Executor, actor: Actor, event: repo.EventRow): Promise<number[]> {
    if (!event.registration) return [];
    const free = event.seats === null ? null : event.seats - (await repo.placesHeld(tx, event.id)).registered;
    if (free !== null && free <= 0) return [];
    const moved = await repo.moveUp(tx, event.id, free);
    if (!moved.length) return [];
    const people = (await repo.registeredRecipients(tx, event.id, 'registered')).filter((r) => moved.includes(r.userId));
    await writeLog(
      tx,
      this.clock.now(),
      people.map((p) => ({
        domain: LOG,
        action: 'registration.moved_up' as const,
        entity: 'event',
        entityId: event.id,
        ...authorOf(actor),
        after: { person: p.email },
      })),
    );
    await enqueueMail(tx, this.clock.now(), this.mails('eventSeatGiven', event, people));
    return moved;
  }

  /**
   * One message per person, in their language: those with a seat get the event's .ics (a cancellation's for a
   * cancelled event); those waiting get none (the seat is not theirs yet).
   */
  private mails(type: MailType, e: repo.EventRow, people: repo.Recipient[], turn?: number): OutgoingMail[] {
    const ics = new Map<string, MailAttachment[]>();
    const attachmentsFor = (p: repo.Recipient) => {
      if (p.status !== 'registered') return undefined;
      const key = `${p.locale}:${p.role}`;
      if (!ics.has(key)) {
        const content = this.icsText([e], p.locale, p.role, type === 'eventCancelled');
        ics.set(key, [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8', content }]);
      }
      return ics.get(key);
    };
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
        turn: turn === undefined ? '' : String(turn),
      },
      attachments: attachmentsFor(p),
    }));
  }

  /** An event still open to registration, locked: 409 once it has begun or without registration. */
  private async open(tx: Executor, id: number): Promise<repo.EventRow> {
    const event = await this.locked(tx, id);
    if (!event.registration || event.startsAt <= this.clock.now()) throw new AppError('REGISTRATION_CLOSED');
    return event;
  }

  private async view(db: Executor, user: User, id: number): Promise<CalendarEvent> {
    const row = await repo.oneEvent(db, user.id, this.scope(user), id);
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

  /** Staff see every event; company people the public ones and those of the committees they are members of now. */
  private scope(person: { id: number; role: Role }): repo.Scope {
    return isCompanyRole(person.role) ? this.committees.memberOf(person.id, this.clock.now()) : 'all';
  }

  /** A new or changed committee must be an active one. */
  private async checkCommittee(tx: Executor, id: number | null) {
    if (id !== null && !(await this.committees.isActive(tx, id))) throw new AppError('VALIDATION', { fields: { committeeId: 'validation.invalid' } });
  }

  private fields(f: EventFields): Omit<repo.EventInsert, 'updatedAt'> {
    return {
      titleEn: f.titleEn,
      titleRu: f.titleRu,
      descriptionEn: f.descriptionEn,
      descriptionRu: f.descriptionRu,
      ...times(f),
      place: f.place ?? '',
      onlineUrl: f.onlineUrl ?? '',
      committeeId: f.committeeId,
      registration: f.registration,
      seats: f.registration ? f.seats : null,
    };
  }

  private log(tx: Executor, actor: Actor, action: (typeof EVENT_LOG_ACTIONS)[number], id: number, before?: unknown, after?: unknown) {
    return writeLog(tx, this.clock.now(), {
      domain: LOG,
      action,
      entity: 'event',
      entityId: id,
      ...authorOf(actor),
      before,
      after,
    });
  }

  private securityLog(tx: Executor, actor: Actor, action: 'calendar_feed.created' | 'calendar_feed.revoked') {
    return writeLog(tx, this.clock.now(), {
      domain: 'security',
      action,
      entity: 'user',
      entityId: actor.user.id,
      ...authorOf(actor),
    });
  }
}
