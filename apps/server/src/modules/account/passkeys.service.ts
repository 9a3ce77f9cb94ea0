import type {
  PasskeyInfo,
  passkeyAuthenticationOptions,
  passkeyLoginBody,
  passkeyRegisterBody,
  passkeyRegistrationOptions,
  User,
} from '@portal/shared';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { takeFromLimits } from '../../lib/rate-limiter.ts';
import { writeLog } from '../action-log/action-log.ts';
import * as repo from './account.repository.ts';
import type { AccountService, RequestMeta, SessionOpened } from './account.service.ts';
import * as keys from './passkeys.repository.ts';

/** How long the browser's ceremony may take: the challenge is spent or gone after it. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'AIPM Portal';

/** The challenge the browser signed, read from its client data; null when that is not the JSON a browser sends. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

const invalid = () => new AppError('PASSKEY_INVALID');

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): a person registers discoverable credentials from the profile and
 * signs in with one alone (it is both factors: something they have, unlocked by something they know or are). The
 * relying party is PUBLIC_URL: its host name is the RP ID, its origin the only origin accepted. Challenges are kept as
 * SHA-256, live 5 minutes and are spent as they are read, whether the ceremony then passes or not.
 */
export class PasskeysService {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
  ) {
    const url = new URL(config.publicUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  async list(user: User): Promise<PasskeyInfo[]> {
    const rows = await keys.listPasskeys(this.db, user.id);
    return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null }));
  }

  /**
   * Options for the browser to create a passkey: a discoverable credential, not one of the person's own again. The
   * password is asked again first: a passkey outlives the session and skips the second factor, so a browser left signed
   * in must not be enough to add one.
   */
  async startRegistration(user: User, mustEnrol: boolean, password: string, meta: RequestMeta): Promise<z.output<typeof passkeyRegistrationOptions>> {
    await this.accounts.assertMayAddFactor(user, mustEnrol);
    await this.accounts.checkPassword(user, password, 'password', meta);
    const existing = await keys.listCredentials(this.db, user.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpID,
      userName: user.email,
      userDisplayName: `${user.name} ${user.surname}`.trim(),
      // The user handle: stable, so the same authenticator replaces its passkey for the person instead of adding one.
      userID: new TextEncoder().encode(String(user.id)),
      timeout: CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
    });
    await keys.insertChallenge(this.db, {
      challengeHash: sha256(options.challenge),
      purpose: 'register',
      userId: user.id,
      expiresAt: new Date(this.clock.now().getTime() + CHALLENGE_TTL_MS),
    });
    return { ...options };
  }

  /** Saves the passkey the browser created, once its answer holds for the challenge, this origin and RP ID; logged and e-mailed. */
  async register(
    user: User,
    session: { id: number; mustEnrol: boolean },
    input: z.output<typeof passkeyRegisterBody>,
    meta: RequestMeta,
  ): Promise<PasskeyInfo> {
    const now = this.clock.now();
    // As at the start: the password alone adds no factor to an account that got one meanwhile.
    await this.accounts.assertMayAddFactor(user, session.mustEnrol);
    const challenge = challengeOf(input.response.response.clientDataJSON);
    if (!challenge) throw invalid();
    if (!(await keys.spendChallenge(this.db, sha256(challenge), 'register', user.id, now))) throw new AppError('PASSKEY_EXPIRED');
    let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
    try {
      const result = await verifyRegistrationResponse({
        response: input.response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: false,
      });
      info = result.verified ? result.registrationInfo : undefined;
    } catch {
      info = undefined;
    }
    if (!info) throw invalid();
    const { credential } = info;
    return this.db.transaction(async (tx) => {
      if (await keys.credentialExists(tx, credential.id)) throw new AppError('PASSKEY_EXISTS');
      const row = await keys.insertPasskey(tx, {
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        backedUp: info.credentialBackedUp,
        name: input.name,
        createdAt: now,
      });
      // Enrolled in this session: it now counts as opened with a second factor, as after confirming an app.
      const sessionsEnded = await this.accounts.raiseSession(tx, user, session.id);
      await writeLog(tx, now, {
        domain: 'security',
        action: 'passkey.added',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        after: { name: input.name, ...(sessionsEnded ? { ended: sessionsEnded } : {}) },
        ip: meta.ip,
      });
      await this.accounts.securityNotice(tx, user.id, 'passkeyAdded', now, { passkey: input.name });
      return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
    });
  }

  /** Renames one of the person's own passkeys (another's is as unknown as none). */
  async rename(user: User, id: number, name: string, meta: RequestMeta): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const before = await keys.renamePasskey(tx, user.id, id, name);
      if (before === null) throw new AppError('NOT_FOUND');
      await writeLog(tx, now, {
        domain: 'security',
        action: 'passkey.renamed',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        before: { name: before },
        after: { name },
        ip: meta.ip,
      });
    });
  }

  /** Removes one of the person's own passkeys (another's is as unknown as none). */
  async remove(user: User, id: number, meta: RequestMeta): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const name = await keys.deletePasskey(tx, user.id, id);
      if (name === null) throw new AppError('NOT_FOUND');
      await writeLog(tx, now, {
        domain: 'security',
        action: 'passkey.removed',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        before: { name },
        ip: meta.ip,
      });
    });
  }

  /**
   * Options for the browser to sign in with any of the portal's passkeys (discoverable: the browser offers the ones it
   * holds, so no e-mail is asked and none is revealed). Counted per address, as each call stores a challenge: twice
   * the login's limit, since a person may cancel the browser's dialog and start again.
   */
  async startLogin(meta: RequestMeta): Promise<z.output<typeof passkeyAuthenticationOptions>> {
    const now = this.clock.now();
    const { limits } = this.config;
    await takeFromLimits(this.db, now, [{ bucket: 'passkey-start', key: meta.ip, max: limits.loginPerAddress * 2, windowMs: limits.loginWindowMs }]);
    const options = await generateAuthenticationOptions({ rpID: this.rpID, timeout: CHALLENGE_TTL_MS, userVerification: 'required' });
    await keys.insertChallenge(this.db, {
      challengeHash: sha256(options.challenge),
      purpose: 'login',
      userId: null,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    return { ...options };
  }

  /**
   * Signs in with a passkey alone: the challenge (once), this origin and RP ID, the signature with the stored key, the
   * person's verification, and a counter that grew (a replayed or cloned answer does not). The session then opens as
   * after the password and the code: device cookie, new-browser e-mail, the login's log entry. Attempts count on the
   * address's login limit; a success takes its attempt back.
   */
  async login(input: z.output<typeof passkeyLoginBody>, meta: RequestMeta): Promise<SessionOpened> {
    const now = this.clock.now();
    const { limits } = this.config;
    const attempt = await this.accounts.takeSignInAttempt(
      [{ bucket: 'login-address', key: meta.ip, max: limits.loginPerAddress, windowMs: limits.loginWindowMs }],
      meta,
      async () => null,
    );
    const { response } = input;
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge) throw invalid();
    if (!(await keys.spendChallenge(this.db, sha256(challenge), 'login', null, now))) throw new AppError('PASSKEY_EXPIRED');
    const passkey = await keys.findByCredentialId(this.db, response.id);
    if (!passkey) {
      await this.logFailure(null, null, 'unknown', meta, now);
      throw new AppError('PASSKEY_UNKNOWN');
    }
    const verified = await this.verifyAssertion(response as AuthenticationResponseJSON, challenge, passkey);
    if (!verified) {
      await this.logFailure(passkey.userId, passkey.id, 'invalid', meta, now);
      throw invalid();
    }
    const candidate = await repo.findLoginCandidateById(this.db, passkey.userId);
    if (!candidate?.mayAct) {
      await this.logFailure(passkey.userId, passkey.id, 'inactive', meta, now);
      throw new AppError('BAD_CREDENTIALS');
    }
    const fresh = await this.db.transaction(async (tx) => {
      if (!(await keys.recordUse(tx, passkey.id, verified.newCounter, verified.backedUp, now))) return false;
      await writeLog(tx, now, {
        domain: 'security',
        action: 'login.passkey',
        entity: 'user',
        entityId: passkey.userId,
        actorId: passkey.userId,
        after: { name: passkey.name },
        ip: meta.ip,
      });
      return true;
    });
    if (!fresh) {
      await this.logFailure(passkey.userId, passkey.id, 'counter', meta, now);
      throw new AppError('PASSKEY_REPLAYED');
    }
    const device = await this.accounts.deviceOf(meta, candidate.email);
    return this.accounts.openSession(candidate.id, device, meta, attempt, 'passkey');
  }

  /** The assertion checked against the stored key; its counter is compared (in the update) by `recordUse`, not here. */
  private async verifyAssertion(
    response: AuthenticationResponseJSON,
    challenge: string,
    passkey: keys.PasskeyRow,
  ): Promise<{ newCounter: number; backedUp: boolean } | null> {
    // A user handle, when the browser sends one, must be the passkey's owner's.
    const handle = response.response.userHandle;
    if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== String(passkey.userId)) return null;
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        // Counter 0 here: the library would refuse a counter that did not grow with a bare error; recordUse refuses it by name.
        credential: { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: 0 },
        requireUserVerification: true,
      });
      return result.verified ? { newCounter: result.authenticationInfo.newCounter, backedUp: result.authenticationInfo.credentialBackedUp } : null;
    } catch {
      return null;
    }
  }

  private async logFailure(userId: number | null, passkeyId: number | null, reason: string, meta: RequestMeta, now: Date): Promise<void> {
    await this.db.transaction((tx) =>
      writeLog(tx, now, {
        domain: 'security',
        action: 'login.passkey_failed',
        entity: 'user',
        entityId: userId,
        after: { reason, ...(passkeyId === null ? {} : { passkey: passkeyId }) },
        ip: meta.ip,
      }),
    );
  }
}

/** The transports stored (comma-separated) as the browser's hints. */
const transportsOf = (stored: string) => (stored ? stored.split(',') : undefined);
