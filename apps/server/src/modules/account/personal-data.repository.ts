import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  actionLog,
  calendarFeeds,
  committeeMembers,
  committeeRequests,
  committeeSubscribers,
  committees,
  erasureRequests,
  eventRegistrations,
  events,
  mailOutbox,
  passkeys,
  respondentContacts,
  sessions,
  signupRequests,
  trustedDevices,
  twoFactors,
  users,
  votingOptions,
  votingResponses,
  votings,
} from '../../db/schema/index.ts';
import { findUserById } from './account.repository.ts';
import { signupRequestsOf } from './erasure.repository.ts';
import { countRecoveryCodesLeft } from './two-factor.repository.ts';
import { describeUserAgent } from './user-agent.ts';

/** The log entries one export holds at most (about a person: years of a busy account). */
const LOG_MAX = 10_000;
/**
 * E-mails whose templates carry a code or a link that acts for the person ("Your voting code: 123456"): listed without
 * their subject, which admin may also have given the secret.
 */
const SECRET_MAIL = new Set(['votingCode', 'resetPassword', 'firstPassword', 'emailChanged']);
/** The e-mails one export lists at most (mailings and voting notices add up over the years). */
const MAIL_MAX = 10_000;

type Row = Record<string, unknown>;
/** Everything the portal holds about a person, section by section (the order the PDF reads them in). */
export interface PersonalData {
  profile: Row;
  signupRequests: Row[];
  committeeMemberships: Row[];
  committeeRequests: Row[];
  committeeSubscriptions: Row[];
  votes: Row[];
  eventRegistrations: Row[];
  calendarFeeds: Row[];
  surveyContacts: Row[];
  sessions: Row[];
  trustedDevices: Row[];
  passkeys: Row[];
  twoFactor: Row;
  securityEvents: Row[];
  logEntries: Row[];
  /** Set when the log holds more than LOG_MAX entries of the person: the oldest are left out of the two sections above. */
  logTruncated?: true;
  emails: Row[];
  /** Set when the outbox holds more than MAIL_MAX messages to the person: the oldest are left out. */
  emailsTruncated?: true;
  erasureRequests: Row[];
}

/**
 * Every row about one person, and nothing of anyone else: their votes in open votings only (secret ballots are kept
 * apart from the person); of the log, the values of entries about the person, but of what they did to others only
 * that and when, and an address only where the person acted (or nobody is known to have: a sign-in attempt). Never a
 * secret (a token, a hash, the authenticator's key, a recovery code), nor who decided on the person's requests.
 */
