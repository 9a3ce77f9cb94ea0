import type { VotingDetail, VotingSummary } from '@portal/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, type Executor, totalOf, withTotal } from '../../db/client.ts';
import { companies, users, votingCompanies, votingOptions, votingResponses, votings } from '../../db/schema/index.ts';
import { eligibleVoter } from './eligibility.ts';

export type VotingRow = typeof votings.$inferSelect;
/** The columns of a voting as the life cycle writes them. */
export type VotingValues = typeof votings.$inferInsert;

/** When a voting ends or ended: its planned end, or the moment it was stopped by hand before it. */
export const endOf = (v: Pick<VotingRow, 'endsAt' | 'stoppedAt'>): Date => (v.stoppedAt && v.stoppedAt < v.endsAt ? v.stoppedAt : v.endsAt);

export async function findVoting(db: Executor, id: number, lock = false): Promise<VotingRow | null> {
  const query = db.select().from(votings).where(eq(votings.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findVotingBySlug(db: Executor, slug: string): Promise<VotingRow | null> {
  const [row] = await db.select().from(votings).where(eq(votings.slug, slug));
  return row ?? null;
}

export const optionsOf = (db: Executor, votingId: number) =>
  db
    .select({ id: votingOptions.id, seq: votingOptions.seq, name: votingOptions.name, comment: votingOptions.comment })
    .from(votingOptions)
    .where(eq(votingOptions.votingId, votingId))
    .orderBy(asc(votingOptions.seq));

/** The companies a voting admits (when not every member company), by name. */
export const companiesOf = (db: Executor, votingId: number) =>
  db
    .select({ id: companies.id, name: companies.name })
    .from(votingCompanies)
    .innerJoin(companies, eq(companies.id, votingCompanies.companyId))
    .where(eq(votingCompanies.votingId, votingId))
    .orderBy(asc(companies.name));

/** Eligible voters now: people, or companies when the company is the voting unit (or the unit asked for). */
export async function countEligible(db: Executor, voting: VotingRow, unit = voting.unit): Promise<number> {
  const what = unit === 'company' ? sql<number>`count(DISTINCT ${users.companyId})` : sql<number>`count(*)`;
  const [row] = await db
    .select({ n: what.mapWith(Number) })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eligibleVoter(voting));
  return row?.n ?? 0;
}

export type Recipient = Awaited<ReturnType<typeof eligibleRecipients>>[number];

/** The eligible voters' e-mails (for the start notice and reminders), optionally only those whose unit has not voted. */
export async function eligibleRecipients(db: Executor, voting: VotingRow, onlyNotVoted: boolean) {
  const notVoted = onlyNotVoted
    ? sql`NOT EXISTS (SELECT 1 FROM ${votingResponses} r WHERE r.voting_id = ${voting.id} AND r.status = 'valid'
        AND r.unit_key = CASE WHEN ${voting.unit} = 'company' THEN 'c:' || ${users.companyId} ELSE 'u:' || ${users.id} END)`
    : undefined;
  return db
    .select({ id: users.id, email: users.email, name: users.name, locale: users.locale, role: users.role })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eligibleVoter(voting), notVoted));
}

/** Is this person an eligible voter of the voting? */
export async function isEligibleVoter(db: Executor, voting: VotingRow, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), eligibleVoter(voting)));
  return row !== undefined;
}

/**
 * The votings a person is an eligible voter of, latest end first (at most 100): those open now (started, before
 * their end) or those past (stopped or archived).
 */
export async function votingIdsOfVoter(db: Executor, userId: number, which: { openAt: Date } | 'past'): Promise<number[]> {
  const condition =
    which === 'past' ? sql`${votings.status} IN ('stopped', 'archived')` : sql`${votings.status} = 'started' AND ${votings.endsAt} > ${which.openAt}`;
  const rows = await db
    .select({ id: votings.id })
    .from(votings)
    .where(
      and(
        condition,
        sql`EXISTS (SELECT 1 FROM ${users} JOIN ${companies} ON ${companies.id} = ${users.companyId}
            WHERE ${users.id} = ${userId} AND ${eligibleVoter({ id: sql.raw('"votings"."id"'), eligibility: sql.raw('"votings"."eligibility"') })})`,
      ),
    )
    .orderBy(desc(votings.endsAt))
    .limit(100);
  return rows.map((r) => r.id);
}

