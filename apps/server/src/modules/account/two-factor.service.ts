import { randomInt } from 'node:crypto';
import type { twoFactorDisableBody, twoFactorLoginBody, User } from '@portal/shared';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword, sha256, verifyPassword } from '../../lib/crypto.ts';
import { releaseEvents, takeFromLimits } from '../../lib/rate-limiter.ts';
import { writeLog } from '../action-log/action-log.ts';
import * as repo from './account.repository.ts';
import type { AccountService, RequestMeta, SessionOpened } from './account.service.ts';
import * as keys from './passkeys.repository.ts';
import * as factors from './two-factor.repository.ts';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds; one step either side for clock drift. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const DRIFT_STEPS = 1;
const ISSUER = 'AIPM Portal';
/** 5 wrong codes in 15 minutes lock the second step for the account (its own counter, apart from the password's). */
const CODE_LIMIT = { max: 5, windowMs: 15 * 60_000 };
const RECOVERY_CODES = 10;
/** Recovery codes: 10 characters without look-alikes (no 0/O, 1/I/L), shown as XXXXX-XXXXX. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const totpOf = (secret: string, label = '') => new TOTP({ ...TOTP_SETTINGS, issuer: ISSUER, label, secret: Secret.fromBase32(secret) });
const normalisedRecovery = (code: string) => code.toUpperCase().replace(/-/g, '');
/**
 * A recovery code holds 50 bits, too few for a plain hash (a leaked table would be read back in hours), so each is kept
 * as a password is (argon2id, salted; OWASP ASVS 6.5.2). Codes given before that were kept as SHA-256, and still work.
 */
const recoveryCodeMatches = (stored: string, code: string) =>
  stored.startsWith('$argon2') ? verifyPassword(stored, code) : Promise.resolve(stored === sha256(code));
