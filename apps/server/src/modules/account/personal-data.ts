import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { LOCALE_TAG, type Locale, type User } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import archiver from 'archiver';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/client.ts';
import {
  actionLog,
  committeeMembers,
  committeeSubscribers,
  committees,
  eventRegistrations,
  events,
  sessions,
  users,
  votingOptions,
  votingResponses,
  votings,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { writeLog } from '../action-log/action-log.ts';
import { describeUserAgent } from './user-agent.ts';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
/** The log entries one export holds at most (about a person: years of a busy account). */
const LOG_MAX = 10_000;

type Row = Record<string, unknown>;
/** Everything the portal holds about a person, section by section (the order the PDF reads them in). */
export interface PersonalData {
  profile: Row;
  committeeMemberships: Row[];
  committeeSubscriptions: Row[];
  votes: Row[];
  eventRegistrations: Row[];
  sessions: Row[];
  securityEvents: Row[];
  logEntries: Row[];
}

/**
 * "Download my data" (152-FZ art. 14, GDPR art. 15 and 20): a zip with everything the portal holds about the person as
 * JSON (to carry elsewhere) and as a readable PDF in their language. Only the person's own rows: their votes in
 * secret ballots are left out (the portal keeps them apart from the person), other people appear by name only where
 * they acted on this person's account. The export itself is in the security log.
 */
export class PersonalDataExport {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async collect(userId: number): Promise<PersonalData> {
    const db = this.db;
    const [profile] = await db
      .select({
        email: users.email,
        name: users.name,
        surname: users.surname,
        position: users.position,
        phone: users.phone,
        role: users.role,
        status: users.status,
        locale: users.locale,
        isActive: users.isActive,
        digestSubscribed: users.digestSubscribed,
        companyId: users.companyId,
      })
      .from(users)
      .where(eq(users.id, userId));
    const memberships = await db
      .select({
        committee: committees.nameEn,
        committeeRu: committees.nameRu,
        position: committeeMembers.position,
        since: committeeMembers.since,
        until: committeeMembers.until,
      })
      .from(committeeMembers)
      .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
      .where(eq(committeeMembers.userId, userId));
    const subscriptions = await db
      .select({ committee: committees.nameEn, committeeRu: committees.nameRu, since: committeeSubscribers.createdAt })
      .from(committeeSubscribers)
      .innerJoin(committees, eq(committees.id, committeeSubscribers.committeeId))
      .where(eq(committeeSubscribers.userId, userId));
    const responses = await db
      .select({
        votingId: votings.id,
        voting: votings.title,
        optionIds: votingResponses.optionIds,
        status: votingResponses.status,
        source: votingResponses.source,
        receipt: votingResponses.receipt,
        at: votingResponses.createdAt,
      })
      .from(votingResponses)
      .innerJoin(votings, eq(votings.id, votingResponses.votingId))
      .where(and(eq(votingResponses.userId, userId), eq(votings.secret, false)))
      .orderBy(votingResponses.createdAt);
    const optionIds = [...new Set(responses.flatMap((r) => r.optionIds))];
    const options = optionIds.length
      ? await db.select({ id: votingOptions.id, name: votingOptions.name }).from(votingOptions).where(inArray(votingOptions.id, optionIds))
      : [];
    const optionName = new Map(options.map((o) => [o.id, o.name]));
    const registrations = await db
      .select({
        event: events.titleEn,
        eventRu: events.titleRu,
        startsAt: events.startsAt,
        status: eventRegistrations.status,
        at: eventRegistrations.createdAt,
      })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(eq(eventRegistrations.userId, userId));
    const live = await db
      .select({
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    const log = await db
      .select({
        at: actionLog.at,
        log: actionLog.domain,
        action: actionLog.action,
        entity: actionLog.entity,
        entityId: actionLog.entityId,
        byThisPerson: sql<boolean>`${actionLog.actorId} IS NOT DISTINCT FROM ${userId}`,
        before: actionLog.before,
        after: actionLog.after,
        ip: actionLog.ip,
      })
      .from(actionLog)
      .where(or(and(eq(actionLog.entity, 'user'), eq(actionLog.entityId, userId)), eq(actionLog.actorId, userId)))
      .orderBy(desc(actionLog.id))
      .limit(LOG_MAX);
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    return {
      profile: profile ?? {},
      committeeMemberships: memberships,
      committeeSubscriptions: subscriptions.map((s) => ({ ...s, since: iso(s.since) })),
      votes: responses.map(({ optionIds: ids, at, ...r }) => ({ ...r, answers: ids.map((id) => optionName.get(id) ?? `#${id}`), at: iso(at) })),
      eventRegistrations: registrations.map((r) => ({ ...r, startsAt: iso(r.startsAt), at: iso(r.at) })),
      sessions: live.map((s) => ({
        ...describeUserAgent(s.userAgent),
        ip: s.ip,
        createdAt: iso(s.createdAt),
        lastSeenAt: iso(s.lastSeenAt),
        expiresAt: iso(s.expiresAt),
      })),
      // The security log's entries apart (sign-ins, failures, second factor, sessions); the rest as the other logs hold them.
      securityEvents: log.filter((e) => e.log === 'security').map((e) => ({ at: iso(e.at), action: e.action, ip: e.ip, details: e.after })),
      logEntries: log.filter((e) => e.log !== 'security').map(({ ip: _ip, at, ...e }) => ({ ...e, at: iso(at) })),
    };
  }

  /** The zip, streamed as it is built; the export is logged first (an export that fails half-way was still asked for). */
  async zip(user: User, locale: Locale, ip: string): Promise<{ name: string; data: PassThrough }> {
    const now = this.clock.now();
    await this.db.transaction((tx) =>
      writeLog(tx, now, { domain: 'security', action: 'personal_data.exported', entity: 'user', entityId: user.id, actorId: user.id, ip }),
    );
    const data = await this.collect(user.id);
    const zip = archiver('zip', { zlib: { level: 6 } });
    const out = new PassThrough();
    zip.pipe(out);
    zip.on('error', (err) => out.destroy(err));
    zip.append(JSON.stringify({ exportedAt: now.toISOString(), ...data }, null, 2), { name: 'personal-data.json' });
    zip.append(pdfOf(data, locale, now), { name: 'personal-data.pdf' });
    void zip.finalize();
    return { name: `aipm-personal-data-${now.toISOString().slice(0, 10)}.zip`, data: out };
  }
}

/** The same data, readable: each section a heading, each record its fields as lines, in the person's language. */
function pdfOf(data: PersonalData, locale: Locale, now: Date): PassThrough {
  const say = (key: string, params?: Record<string, string>) => translate(locale, `account.personalData.${key}`, params);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: say('title') } });
  const out = new PassThrough();
  doc.pipe(out);
  doc.registerFont('body', FONT).registerFont('bold', BOLD);
  doc.font('bold').fontSize(18).text(say('title'));
  doc
    .font('body')
    .fontSize(10)
    .text(
      say('exportedAt', { at: new Intl.DateTimeFormat(LOCALE_TAG[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(now) }),
    );
  const value = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const section = (key: keyof PersonalData, records: Row[]) => {
    doc
      .moveDown()
      .font('bold')
      .fontSize(13)
      .text(say(`sections.${key}`));
    doc.font('body').fontSize(9);
    if (!records.length) doc.text(say('none'));
    for (const record of records) {
      doc.moveDown(0.3);
      for (const [field, v] of Object.entries(record)) doc.text(`${field}: ${value(v)}`);
    }
  };
  section('profile', [data.profile]);
  for (const key of [
    'committeeMemberships',
    'committeeSubscriptions',
    'votes',
    'eventRegistrations',
    'sessions',
    'securityEvents',
    'logEntries',
  ] as const) {
    section(key, data[key]);
  }
  doc.end();
  return out;
}