/** The votings the schedule moves now: set to start by themselves and due, or running past their end. */
export const dueVotings = (db: Executor, now: Date) =>
  db
    .select({ id: votings.id, status: votings.status, endsAt: votings.endsAt })
    .from(votings)
    .where(
      sql`(${votings.status} = 'planned' AND ${votings.autoStart} AND ${votings.startsAt} <= ${now} AND ${votings.endsAt} > ${now})
          OR (${votings.status} = 'started' AND ${votings.endsAt} <= ${now})`,
    );

export async function insertVoting(db: Executor, values: VotingValues): Promise<number> {
  const [row] = await db.insert(votings).values(values).returning({ id: votings.id });
  return row!.id;
}

export async function updateVoting(db: Executor, id: number, changes: Partial<VotingValues>): Promise<void> {
  await db.update(votings).set(changes).where(eq(votings.id, id));
}

/** Deletes a voting with everything that hangs on it (options, admitted companies, responses, codes: the foreign keys cascade). */
export async function deleteVoting(db: Executor, id: number): Promise<void> {
  await db.delete(votings).where(eq(votings.id, id));
}

export async function insertOptions(
  db: Executor,
  votingId: number,
  options: Pick<typeof votingOptions.$inferInsert, 'seq' | 'name' | 'comment'>[],
): Promise<void> {
  await db.insert(votingOptions).values(options.map((o) => ({ votingId, seq: o.seq, name: o.name, comment: o.comment })));
}

/** The companies a voting admits when not every member company may vote. */
export async function admitCompanies(db: Executor, votingId: number, companyIds: number[]): Promise<void> {
  await db.insert(votingCompanies).values(companyIds.map((companyId) => ({ votingId, companyId })));
}

/** Removes a voting's options and admitted companies, before an edit writes them anew. */
export async function deleteChildren(db: Executor, votingId: number): Promise<void> {
  await db.delete(votingOptions).where(eq(votingOptions.votingId, votingId));
  await db.delete(votingCompanies).where(eq(votingCompanies.votingId, votingId));
}

/** Those of the ids that are companies. */
export async function knownCompanyIds(db: Executor, ids: number[]): Promise<number[]> {
  const rows = await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids));
  return rows.map((r) => r.id);
}

const summaryColumns = {
  id: votings.id,
  slug: votings.slug,
  title: votings.title,
  language: votings.language,
  status: votings.status,
  startsAt: votings.startsAt,
  endsAt: votings.endsAt,
  responses: votings.validCount,
  maxResponses: sql<number | null>`coalesce(${votings.effectiveMax}, ${votings.maxResponses})`,
  publishResults: votings.publishResults,
};

export const toSummary = (r: { startsAt: Date; endsAt: Date } & Omit<VotingSummary, 'startsAt' | 'endsAt'>): VotingSummary => ({
  ...r,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
});

export async function listVotings(
  db: Executor,
  f: { page: number; pageSize: number; order: 'asc' | 'desc'; sort?: 'startsAt' | 'title' | 'status'; status?: VotingRow['status']; search?: string },
  statuses?: VotingRow['status'][],
) {
  const where: (SQL | undefined)[] = [];
  if (f.status) where.push(eq(votings.status, f.status));
  if (statuses) where.push(inArray(votings.status, statuses));
  if (f.search) {
    const like = containsPattern(f.search);
    where.push(or(ilike(votings.title, like), ilike(votings.question, like)));
  }
  const sort = { startsAt: votings.startsAt, title: votings.title, status: votings.status }[f.sort ?? 'startsAt'];
  const counted = db
    .select({ n: count() })
    .from(votings)
    .where(and(...where));
  const { rows, total } = await withTotal(
    db
      .select({ ...summaryColumns, total: totalOf(counted) })
      .from(votings)
      .where(and(...where))
      .orderBy(f.order === 'asc' ? asc(sort) : desc(sort), desc(votings.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    counted,
  );
  return { rows: rows.map(toSummary), total };
}

export async function authorName(db: Executor, authorId: number | null): Promise<string | null> {
  if (!authorId) return null;
  const [row] = await db.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.id, authorId));
  return row ? `${row.name} ${row.surname}` : null;
}

export type { VotingDetail };
