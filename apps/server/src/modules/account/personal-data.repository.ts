import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  actionLog,
  committeeMembers,
  committeeSubscribers,
  committees,
  eventRegistrations,
  events,
  passkeys,
  sessions,
  users,
  votingOptions,
  votingResponses,
  votings,
} from '../../db/schema/index.ts';
import { findUserById } from './account.repository.ts';
import { describeUserAgent } from './user-agent.ts';

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
  passkeys: Row[];
  securityEvents: Row[];
  logEntries: Row[];
  /** Set when the log holds more than LOG_MAX entries of the person: the oldest are left out of the two sections above. */
  logTruncated?: true;
}

/**
 * Every row about one person, and nothing of anyone else: their votes in open votings only (secret ballots are kept
 * apart from the person); of the log, the values of entries about the person, but of what they did to others only
 * that and when, and an address only where the person acted (or nobody is known to have: a sign-in attempt).
 */
export async function personalDataOf(db: Executor, userId: number): Promise<PersonalData> {
  // The profile as the person sees it in the portal (with their company's name), through the one user query.
  const profile = await findUserById(db, userId);
  // The consent to the personal data policy the portal recorded: which version, when and from which address.
  const [consent] = await db
    .select({ policyVersion: users.policyVersion, acceptedAt: users.policyAcceptedAt, acceptedFrom: users.policyAcceptedIp })
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
  // The passkeys by their names and dates; never the key or the credential's id.
  const keys = await db
    .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt);
  const found = await db
    .select({
      at: actionLog.at,
      log: actionLog.domain,
      action: actionLog.action,
      entity: actionLog.entity,
      entityId: actionLog.entityId,
      byThisPerson: sql<boolean>`${actionLog.actorId} IS NOT DISTINCT FROM ${userId}`,
      byNobodyKnown: sql<boolean>`${actionLog.actorId} IS NULL`,
      before: actionLog.before,
      after: actionLog.after,
      ip: actionLog.ip,
    })
    .from(actionLog)
    .where(or(and(eq(actionLog.entity, 'user'), eq(actionLog.entityId, userId)), eq(actionLog.actorId, userId)))
    .orderBy(desc(actionLog.id))
    .limit(LOG_MAX + 1);
  const log = found.slice(0, LOG_MAX).map(({ byNobodyKnown, before, after, ip, ...e }) => ({
    ...e,
    // What the person did to someone or something else keeps only what and when: its values describe other people.
    ...(e.entity === 'user' && e.entityId === userId ? { before, after } : {}),
    // Another person's address is theirs: given where this person acted, or nobody known did (a sign-in attempt).
    ...(e.byThisPerson || byNobodyKnown ? { ip } : {}),
  }));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    profile: profile ? { ...profile, consent } : {},
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
    passkeys: keys.map((k) => ({ name: k.name, createdAt: iso(k.createdAt), lastUsedAt: iso(k.lastUsedAt) })),
    // The security log's entries apart (sign-ins, failures, second factor, sessions); the rest as the other logs hold them.
    securityEvents: log
      .filter((e) => e.log === 'security')
      .map((e) => ({ at: iso(e.at), action: e.action, ...('ip' in e ? { ip: e.ip } : {}), ...('after' in e ? { details: e.after } : {}) })),
    logEntries: log.filter((e) => e.log !== 'security').map(({ ip: _ip, at, ...e }) => ({ ...e, at: iso(at) })),
    ...(found.length > LOG_MAX ? { logTruncated: true as const } : {}),
  };
}
