import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginChallenges, recoveryCodes, twoFactors, users } from '../../db/schema/index.ts';

export type TwoFactorRow = typeof twoFactors.$inferSelect;

/** A person's authenticator, locked against a concurrent change when `lock` is set. */
export async function findFactor(db: Executor, userId: number, lock = false): Promise<TwoFactorRow | null> {
  const query = db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function countRecoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Keeps a new, unconfirmed secret (replacing an unconfirmed one). */
export async function savePendingSecret(db: Executor, userId: number, secret: string, now: Date): Promise<void> {
  await db
    .insert(twoFactors)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({ target: twoFactors.userId, set: { secret, createdAt: now, lastStep: 0 } });
}

/** Turns the factor on with a fresh set of recovery codes (their hashes), the old set gone. */
export async function confirmFactor(db: Executor, userId: number, recoveryCodeHashes: string[], now: Date): Promise<void> {
  await db.update(twoFactors).set({ confirmedAt: now }).where(eq(twoFactors.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a time step: true when it is newer than the last one accepted (a code works once). */
export async function spendStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactors)
    .set({ lastStep: step })
    .where(and(eq(twoFactors.userId, userId), lt(twoFactors.lastStep, step)))
    .returning({ userId: twoFactors.userId });
  return rows.length > 0;
}

/** The person's unused recovery codes (their hashes), locked to the end of the transaction so one is spent once. */
export function unusedRecoveryCodes(db: Executor, userId: number): Promise<{ id: number; codeHash: string }[]> {
  return db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .orderBy(recoveryCodes.id)
    .for('update');
}

export async function spendRecoveryCode(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(recoveryCodes).set({ usedAt: now }).where(eq(recoveryCodes.id, id));
}

/** Removes the factor, its recovery codes and any sign-in waiting for a code. */
export async function removeFactor(db: Executor, userId: number): Promise<void> {
  await db.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

/** A live challenge of a login's second step, with the person's e-mail (for their device cookie). */
export async function findChallenge(db: Executor, tokenHash: string, now: Date): Promise<{ id: number; userId: number; email: string } | null> {
  const [row] = await db
    .select({ id: loginChallenges.id, userId: loginChallenges.userId, email: users.email })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(and(eq(loginChallenges.tokenHash, tokenHash), gt(loginChallenges.expiresAt, now)));
  return row ?? null;
}

export async function deleteChallenge(db: Executor, id: number): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
}
