import { and, asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Executor, totalOf, withTotal } from '../../db/client.ts';
import { companies, users, votingResponses } from '../../db/schema/index.ts';
import { eligibleVoter } from './eligibility.ts';
import type { VotingRow } from './voting.repository.ts';

export type ResponseRow = typeof votingResponses.$inferSelect;
type ResponseStatus = ResponseRow['status'];

/** Every response of a voting, whatever its status: what deleting or editing the voting would delete. */
export async function countResponses(db: Executor, votingId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(votingResponses).where(eq(votingResponses.votingId, votingId));
  return row?.n ?? 0;
}

/** Deletes every response of a voting for good (an edit the caller confirmed). */
export async function deleteResponses(db: Executor, votingId: number): Promise<void> {
  await db.delete(votingResponses).where(eq(votingResponses.votingId, votingId));
}

/** A response with its voter's name (for the log), locked for a change when asked; null when there is none. */
export async function findResponse(db: Executor, responseId: number, lock = false) {
  const query = db
    .select({ response: getTableColumns(votingResponses), voter: sql<string>`${users.name} || ' ' || ${users.surname}` })
    .from(votingResponses)
    .innerJoin(users, eq(users.id, votingResponses.userId))
    .where(eq(votingResponses.id, responseId));
  const [row] = lock ? await query.for('update', { of: votingResponses }) : await query;
  return row ?? null;
}

export async function setAnswers(db: Executor, responseId: number, optionIds: number[], now: Date): Promise<void> {
  await db.update(votingResponses).set({ optionIds, updatedAt: now }).where(eq(votingResponses.id, responseId));
}

/** Moves a response to a status; the reason is kept unless one is given. */
export async function setStatus(db: Executor, responseId: number, status: ResponseStatus, now: Date, reason?: string | null): Promise<void> {
  await db
    .update(votingResponses)
    .set(reason === undefined ? { status, updatedAt: now } : { status, reason, updatedAt: now })
    .where(eq(votingResponses.id, responseId));
}

/** Who cast the valid response of a unit ('c:<company>' or 'u:<person>'), or null while it has none. */
export async function validResponderOfUnit(db: Executor, votingId: number, unitKey: string) {
  const [first] = await db
    .select({ name: users.name, surname: users.surname, userId: users.id })
    .from(votingResponses)
    .innerJoin(users, eq(users.id, votingResponses.userId))
    .where(and(eq(votingResponses.votingId, votingId), eq(votingResponses.unitKey, unitKey), eq(votingResponses.status, 'valid')));
  return first ?? null;
}

/** A person's latest response to a voting, whatever its status, or null. */
export async function latestResponseOf(db: Executor, votingId: number, userId: number) {
  const [mine] = await db
    .select({
      optionIds: votingResponses.optionIds,
      at: votingResponses.createdAt,
      receipt: votingResponses.receipt,
      status: votingResponses.status,
    })
    .from(votingResponses)
    .where(and(eq(votingResponses.votingId, votingId), eq(votingResponses.userId, userId)))
    .orderBy(desc(votingResponses.id))
    .limit(1);
  return mine ?? null;
}

/** A page of a voting's responses, newest first, with the voters and their companies; and how many there are. */
export async function responsePage(db: Executor, votingId: number, page: number, pageSize: number, status?: ResponseStatus) {
  const where = and(eq(votingResponses.votingId, votingId), status ? eq(votingResponses.status, status) : undefined);
  const counted = db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(votingResponses)
    .where(where);
  return withTotal(
    db
      .select({
        total: totalOf(counted),
        id: votingResponses.id,
        userId: users.id,
        name: users.name,
        surname: users.surname,
        email: users.email,
        companyId: companies.id,
        companyName: companies.name,
        at: votingResponses.createdAt,
        optionIds: votingResponses.optionIds,
        status: votingResponses.status,
        reason: votingResponses.reason,
        source: votingResponses.source,
      })
      .from(votingResponses)
      .innerJoin(users, eq(users.id, votingResponses.userId))
      .leftJoin(companies, eq(companies.id, votingResponses.companyId))
      .where(where)
      .orderBy(desc(votingResponses.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    counted,
  );
}

/** Every response of a voting with names, oldest first, for downloads and the protocol. */
export const allResponses = (db: Executor, votingId: number) =>
  db
    .select({
      surname: users.surname,
      name: users.name,
      email: users.email,
      company: companies.name,
      at: votingResponses.createdAt,
      optionIds: votingResponses.optionIds,
      status: votingResponses.status,
      reason: votingResponses.reason,
      source: votingResponses.source,
    })
    .from(votingResponses)
    .innerJoin(users, eq(users.id, votingResponses.userId))
    .leftJoin(companies, eq(companies.id, votingResponses.companyId))
    .where(eq(votingResponses.votingId, votingId))
    .orderBy(asc(votingResponses.id));

/** Option counts among valid responses. */
export async function optionCounts(db: Executor, votingId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ optionId: sql<number>`unnest(${votingResponses.optionIds})`.mapWith(Number), n: count() })
    .from(votingResponses)
    .where(and(eq(votingResponses.votingId, votingId), eq(votingResponses.status, 'valid')))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.optionId, r.n]));
}

/** The eligible voters by company and name, each with whether they and their company have a valid response. */
export const turnoutRows = (db: Executor, v: VotingRow) =>
  db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      userId: users.id,
      name: users.name,
      surname: users.surname,
      personVoted: sql<boolean>`EXISTS (SELECT 1 FROM ${votingResponses} r WHERE r.voting_id = ${v.id} AND r.status = 'valid' AND r.user_id = ${users.id})`,
      companyVoted: sql<boolean>`EXISTS (SELECT 1 FROM ${votingResponses} r WHERE r.voting_id = ${v.id} AND r.status = 'valid' AND r.company_id = ${companies.id})`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eligibleVoter(v))
    .orderBy(companies.name, users.surname, users.name);