export async function personalDataOf(db: Executor, userId: number): Promise<PersonalData> {
  // The profile as the person sees it in the portal (with their company's name), through the one user query.
  const profile = await findUserById(db, userId);
  // The consent to the personal data policy the portal recorded: which version, when and from which address.
  const [consent] = await db
    .select({ policyVersion: users.policyVersion, acceptedAt: users.policyAcceptedAt, acceptedFrom: users.policyAcceptedIp })
    .from(users)
    .where(eq(users.id, userId));
  // Rows found by the person's e-mail (the applications, the outbox, survey contact cards): their current one.
  const email = profile?.email ?? null;
  // What the person filled in to apply and what became of it, found as erasure finds it (the one their account was
  // approved from, after a change of address too, and those sent from their addresses); without the address it came
  // from (anyone may type an e-mail: an application the account came from gave its consent, address included, to the
  // profile above).
  const applied = email ? (await signupRequestsOf(db, userId, email, false)).rows.map((r) => r.id) : [];
  const applications = applied.length
    ? await db
        .select({
          company: signupRequests.company,
          name: signupRequests.name,
          surname: signupRequests.surname,
          position: signupRequests.position,
          phone: signupRequests.phone,
          email: signupRequests.email,
          locale: signupRequests.locale,
          policyVersion: signupRequests.policyVersion,
          policyAcceptedAt: signupRequests.policyAcceptedAt,
          status: signupRequests.status,
          reason: signupRequests.reason,
          createdAt: signupRequests.createdAt,
          decidedAt: signupRequests.decidedAt,
        })
        .from(signupRequests)
        .where(inArray(signupRequests.id, applied))
        .orderBy(signupRequests.createdAt)
    : [];
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
  // Requests that the person become a member, theirs or their company's for them (who asked only as whether it was
  // they); the letter by its name, not its key in the file store.
  const membershipRequests = await db
    .select({
      committee: committees.nameEn,
      committeeRu: committees.nameRu,
      position: committeeRequests.position,
      note: committeeRequests.note,
      letter: committeeRequests.letterName,
      byThisPerson: sql<boolean>`${committeeRequests.requestedBy} = ${userId}`,
      status: committeeRequests.status,
      reason: committeeRequests.reason,
      createdAt: committeeRequests.createdAt,
      decidedAt: committeeRequests.decidedAt,
    })
    .from(committeeRequests)
    .innerJoin(committees, eq(committees.id, committeeRequests.committeeId))
    .where(eq(committeeRequests.userId, userId))
    .orderBy(committeeRequests.createdAt);
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
  // The private calendar feed: since when its link works; never the key in it.
  const feeds = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  // The survey's respondent contact cards that give the person's e-mail (a company's, for its salary survey).
  const contacts = email
    ? await db
        .select({
          companyFullName: respondentContacts.companyFullName,
          survey: respondentContacts.surveyKind,
          name: respondentContacts.name,
          position: respondentContacts.position,
          phone: respondentContacts.phone,
          email: respondentContacts.email,
          updatedAt: respondentContacts.updatedAt,
        })
        .from(respondentContacts)
        .where(eq(respondentContacts.email, email))
        .orderBy(respondentContacts.updatedAt)
    : [];
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
  // The browsers the person signed in from, by their dates; never the cookie's token or its hash.
  const devices = await db
    .select({ createdAt: trustedDevices.createdAt, lastUsedAt: trustedDevices.lastUsedAt })
    .from(trustedDevices)
    .where(eq(trustedDevices.userId, userId))
    .orderBy(trustedDevices.createdAt);
  // The passkeys by their names and dates; never the key or the credential's id.
  const keys = await db
    .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt);
  // Two-factor sign-in: on (confirmed) or not and since when, and how many recovery codes are left; never the
  // authenticator's key or the codes.
  const [authenticator] = await db.select({ confirmedAt: twoFactors.confirmedAt }).from(twoFactors).where(eq(twoFactors.userId, userId));
  const recoveryCodesLeft = await countRecoveryCodesLeft(db, userId);
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
  // The e-mails to the person, newest first: what and when, not what they said (a set-password link is a secret).
  const mail = email
    ? await db
        .select({
          type: mailOutbox.type,
          subject: mailOutbox.subject,
          status: mailOutbox.status,
          createdAt: mailOutbox.createdAt,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(MAIL_MAX + 1)
    : [];
  // The person's requests to erase their data, and what became of them (not who decided).
  const erasures = await db
    .select({
      status: erasureRequests.status,
      requestedAt: erasureRequests.requestedAt,
      decidedAt: erasureRequests.decidedAt,
      reason: erasureRequests.reason,
    })
    .from(erasureRequests)
    .where(eq(erasureRequests.userId, userId))
    .orderBy(erasureRequests.requestedAt);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    profile: profile ? { ...profile, consent } : {},
    signupRequests: applications.map((a) => ({
      ...a,
      policyAcceptedAt: iso(a.policyAcceptedAt),
      createdAt: iso(a.createdAt),
      decidedAt: iso(a.decidedAt),
    })),
    committeeMemberships: memberships,
    committeeRequests: membershipRequests.map((r) => ({ ...r, createdAt: iso(r.createdAt), decidedAt: iso(r.decidedAt) })),
    committeeSubscriptions: subscriptions.map((s) => ({ ...s, since: iso(s.since) })),
    votes: responses.map(({ optionIds: ids, at, ...r }) => ({ ...r, answers: ids.map((id) => optionName.get(id) ?? `#${id}`), at: iso(at) })),
    eventRegistrations: registrations.map((r) => ({ ...r, startsAt: iso(r.startsAt), at: iso(r.at) })),
    calendarFeeds: feeds.map((f) => ({ createdAt: iso(f.createdAt) })),
    surveyContacts: contacts.map((c) => ({ ...c, updatedAt: iso(c.updatedAt) })),
    sessions: live.map((s) => ({
      ...describeUserAgent(s.userAgent),
      ip: s.ip,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expiresAt),
    })),
    trustedDevices: devices.map((d) => ({ createdAt: iso(d.createdAt), lastUsedAt: iso(d.lastUsedAt) })),
    passkeys: keys.map((k) => ({ name: k.name, createdAt: iso(k.createdAt), lastUsedAt: iso(k.lastUsedAt) })),
    twoFactor: { enabled: !!authenticator?.confirmedAt, since: iso(authenticator?.confirmedAt ?? null), recoveryCodesLeft },
    // The security log's entries apart (sign-ins, failures, second factor, sessions); the rest as the other logs hold them.
    securityEvents: log
      .filter((e) => e.log === 'security')
      .map((e) => ({ at: iso(e.at), action: e.action, ...('ip' in e ? { ip: e.ip } : {}), ...('after' in e ? { details: e.after } : {}) })),
    logEntries: log.filter((e) => e.log !== 'security').map(({ ip: _ip, at, ...e }) => ({ ...e, at: iso(at) })),
    ...(found.length > LOG_MAX ? { logTruncated: true as const } : {}),
    emails: mail
      .slice(0, MAIL_MAX)
      .map((m) => ({ ...m, subject: SECRET_MAIL.has(m.type) ? null : m.subject, createdAt: iso(m.createdAt), sentAt: iso(m.sentAt) })),
    ...(mail.length > MAIL_MAX ? { emailsTruncated: true as const } : {}),
    erasureRequests: erasures.map((r) => ({ ...r, requestedAt: iso(r.requestedAt), decidedAt: iso(r.decidedAt), reason: r.reason || null })),
  };
}
