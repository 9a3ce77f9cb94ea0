import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passkeys, webauthnChallenges } from '../../db/schema/index.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** The person's passkeys, oldest first. */
export const listPasskeys = (db: Executor, userId: number) =>
  db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));

/** The credential ids (and transports) of the person's passkeys: the browser is told not to make a second one on them. */
export const listCredentials = (db: Executor, userId: number) =>
  db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));

export async function findByCredentialId(db: Executor, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

export async function credentialExists(db: Executor, credentialId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return Boolean(row);
}

export async function insertPasskey(db: Executor, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  if (!row) throw new Error('passkey not inserted');
  return row;
}

/** Renames one of the person's passkeys; answers its name before, or null when it is not theirs. */
export async function renamePasskey(db: Executor, userId: number, id: number, name: string): Promise<string | null> {
  const [before] = await db
    .select({ name: passkeys.name })
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .for('update');
  if (!before) return null;
  await db.update(passkeys).set({ name }).where(eq(passkeys.id, id));
  return before.name;
}

/** Removes every passkey of the person (admin's reset for a lost device); answers how many. */
export async function deletePasskeysOf(db: Executor, userId: number): Promise<number> {
  return (await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })).length;
}

/** Removes one of the person's passkeys; answers its name, or null when it is not theirs. */
export async function deletePasskey(db: Executor, userId: number, id: number): Promise<string | null> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  return row?.name ?? null;
}

/**
 * Records a use: the counter must grow (or stay 0 for an authenticator that keeps none, as synced passkeys do), checked
 * in the update itself so two sign-ins with one answer cannot both pass. False when the counter did not grow.
 */
export async function recordUse(db: Executor, id: number, counter: number, backedUp: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, backedUp, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, counter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function insertChallenge(db: Executor, values: typeof webauthnChallenges.$inferInsert): Promise<void> {
  await db.insert(webauthnChallenges).values(values);
}

/**
 * Spends a live challenge of the purpose (and the person, for a registration): deleted as it is read, so it works once.
 * True when there was one.
 */
export async function spendChallenge(
  db: Executor,
  challengeHash: string,
  purpose: 'register' | 'login',
  userId: number | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeHash, challengeHash),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return rows.length > 0;
}