const newRecoveryCode = () => {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/**
 * Two-factor sign-in (TOTP, RFC 6238, with otpauth): enrolment from the profile, the login's second step, recovery
 * codes, turning it off, and admin's reset for a person who lost their device. A code is accepted once (the last
 * accepted time step is kept); a recovery code once (marked used).
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
  ) {}

  async status(user: User): Promise<{ enabled: boolean; required: boolean; recoveryCodesLeft: number }> {
    const enabled = Boolean((await factors.findFactor(this.db, user.id))?.confirmedAt);
    const recoveryCodesLeft = enabled ? await factors.countRecoveryCodesLeft(this.db, user.id) : 0;
    // `required`: the role requires it, whether it is on or not.
    return { enabled, required: this.accounts.mustEnrol(user.role, false), recoveryCodesLeft };
  }

  /** A new secret for the person's authenticator; it replaces an unconfirmed one and works once confirmed. */
  async start(user: User, mustEnrol: boolean, meta: RequestMeta): Promise<{ secret: string; uri: string; qr: string }> {
    const now = this.clock.now();
    await this.accounts.assertMayAddFactor(user, mustEnrol);
    const secret = new Secret({ size: 20 }).base32;
    await this.db.transaction(async (tx) => {
      if ((await factors.findFactor(tx, user.id, true))?.confirmedAt) throw new AppError('TWO_FACTOR_ON');
      await factors.savePendingSecret(tx, user.id, secret, now);
      await writeLog(tx, now, { domain: 'security', action: 'two_factor.started', entity: 'user', entityId: user.id, actorId: user.id, ip: meta.ip });
    });
    const uri = totpOf(secret, user.email).toString();
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * Turns two-factor sign-in on with a code from the enrolled app, in session `sessionId`, which then counts as opened
   * with it; answers the recovery codes (only their hashes are kept).
   */
  async confirm(user: User, session: { id: number; mustEnrol: boolean }, code: string, meta: RequestMeta): Promise<{ recoveryCodes: string[] }> {
    const now = this.clock.now();
    // Asked again here, not only at the start: a secret started before the account had a factor must not be confirmed
    // by the password alone once it has one.
    await this.accounts.assertMayAddFactor(user, session.mustEnrol);
    const attempt = await this.countAttempt(user.id);
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => hashPassword(normalisedRecovery(c))));
    await this.db.transaction(async (tx) => {
      const factor = await factors.findFactor(tx, user.id, true);
      if (!factor) throw new AppError('TWO_FACTOR_OFF');
      if (factor.confirmedAt) throw new AppError('TWO_FACTOR_ON');
      if (!(await this.acceptTotp(tx, factor, code, now))) throw wrongCode();
      await factors.confirmFactor(tx, user.id, hashes, now);
      await releaseEvents(tx, attempt);
      const sessionsEnded = await this.accounts.raiseSession(tx, user, session.id);
      await writeLog(tx, now, {
        domain: 'security',
        action: 'two_factor.enabled',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        after: sessionsEnded ? { ended: sessionsEnded } : undefined,
        ip: meta.ip,
      });
      await this.accounts.securityNotice(tx, user.id, 'twoFactorAdded', now);
    });
    return { recoveryCodes: codes };
  }

  /** Turns it off: the password and a code (or a recovery code) are both needed. */
  async disable(user: User, input: z.output<typeof twoFactorDisableBody>, meta: RequestMeta): Promise<void> {
    const now = this.clock.now();
    await this.accounts.checkPassword(user, input.password, 'password', meta);
    const attempt = await this.countAttempt(user.id);
    await this.db.transaction(async (tx) => {
      const factor = await factors.findFactor(tx, user.id, true);
      if (!factor?.confirmedAt) throw new AppError('TWO_FACTOR_OFF');
      if (!(await this.acceptCode(tx, factor, input.code, now))) throw wrongCode();
      await factors.removeFactor(tx, user.id);
      await releaseEvents(tx, attempt);
      await writeLog(tx, now, {
        domain: 'security',
        action: 'two_factor.disabled',
        entity: 'user',
        entityId: user.id,
        actorId: user.id,
        ip: meta.ip,
      });
      await this.accounts.securityNotice(tx, user.id, 'twoFactorRemoved', now);
    });
  }

  /**
   * Admin turns off another person's second factors (a lost phone): the app and every passkey, since a lost device may
   * hold either, and a person whose role requires one could otherwise neither remove the lost passkey nor enrol another
   * with the password alone. Logged, and the person is told by e-mail.
   */
  async reset(admin: User, userId: number, meta: RequestMeta): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      if (!(await repo.contactOf(tx, userId))) throw new AppError('NOT_FOUND');
      const app = Boolean((await factors.findFactor(tx, userId, true))?.confirmedAt);
      await factors.removeFactor(tx, userId);
      const passkeysRemoved = await keys.deletePasskeysOf(tx, userId);
      if (!app && !passkeysRemoved) throw new AppError('TWO_FACTOR_OFF');
      await writeLog(tx, now, {
        domain: 'security',
        action: 'two_factor.reset',
        entity: 'user',
        entityId: userId,
        actorId: admin.id,
        after: { app, passkeysRemoved },
        ip: meta.ip,
      });
      await this.accounts.securityNotice(tx, userId, 'twoFactorRemoved', now);
    });
  }

  /** The login's second step: the challenge the password earned and a code; a session when both hold. */
  async completeLogin(input: z.output<typeof twoFactorLoginBody>, meta: RequestMeta): Promise<SessionOpened> {
    const now = this.clock.now();
    const challenge = await factors.findChallenge(this.db, sha256(input.challenge), now);
    if (!challenge) throw new AppError('SIGN_IN_EXPIRED');
    const attempt = await this.accounts.takeSignInAttempt(this.codeLimit(challenge.userId), meta, async () => challenge.userId);
    const accepted = await this.db.transaction(async (tx) => {
      const factor = await factors.findFactor(tx, challenge.userId, true);
      const how = factor?.confirmedAt ? await this.acceptCode(tx, factor, input.code, now) : null;
      if (!how) return false;
      await factors.deleteChallenge(tx, challenge.id);
      if (how === 'recovery') {
        await writeLog(tx, now, {
          domain: 'security',
          action: 'recovery_code.used',
          entity: 'user',
          entityId: challenge.userId,
          actorId: challenge.userId,
          ip: meta.ip,
        });
      }
      return true;
    });
    if (!accepted) {
      await this.db.transaction((tx) =>
        writeLog(tx, now, { domain: 'security', action: 'login.second_factor_failed', entity: 'user', entityId: challenge.userId, ip: meta.ip }),
      );
      throw wrongCode();
    }
    return this.accounts.openSession(challenge.userId, await this.accounts.deviceOf(meta, challenge.email), meta, attempt, 'code');
  }

  /** Counts a code attempt against the account's limit before it is checked (parallel guesses meet the limit); taken back on success. */
  private countAttempt(userId: number): Promise<number[]> {
    return takeFromLimits(this.db, this.clock.now(), this.codeLimit(userId));
  }

  private codeLimit = (userId: number) => [{ bucket: 'two-factor', key: String(userId), ...CODE_LIMIT }];

  /** A code from the app, or a recovery code: which one was accepted (and spent), or null. */
  private async acceptCode(tx: Executor, factor: factors.TwoFactorRow, code: string, now: Date): Promise<'totp' | 'recovery' | null> {
    if (/^\d{6}$/.test(code)) return (await this.acceptTotp(tx, factor, code, now)) ? 'totp' : null;
    return (await this.spendRecoveryCode(tx, factor.userId, normalisedRecovery(code), now)) ? 'recovery' : null;
  }

  /** Spends the person's unused recovery code that matches, if one does (each checked as a password is). */
  private async spendRecoveryCode(tx: Executor, userId: number, code: string, now: Date): Promise<boolean> {
    for (const stored of await factors.unusedRecoveryCodes(tx, userId)) {
      if (await recoveryCodeMatches(stored.codeHash, code)) {
        await factors.spendRecoveryCode(tx, stored.id, now);
        return true;
      }
    }
    return false;
  }

  /** A code of the app's current time step (or one either side), newer than the last one accepted; its step is then spent. */
  private async acceptTotp(tx: Executor, factor: factors.TwoFactorRow, code: string, now: Date): Promise<boolean> {
    const delta = totpOf(factor.secret).validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
    if (delta === null) return false;
    return factors.spendStep(tx, factor.userId, Math.floor(now.getTime() / 1000 / TOTP_SETTINGS.period) + delta);
  }
}

const wrongCode = () => new AppError('SECOND_FACTOR_WRONG', { fields: { code: 'errors.secondFactorWrong' } });
