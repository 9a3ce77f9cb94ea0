import type { changePasswordBody, loginBody, profileBody, setPasswordBody, signupBody } from '@portal/shared';
import { type CurrentUser, LINK_TTL, LOCALE_TAG, type Locale, type Role, rolePath, type SessionInfo, type User } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { signupRequests } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { dummyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { type Limit, releaseEvents, takeFromLimits } from '../../lib/rate-limiter.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { writeLog } from '../action-log/action-log.ts';
import * as repo from './account.repository.ts';
import { describeUserAgent } from './user-agent.ts';

export interface RequestMeta {
  ip: string;
  locale: Locale;
  /** The language the caller chose on the page (the locale cookie), if any. */
  chosenLocale?: Locale;
  /** The token of the browser's device cookie, if it sent one. */
  deviceToken?: string;
  /** The browser's User-Agent header (cut to a sane length): the person's list of sessions names the browser by it. */
  userAgent: string;
}

/** A session's last seen and address are refreshed at most this often, so the hot path costs one write a minute. */
const LAST_SEEN_EVERY_MS = 60_000;

/** How long the second step of a login with two-factor sign-in may take. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/** A session just opened, and the device cookie to set when the browser was new. */
export interface SessionOpened {
  token: string;
  user: User;
  mustEnrol: boolean;
  policyToAccept: string | null;
  deviceToken?: string;
}
export type LoginResult = SessionOpened | { twoFactorRequired: true; challenge: string };

/** What a sign-in was proven with: the password alone, the password and a code, or a passkey (two factors in one). */
export type SignedInWith = 'password' | 'code' | 'passkey';

/** How long a device cookie lives, and a trusted device unused is kept. */
export const DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** Accounts: sessions, login, signup requests, set-password links, profile. */
export class AccountService {
  private readonly findSession: ReturnType<typeof repo.sessionQuery>;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {
    this.findSession = repo.sessionQuery(db);
  }

  /** How long a session lives: `SESSION_TTL_HOURS` after it opened, or until unused for `SESSION_IDLE_HOURS` (see `sessionEnd`). */
  private get sessionLife() {
    return { ttlMs: this.config.sessionTtlMs, idleMs: this.config.sessionIdleMs };
  }

  /** The live session behind a token; its last seen and address are refreshed when a minute old. */
  async sessionFromToken(token: string, ip: string): Promise<{ id: number; user: User; mustEnrol: boolean } | null> {
    const now = this.clock.now();
    const session = await this.findSession(sha256(token), now);
    if (!session) return null;
    const staleBefore = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
    if (session.lastSeenAt < staleBefore) await repo.touchSession(this.db, session.id, now, ip, staleBefore, this.sessionLife);
    return { id: session.id, user: session.user, mustEnrol: this.mustEnrol(session.user.role, session.secondFactor) };
  }

  /** Active admin and staff accounts without two-factor sign-in, for the admin's overview. */
  staffWithoutSecondFactor = () => repo.countStaffWithoutSecondFactor(this.db);

  /**
   * Whether a person's role requires two-factor sign-in (REQUIRE_2FA_ROLES) that their session lacks: no app enrolled,
   * and not opened with a passkey.
   */
  mustEnrol(role: Role, secondFactor: boolean): boolean {
    return !secondFactor && this.config.require2faRoles.includes(role);
  }

  /**
   * A factor is added (an app or a passkey) from an enrol-only session only to an account without one: else whoever
   * holds the password would add their own and get every right.
   */
  async assertMayAddFactor(user: User, mustEnrol: boolean): Promise<void> {
    if (mustEnrol && (await repo.hasSecondFactorOf(this.db, user.id))) throw new AppError('SECOND_FACTOR_TO_ADD');
  }

  /**
   * A factor was enrolled in session `sessionId`: it counts as opened with one. Where the role requires one, the person's
   * other sessions opened with the password alone (which could only enrol) end: whoever holds the password keeps none.
   */
  raiseSession(tx: Executor, user: User, sessionId: number): Promise<number> {
    return repo.raiseSession(tx, user.id, sessionId, this.config.require2faRoles.includes(user.role));
  }

  /** The person's live sessions, this one marked. */
  async listSessions(user: User, currentId: number | null): Promise<SessionInfo[]> {
    const rows = await repo.listUserSessions(this.db, user.id, this.clock.now());
    return rows.map((r) => ({
      id: r.id,
      ...describeUserAgent(r.userAgent),
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      current: r.id === currentId,
    }));
  }

  /** Ends one of the person's own sessions (another person's is as unknown as an ended one). */
  async endSession(user: User, id: number, password: string, meta: RequestMeta): Promise<void> {
    await this.checkPassword(user, password, 'password', meta);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteUserSession(tx, user.id, id))) throw new AppError('SESSION_ENDED');
      await writeLog(tx, now, { domain: 'security', action: 'session.ended', entity: 'session', entityId: id, actorId: user.id, ip: meta.ip });
    });
  }

  /** Ends every session of the person but the one asking. */
  async endOtherSessions(user: User, currentId: number, password: string, meta: RequestMeta): Promise<void> {
    await this.checkPassword(user, password, 'password', meta);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const ended = await repo.deleteUserSessions(tx, user.id, currentId);
      await writeLog(tx, now, {
        domain: 'security',
        action: 'sessions.ended_others',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        after: { ended },
        ip: meta.ip,
      });
    });
  }

  /**
   * Logs in; every kind of refusal is the same 401, and failures are counted per e-mail and per address.
   * The attempt is counted before the password is checked (so parallel guesses meet the limit) and taken back when it succeeds.
   * An account with two-factor sign-in gets a challenge for the second step (`TwoFactorService.completeLogin`), not a session.
   */
  async login(input: z.output<typeof loginBody>, meta: RequestMeta): Promise<LoginResult> {
    const now = this.clock.now();
    const { limits } = this.config;
    // A browser this person signed in from before (its device cookie) has a counter of its own, so strangers who
    // exhaust the e-mail's limit do not lock the owner out (OWASP: device cookies).
    const device = await this.deviceOf(meta, input.email);
    const counted: Limit[] = device
      ? [{ bucket: 'login-device', key: String(device.id), max: limits.loginPerEmail, windowMs: limits.loginWindowMs }]
      : [
          { bucket: 'login-email', key: input.email, max: limits.loginPerEmail, windowMs: limits.loginWindowMs },
          { bucket: 'login-address', key: meta.ip, max: limits.loginPerAddress, windowMs: limits.loginWindowMs },
        ];
    const attempt = await this.takeSignInAttempt(counted, meta, async () => (await repo.findLoginCandidate(this.db, input.email))?.id ?? null, {
      email: input.email,
    });
    const candidate = await repo.findLoginCandidate(this.db, input.email);
    const passwordOk = await verifyPassword(candidate?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!candidate?.passwordHash || !passwordOk || !candidate.mayAct) {
      await this.db.transaction(async (tx) => {
        await writeLog(tx, now, {
          domain: 'security',
          action: 'login.failed',
          entity: 'user',
          entityId: candidate?.id ?? null,
          after: { email: input.email },
          ip: meta.ip,
        });
      });
      throw new AppError('BAD_CREDENTIALS');
    }
    if (!candidate.twoFactorOn) return this.openSession(candidate.id, device, meta, attempt, 'password');
    const challenge = randomToken();
    await this.db.transaction(async (tx) => {
      await releaseEvents(tx, attempt);
      await repo.insertChallenge(tx, { userId: candidate.id, tokenHash: sha256(challenge), expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
    });
    return { twoFactorRequired: true, challenge };
  }

  /**
   * Counts a sign-in attempt (a password, a code, a passkey) against its limits; a refusal (429) is a lockout, and each
   * is in the security log under the person when known, so admin sees who is being guessed at and from where.
   */
  async takeSignInAttempt(
    limits: Limit[],
    meta: RequestMeta,
    whose: () => Promise<number | null>,
    after?: Record<string, string>,
  ): Promise<number[]> {
    const now = this.clock.now();
    try {
      return await takeFromLimits(this.db, now, limits);
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') await this.logLockout(limits, meta, whose, after, now);
      throw error;
    }
  }

  /**
   * A lockout is logged once per limit window (a marker counted like the attempts, at most one), so someone hammering a
   * locked account cannot grow the log with every refused try.
   */
  private async logLockout(
    limits: Limit[],
    meta: RequestMeta,
    whose: () => Promise<number | null>,
    after: Record<string, string> | undefined,
    now: Date,
  ) {
    const [first] = limits;
    if (!first) return;
    try {
      await takeFromLimits(this.db, now, [{ bucket: `${first.bucket}-locked`, key: first.key, max: 1, windowMs: first.windowMs }]);
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') return;
      throw error;
    }
    const entityId = await whose();
    await this.db.transaction((tx) =>
      writeLog(tx, now, { domain: 'security', action: 'login.locked', entity: 'user', entityId, after, ip: meta.ip }),
    );
  }

  /** The person's trusted device behind the request's device cookie, if it is theirs. */
  deviceOf(meta: RequestMeta, email: string): Promise<{ id: number } | null> {
    return meta.deviceToken ? repo.findTrustedDevice(this.db, sha256(meta.deviceToken), email) : Promise.resolve(null);
  }

  /**
   * Opens a session once every factor passed: the counted attempt is taken back, the browser becomes (or stays) a
   * trusted device (a new one is e-mailed about), and the login is logged.
   */
  async openSession(
    userId: number,
    device: { id: number } | null,
    meta: RequestMeta,
    attempt: number[],
    signedInWith: SignedInWith,
  ): Promise<SessionOpened> {
    const now = this.clock.now();
    const token = randomToken();
    const deviceToken = device ? undefined : randomToken();
    await this.db.transaction(async (tx) => {
      await releaseEvents(tx, attempt);
      if (device) await repo.touchTrustedDevice(tx, device.id, now);
      else {
        // A browser not seen before is news to the person, unless it is their first (they have no other to compare).
        if (await repo.hasTrustedDevice(tx, userId)) await this.tellOfNewBrowser(tx, userId, meta, now);
        await repo.addTrustedDevice(tx, userId, sha256(deviceToken as string), now, DEVICE_LIFETIME_MS);
      }
      await repo.insertSession(
        tx,
        {
          userId,
          tokenHash: sha256(token),
          createdAt: now,
          lastSeenAt: now,
          userAgent: meta.userAgent,
          ip: meta.ip,
          secondFactor: signedInWith !== 'password',
        },
        this.sessionLife,
      );
      if (meta.chosenLocale) await repo.updateUser(tx, userId, { locale: meta.chosenLocale });
      await writeLog(tx, now, { domain: 'security', action: 'login', entity: 'user', entityId: userId, actorId: userId, ip: meta.ip });
    });
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AppError('BAD_CREDENTIALS');
    // The password alone reaches here only for a person without an app enrolled.
    const mustEnrol = signedInWith === 'password' && this.mustEnrol(user.role, false);
    return { token, user, mustEnrol, policyToAccept: await this.policyToAccept(userId), deviceToken };
  }

  /** The policy's version in force when the person has not accepted it (people added by staff never have), else null. */
  async policyToAccept(userId: number): Promise<string | null> {
    const current = this.config.policyVersion;
    return (await repo.acceptedPolicyOf(this.db, userId)) === current ? null : current;
  }

  /** The person as their app knows them. */
  currentUser = async (user: User, mustEnrol: boolean): Promise<CurrentUser> => ({
    ...user,
    policyToAccept: await this.policyToAccept(user.id),
    mustEnrol,
  });

  /** Records the person's acceptance of the policy in force: its version, when and from which address. */
  async acceptPolicy(user: User, mustEnrol: boolean, version: string, meta: RequestMeta): Promise<CurrentUser> {
    if (version !== this.config.policyVersion) throw new AppError('POLICY_CHANGED');
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await repo.updateUser(tx, user.id, { policyVersion: version, policyAcceptedAt: now, policyAcceptedIp: meta.ip });
      await writeLog(tx, now, {
        domain: 'security',
        action: 'policy.accepted',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        after: { version },
        ip: meta.ip,
      });
    });
    return { ...user, policyToAccept: null, mustEnrol };
  }

  async logout(token: string, user: User, meta: RequestMeta): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.deleteSessionByHash(tx, sha256(token));
      await writeLog(tx, this.clock.now(), {
        domain: 'security',
        action: 'logout',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        ip: meta.ip,
      });
    });
  }

  /** A signup request for a moderator; an existing account's owner is told by e-mail instead. Reveals nothing. */
  async signup(input: z.output<typeof signupBody>, meta: RequestMeta): Promise<void> {
    const now = this.clock.now();
    await this.countRequest('signup', input.email, meta.ip, now);
    await this.db.transaction(async (tx) => {
      if (await repo.userExistsByEmail(tx, input.email)) {
        await enqueueMail(tx, now, {
          type: 'signupExisting',
          to: input.email,
          locale: meta.locale,
          params: { name: input.name, link: `${this.config.publicUrl}/reset-password` },
        });
        await writeLog(tx, now, { domain: 'security', action: 'signup.existing', entity: 'user', after: { email: input.email }, ip: meta.ip });
        return;
      }
      const { consent: _consent, ...fields } = input;
      const [request] = await tx
        .insert(signupRequests)
        // The consent the form requires is recorded: the policy's version, when and from which address; the account inherits it.
        .values({
          ...fields,
          locale: meta.locale,
          createdAt: now,
          policyVersion: this.config.policyVersion,
          policyAcceptedAt: now,
          policyAcceptedIp: meta.ip,
        })
        .returning({ id: signupRequests.id });
      await enqueueMail(tx, now, {
        type: 'signupReceived',
        to: input.email,
        locale: meta.locale,
        params: { name: input.name, company: input.company },
      });
      await writeLog(tx, now, {
        domain: 'users',
        action: 'signup.requested',
        entity: 'signupRequest',
        entityId: request?.id,
        after: fields,
        ip: meta.ip,
      });
    });
  }

  /** E-mails a reset link when the account exists and may act; the answer is the same either way. */
  async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
    const now = this.clock.now();
    await this.countRequest('reset', email, meta.ip, now);
    const user = await repo.findActiveUserByEmail(this.db, email);
    if (!user) return;
    await this.db.transaction(async (tx) => {
      await this.issueLink(tx, user, 'reset', now);
      await writeLog(tx, now, { domain: 'security', action: 'password.reset_requested', entity: 'user', entityId: user.id, ip: meta.ip });
    });
  }

  /** The logged-in user e-mails themselves a reset link; it counts towards the same limits as the public request. */
  async sendOwnResetLink(user: User, meta: RequestMeta): Promise<void> {
    const now = this.clock.now();
    await this.countRequest('reset', user.email, meta.ip, now);
    await this.db.transaction(async (tx) => {
      await this.issueLink(tx, user, 'reset', now);
      await writeLog(tx, now, {
        domain: 'security',
        action: 'password.reset_requested',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        ip: meta.ip,
      });
    });
  }

  /**
   * A person's e-mail was changed (by staff, an admin or their company's manager): what the old address holds stops
   * working (their sessions end, open reset and set-password links are retired) and both addresses are told.
   * Called in the transaction of the change.
   */
  async emailChanged(tx: Executor, userId: number, oldEmail: string): Promise<void> {
    const now = this.clock.now();
    const person = await repo.contactOf(tx, userId);
    if (!person) return;
    await repo.deleteUserSessions(tx, userId);
    await repo.retireOpenCodes(tx, userId, now);
    const mail = (to: string) => ({ type: 'emailChanged' as const, to, locale: person.locale, params: { name: person.name, email: person.email } });
    await enqueueMail(tx, now, [mail(oldEmail), mail(person.email)]);
  }

  /**
   * Creates a single-use set-password link and e-mails it (reset: 2 hours; first password: 7 days).
   * Older open links of the user stop working. Used by the organisation work when an applicant is approved.
   */
  async issueLink(
    tx: Executor,
    user: { id: number; name: string; email: string; locale: Locale },
    purpose: 'reset' | 'first',
    now: Date,
  ): Promise<void> {
    const code = randomToken();
    await repo.retireOpenCodes(tx, user.id, now);
    const ttl = purpose === 'reset' ? LINK_TTL.resetPasswordMs : LINK_TTL.firstPasswordMs;
    await repo.insertRegistrationCode(tx, {
      userId: user.id,
      codeHash: sha256(code),
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttl),
    });
    await enqueueMail(tx, now, {
      type: purpose === 'reset' ? 'resetPassword' : 'firstPassword',
      to: user.email,
      locale: user.locale,
      params: { name: user.name, email: user.email, link: `${this.config.publicUrl}/reset-password?code=${code}` },
    });
  }

  async userByCode(code: string) {
    const row = await repo.findValidCode(this.db, sha256(code), this.clock.now());
    if (!row) throw new AppError('LINK_INVALID');
    return { email: row.email, name: row.name, surname: row.surname, purpose: row.purpose };
  }

  /** Sets a password from a link: once only; the new one must differ from the current one (spec §5); the person becomes Joined; every session ends. */
  async setPasswordByCode(input: z.output<typeof setPasswordBody>, meta: RequestMeta): Promise<void> {
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const row = await repo.findValidCode(tx, sha256(input.registrationCode), now, true);
      if (!row) throw new AppError('LINK_INVALID');
      const current = await repo.getPasswordHash(tx, row.userId);
      if (current && (await verifyPassword(current, input.password))) {
        throw new AppError('VALIDATION', { fields: { password: 'validation.passwordSame' } });
      }
      await repo.updateUser(tx, row.userId, { passwordHash, status: 'joined', updatedAt: now });
      await repo.retireOpenCodes(tx, row.userId, now);
      await repo.deleteUserSessions(tx, row.userId);
      if (row.purpose === 'reset') await this.securityNotice(tx, row.userId, 'passwordChanged', now);
      await writeLog(tx, now, {
        domain: 'security',
        action: row.purpose === 'first' ? 'password.first_set' : 'password.reset',
        entity: 'user',
        entityId: row.userId,
        actorId: row.userId,
        ip: meta.ip,
      });
      // Becoming Joined is a change of the person that the users' log shows.
      if (row.status === 'registered') {
        await writeLog(tx, now, {
          domain: 'users',
          action: 'user.joined',
          entity: 'user',
          entityId: row.userId,
          actorId: row.userId,
          before: { status: 'registered' },
          after: { status: 'joined' },
          ip: meta.ip,
        });
      }
    });
  }

  /**
   * Checks the person's current password before a change that asks for it again (a new password, two-factor off, a
   * passkey), as `field` of the form. Wrong ones count on the account's own counter as the login's do (taken back when
   * right), so a session left open cannot be used to guess the password; a lockout is logged as the login's is.
   */
  async checkPassword(user: User, password: string, field: string, meta: RequestMeta): Promise<void> {
    const { limits } = this.config;
    const attempt = await this.takeSignInAttempt(
      [{ bucket: 'password-check', key: String(user.id), max: limits.loginPerEmail, windowMs: limits.loginWindowMs }],
      meta,
      async () => user.id,
    );
    const hash = await repo.getPasswordHash(this.db, user.id);
    if (!hash || !(await verifyPassword(hash, password)))
      throw new AppError('CURRENT_PASSWORD_WRONG', { fields: { [field]: 'errors.currentPasswordWrong' } });
    await releaseEvents(this.db, attempt);
  }

  /** Changes the password after checking the current one; the user's other sessions end. */
  async changePassword(user: User, sessionId: number, input: z.output<typeof changePasswordBody>, meta: RequestMeta): Promise<void> {
    await this.checkPassword(user, input.currentPassword, 'currentPassword', meta);
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await repo.updateUser(tx, user.id, { passwordHash, updatedAt: now });
      await repo.deleteUserSessions(tx, user.id, sessionId);
      await this.securityNotice(tx, user.id, 'passwordChanged', now);
      await writeLog(tx, now, { domain: 'security', action: 'password.changed', entity: 'user', entityId: user.id, actorId: user.id, ip: meta.ip });
    });
  }

  async updateProfile(user: User, input: z.output<typeof profileBody>, meta: RequestMeta): Promise<User> {
    const fields: Record<string, string> = {};
    if (input.regionId !== null && !(await repo.referenceExists(this.db, 'regions', input.regionId))) fields.regionId = 'validation.invalid';
    if (input.jobGroupId !== null && !(await repo.referenceExists(this.db, 'jobGroups', input.jobGroupId))) fields.jobGroupId = 'validation.invalid';
    if (Object.keys(fields).length) throw new AppError('VALIDATION', { fields });
    const now = this.clock.now();
    const before = {
      name: user.name,
      surname: user.surname,
      position: user.position,
      phone: user.phone,
      regionId: user.regionId,
      jobGroupId: user.jobGroupId,
      digestSubscribed: user.digestSubscribed,
    };
    await this.db.transaction(async (tx) => {
      await repo.updateUser(tx, user.id, { ...input, updatedAt: now });
      await writeLog(tx, now, {
        domain: 'users',
        action: 'profile.updated',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        before,
        after: input,
        ip: meta.ip,
      });
    });
    const updated = await repo.findUserById(this.db, user.id);
    if (!updated) throw new AppError('NOT_FOUND');
    return updated;
  }

  async setLocale(user: User, locale: Locale, meta: RequestMeta): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await repo.updateUser(tx, user.id, { locale });
      await writeLog(tx, now, {
        domain: 'account',
        action: 'locale.changed',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        before: { locale: user.locale },
        after: { locale },
        ip: meta.ip,
      });
    });
  }

  /** The security e-mail of a sign-in from a browser the person has not used before: what, where, when, and what to do. */
  private async tellOfNewBrowser(tx: Executor, userId: number, meta: RequestMeta, now: Date): Promise<void> {
    const person = await repo.contactOf(tx, userId);
    if (!person) return;
    const { browser, system } = describeUserAgent(meta.userAgent);
    const unknown = translate(person.locale, 'mail.unknownBrowser');
    await enqueueMail(tx, now, {
      type: 'newSignIn',
      to: person.email,
      locale: person.locale,
      params: {
        name: person.name,
        browser: browser ?? unknown,
        system: system ?? unknown,
        address: meta.ip,
        at: this.moment(now, person.locale),
        link: `${this.config.publicUrl}${rolePath(person.role, 'profile')}`,
      },
    });
  }

  /**
   * A security e-mail of a change to how the person signs in (password changed, second factor added or removed, a
   * passkey added), with the page to act on if it was not them: setting a new password, or for a passkey the profile
   * (where it is removed and the password changed).
   */
  async securityNotice(
    tx: Executor,
    userId: number,
    type: 'passwordChanged' | 'twoFactorAdded' | 'twoFactorRemoved' | 'passkeyAdded',
    now: Date,
    extra: { passkey?: string } = {},
  ): Promise<void> {
    const person = await repo.contactOf(tx, userId);
    if (!person) return;
    const page = type === 'passkeyAdded' ? rolePath(person.role, 'profile') : '/reset-password';
    await enqueueMail(tx, now, {
      type,
      to: person.email,
      locale: person.locale,
      params: { name: person.name, ...extra, at: this.moment(now, person.locale), link: `${this.config.publicUrl}${page}` },
    });
  }

  /** A moment in words of the reader's language, in the association's time zone, named ("26 November 2026, 15:04 (GMT+3)"). */
  private moment(at: Date, locale: Locale): string {
    const { timeZone } = this.config;
    const tag = LOCALE_TAG[locale];
    const zone = new Intl.DateTimeFormat(tag, { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
    return `${new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(at)} (${zone})`;
  }

  regions = (periodId?: number) => repo.listRegions(this.db, periodId);
  jobGroups = (periodId?: number) => repo.listJobGroups(this.db, periodId);

  /** Signup and reset requests count whether they succeed or not: they send e-mail. */
  private async countRequest(kind: 'signup' | 'reset', email: string, ip: string, now: Date): Promise<void> {
    const { limits } = this.config;
    const counted: Limit[] = [
      { bucket: `${kind}-email`, key: email, max: limits.requestPerEmail, windowMs: limits.requestWindowMs },
      { bucket: `${kind}-address`, key: ip, max: limits.requestPerAddress, windowMs: limits.requestWindowMs },
    ];
    await takeFromLimits(this.db, now, counted);
  }
}
