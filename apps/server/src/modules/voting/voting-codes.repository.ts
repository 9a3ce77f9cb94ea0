import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { votingCodes } from '../../db/schema/index.ts';

/** A one-time code of the public form: one row per voting and e-mail. */
export type VotingCode = typeof votingCodes.$inferSelect;

const codeOf = (votingId: number, email: string) => and(eq(votingCodes.votingId, votingId), eq(votingCodes.email, email));

/** The e-mail's code row, locked until the transaction ends, so two requests for one e-mail go one after the other. */
export async function lockCode(db: Executor, votingId: number, email: string): Promise<VotingCode | undefined> {
  const [row] = await db.select().from(votingCodes).where(codeOf(votingId, email)).for('update');
  return row;
}

/** Stores a new code for the e-mail, replacing the one before. */
export async function saveCode(db: Executor, votingId: number, email: string, values: { codeHash: string; expiresAt: Date }): Promise<void> {
  await db
    .insert(votingCodes)
    .values({ votingId, email, ...values })
    .onConflictDoUpdate({ target: [votingCodes.votingId, votingCodes.email], set: values });
}

export async function updateCode(
  db: Executor,
  votingId: number,
  email: string,
  changes: Partial<Pick<VotingCode, 'failedAttempts' | 'lockedUntil' | 'expiresAt'>>,
): Promise<void> {
  await db.update(votingCodes).set(changes).where(codeOf(votingId, email));
}

export async function deleteCode(db: Executor, votingId: number, email: string): Promise<void> {
  await db.delete(votingCodes).where(codeOf(votingId, email));
}
