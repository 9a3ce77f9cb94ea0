import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  actionLog,
  mailOutbox,
  recoveryCodes,
  registrationCodes,
  sessions,
  trustedDevices,
  users,
  webauthnChallenges,
} from '../../db/schema/index.ts';
import { mailProgress } from '../../mail/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_RETENTION_DAYS: '90', SECURITY_LOG_RETENTION_DAYS: '365' });
});
beforeEach(async () => {
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

/** Rows of every kind the run looks at, one past its keeping and one within it. */
async function fill() {
  const { db } = t.database;
  const now = t.clock.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'employee@demo.test'));
  const userId = person?.id ?? 0;
  await db.insert(sessions).values([
    { userId, tokenHash: 'ended', createdAt: ago(40), lastSeenAt: ago(31), expiresAt: ago(10) },
    { userId, tokenHash: 'live', createdAt: ago(1), lastSeenAt: ago(1), expiresAt: new Date(now.getTime() + DAY) },
  ]);
  // A passkey ceremony never finished, and one under way.
  await db.insert(webauthnChallenges).values([
    { challengeHash: 'abandoned', purpose: 'login', expiresAt: ago(1) },
    { challengeHash: 'under-way', purpose: 'register', userId, expiresAt: new Date(now.getTime() + 60_000) },
  ]);
  await db.insert(registrationCodes).values([
    { userId, codeHash: 'used', purpose: 'reset', createdAt: ago(2), expiresAt: new Date(now.getTime() + DAY), usedAt: ago(1) },
    { userId, codeHash: 'expired', purpose: 'reset', createdAt: ago(3), expiresAt: ago(2) },
    { userId, codeHash: 'open', purpose: 'first', createdAt: ago(1), expiresAt: new Date(now.getTime() + DAY) },
  ]);
  // A recovery code spent, and one left.
  await db.insert(recoveryCodes).values([
    { userId, codeHash: 'spent', usedAt: ago(5) },
    { userId, codeHash: 'left' },
  ]);
  await db.insert(trustedDevices).values([
    { userId, tokenHash: 'forgotten', createdAt: ago(800), lastUsedAt: ago(400) },
    { userId, tokenHash: 'used', createdAt: ago(800), lastUsedAt: ago(3) },
  ]);
  const mail = (status: 'sent' | 'failed' | 'pending', days: number, to: string) => ({
    type: 'votingStarted',
    to,
    subject: 'A voting',
    text: 'A voting has started.',
    status,
    nextAttemptAt: ago(days),
    createdAt: ago(days),
    sentAt: status === 'sent' ? ago(days) : null,
    topic: 'voting:7',
  });
  await db
    .insert(mailOutbox)
    .values([
      mail('sent', 100, 'old@demo.test'),
      mail('sent', 10, 'recent@demo.test'),
      mail('failed', 100, 'bounced@demo.test'),
      mail('pending', 0, 'next@demo.test'),
    ]);
  await db.insert(actionLog).values([
    { at: ago(400), domain: 'security', action: 'login', entity: 'user', entityId: userId, ip: '198.51.100.4' },
    { at: ago(10), domain: 'security', action: 'login', entity: 'user', entityId: userId, ip: '198.51.100.5' },
    { at: ago(400), domain: 'users', action: 'user.updated', entity: 'user', entityId: userId },
  ]);
}

describe('the retention run', () => {
  it('purges what is past its keeping, keeps the rest, and keeps the figures of purged mail', async () => {
    await fill();
    const { db } = t.database;
    expect(await t.app.services.retention.runIfDue()).toEqual({ sessions: 2, codes: 3, devices: 1, mail: 1, securityLog: 1 });

    expect((await db.select({ hash: sessions.tokenHash }).from(sessions)).map((r) => r.hash)).toEqual(['live']);
    expect((await db.select({ hash: webauthnChallenges.challengeHash }).from(webauthnChallenges)).map((r) => r.hash)).toEqual(['under-way']);
    expect((await db.select({ hash: registrationCodes.codeHash }).from(registrationCodes)).map((r) => r.hash)).toEqual(['open']);
    expect((await db.select({ hash: recoveryCodes.codeHash }).from(recoveryCodes)).map((r) => r.hash)).toEqual(['left']);
    expect((await db.select({ hash: trustedDevices.tokenHash }).from(trustedDevices)).map((r) => r.hash)).toEqual(['used']);
    expect((await db.select({ to: mailOutbox.to }).from(mailOutbox)).map((r) => r.to).sort()).toEqual([
      'bounced@demo.test',
      'next@demo.test',
      'recent@demo.test',
    ]);
    expect(await mailProgress(db, 'voting:7')).toEqual({ queued: 1, sent: 2, failed: 1 });
    const log = await db.select({ domain: actionLog.domain, action: actionLog.action, ip: actionLog.ip, after: actionLog.after }).from(actionLog);
    expect(log.filter((e) => e.action === 'login').map((e) => e.ip)).toEqual(['198.51.100.5']);
    expect(log.filter((e) => e.domain === 'users')).toHaveLength(1);
    expect(log.filter((e) => e.action === 'retention.purged')).toEqual([
      expect.objectContaining({ domain: 'security', after: { sessions: 2, codes: 3, devices: 1, mail: 1, securityLog: 1 } }),
    ]);
  });

  it('runs once a day for the whole portal, whoever asks', async () => {
    expect(await t.app.services.retention.runIfDue()).not.toBeNull();
    await fill();
    expect(await t.app.services.retention.runIfDue()).toBeNull();
    t.clock.advance(23 * 60 * 60 * 1000);
    expect(await t.app.services.retention.runIfDue()).toBeNull();
    t.clock.advance(60 * 60 * 1000);
    expect(await t.app.services.retention.runIfDue()).toEqual(expect.objectContaining({ mail: 1, securityLog: 1 }));
  });
});
