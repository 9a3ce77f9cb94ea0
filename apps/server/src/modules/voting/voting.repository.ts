import type { VotingDetail, VotingSummary } from '@portal/shared';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { companies, mailOutbox, mailTemplates, users, votingCompanies, votingOptions, votingResponses, votings } from '../../db/schema/index.ts';
import { eligibleVoter } from './eligibility.ts';

export type VotingRow = typeof votings.$inferSelect;

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

/** Every response of a voting, whatever its status: what deleting or editing the voting would delete. */
export async function countResponses(db: Executor, votingId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(votingResponses).where(eq(votingResponses.votingId, votingId));
  return row?.n ?? 0;
}

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

/** Is this person an eligible voter of the voting? Answers the person, with their company, or null. */
export async function eligiblePerson(db: Executor, voting: VotingRow, where: SQL) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, surname: users.surname, locale: users.locale, companyId: users.companyId })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(where, eligibleVoter(voting)));
  return row ?? null;
}

/**
 * Everything a ballot needs, in one query: the voting, its option ids, and the person if they are an eligible
 * voter of it (with whether their unit, the company or themselves, has a valid response already) together with
 * the receipt's stored template in their language.
 */
function ballotQuery(db: Db, votingWhere: SQL, voterWhere: SQL) {
  const voter = db
    .select({
      id: sql<number>`${users.id}`.as('voter_id'),
      email: users.email,
      name: sql<string>`${users.name}`.as('voter_name'),
      surname: users.surname,
      locale: users.locale,
      companyId: sql<number>`${users.companyId}`.as('voter_company_id'),
      voted: sql<boolean>`EXISTS (SELECT 1 FROM ${votingResponses} r WHERE r.voting_id = ${votings.id} AND r.status = 'valid'
        AND r.unit_key = CASE WHEN ${votings.unit} = 'company' THEN 'c:' || ${users.companyId} ELSE 'u:' || ${users.id} END)`.as('voted'),
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(voterWhere, eligibleVoter({ id: sql`${votings.id}`, eligibility: sql`${votings.eligibility}` })))
    .as('voter');
  return db
    .select({
      voting: getTableColumns(votings),
      optionIds: sql<number[]>`ARRAY(SELECT o.id FROM ${votingOptions} o WHERE o.voting_id = ${votings.id})`,
      voter: {
        id: voter.id,
        email: voter.email,
        name: voter.name,
        surname: voter.surname,
        locale: voter.locale,
        companyId: voter.companyId,
        voted: voter.voted,
      },
      receipt: { subject: mailTemplates.subject, body: mailTemplates.body },
    })
    .from(votings)
    .leftJoinLateral(voter, sql`true`)
    .leftJoin(mailTemplates, and(eq(mailTemplates.type, 'voteReceipt'), eq(mailTemplates.locale, voter.locale)))
    .where(votingWhere);
}

/**
 * The ballot query, prepared once per database (a vote is the hottest path: the SQL is built once and the
 * server keeps its plan), for several voters at once: by the voting's slug and the voters' e-mails (the public
 * form), or by their ids. A row per eligible voter; one row without a voter when none is; none without the voting.
 */
export function ballotQueries(db: Db) {
  return {
    bySlugAndEmails: ballotQuery(db, eq(votings.slug, sql.placeholder('voting')), sql`${users.email} = ANY(${sql.placeholder('voters')})`).prepare(
      'ballot_by_slug_and_emails',
    ),
    byIds: ballotQuery(db, eq(votings.id, sql.placeholder('voting')), sql`${users.id} = ANY(${sql.placeholder('voters')})`).prepare('ballot_by_ids'),
  };
}

type BallotQueries = ReturnType<typeof ballotQueries>;
export type Ballot = Awaited<ReturnType<BallotQueries['byIds']['execute']>>[number];

/**
 * The valid-response count moved by `delta`; once the voting is over, the quorum recorded at the stop is
 * evaluated again, so a response staff reject, delete, restore or record afterwards keeps every screen in agreement.
 */
const recount = (delta: SQL) =>
  sql`valid_count = valid_count + ${delta},
    quorum_reached = CASE WHEN status IN ('stopped', 'archived') AND quorum IS NOT NULL THEN valid_count + ${delta} >= quorum ELSE quorum_reached END`;

/** Takes a place below the maximum (+1) or frees one (-1); answers false when the voting is full. */
export async function moveCount(db: Executor, votingId: number, delta: 1 | -1): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE ${votings} SET ${recount(sql`${delta}::int`)}
      WHERE id = ${votingId} AND (${delta}::int < 0 OR effective_max IS NULL OR valid_count < effective_max)
      RETURNING id`,
  );
  return rows.length > 0;
}

/** One response to cast: the voter, the answers, the receipt code and its e-mail. */
export interface CastEntry {
  userId: number;
  companyId: number;
  /** 'c:<company>' or 'u:<person>': one valid response per unit. */
  unitKey: string;
  optionIds: number[];
  receipt: string;
  at: Date;
  mail: { to: string; subject: string; text: string };
}

/** Responses to one voting, cast together. */
export interface CastBatch {
  votingId: number;
  /** The voting as the ballots were checked against it: an edit or a move since then refuses them. */
  votingUpdatedAt: Date;
  source: 'portal' | 'public' | 'staff';
  recordedBy: number | null;
  now: Date;
  /** Staff may record a ballot after the voting has stopped too. */
  whileStopped: boolean;
  entries: CastEntry[];
}

/**
 * Casts responses as one statement. The voting's row is locked only if the voting is open, unchanged since
 * the ballots were checked and not full; each response is inserted unless its unit already has a valid one
 * (the unique index decides, so of two at once only the first counts); the valid-response count rises by the
 * number inserted, which the CHECK constraint holds under the maximum (a batch that would pass it fails
 * whole); each inserted response's receipt is queued for e-mail. Being one statement it commits on its own
 * (or in the caller's transaction) and holds the voting's row only inside the database. Answers whether the
 * voting took responses at all, and the receipt codes of those cast.
 */
export async function castResponses(db: Executor, c: CastBatch): Promise<{ open: boolean; cast: Set<string> }> {
  const column = <T>(pick: (e: CastEntry) => T) => sql.param(c.entries.map(pick));
  const [row] = await queryRows<{ open: boolean; cast: string[] }>(
    db,
    sql`WITH voting AS (
        SELECT id FROM ${votings}
        -- Compared to the millisecond, as JavaScript read it.
        WHERE id = ${c.votingId} AND date_trunc('milliseconds', updated_at) = ${c.votingUpdatedAt}
          AND (effective_max IS NULL OR valid_count < effective_max)
          AND ((status = 'started' AND starts_at <= ${c.now} AND ends_at > ${c.now}) OR (${c.whileStopped} AND status = 'stopped'))
        FOR UPDATE
      ), ballot AS (
        SELECT * FROM unnest(
          ${column((e) => e.userId)}::int[], ${column((e) => e.companyId)}::int[], ${column((e) => e.unitKey)}::text[],
          ${column((e) => `{${e.optionIds.join(',')}}`)}::text[], ${column((e) => e.receipt)}::text[], ${column((e) => e.at.toISOString())}::timestamptz[],
          ${column((e) => e.mail.to)}::text[], ${column((e) => e.mail.subject)}::text[], ${column((e) => e.mail.text)}::text[]
        ) WITH ORDINALITY AS b(user_id, company_id, unit_key, option_ids, receipt, at, mail_to, subject, text, ord)
      ), response AS (
        INSERT INTO ${votingResponses} (voting_id, user_id, company_id, unit_key, option_ids, source, receipt, recorded_by, created_at, updated_at)
        SELECT voting.id, b.user_id, b.company_id, b.unit_key, b.option_ids::int[], ${c.source}, b.receipt, ${c.recordedBy}::int, b.at, b.at
        FROM voting CROSS JOIN ballot b
        ORDER BY b.ord
        ON CONFLICT (voting_id, unit_key) WHERE status = 'valid' DO NOTHING
        RETURNING receipt
      ), place AS (
        UPDATE ${votings} SET ${recount(sql`(SELECT count(*)::int FROM response)`)} WHERE id = (SELECT id FROM voting)
      ), receipt AS (
        INSERT INTO ${mailOutbox} (type, "to", subject, text, next_attempt_at, created_at)
        SELECT 'voteReceipt', b.mail_to, b.subject, b.text, b.at, b.at FROM ballot b JOIN response r ON r.receipt = b.receipt
      )
      SELECT EXISTS (SELECT 1 FROM voting) AS open, ARRAY(SELECT receipt FROM response) AS cast`,
  );
  return { open: Boolean(row?.open), cast: new Set(row?.cast ?? []) };
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
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(votings.title, like), ilike(votings.question, like)));
  }
  const sort = { startsAt: votings.startsAt, title: votings.title, status: votings.status }[f.sort ?? 'startsAt'];
  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(votings)
      .where(and(...where))
      .orderBy(f.order === 'asc' ? asc(sort) : desc(sort), desc(votings.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ n: count() })
      .from(votings)
      .where(and(...where)),
  ]);
  return { rows: rows.map(toSummary), total: counted?.n ?? 0 };
}

export async function authorName(db: Executor, authorId: number | null): Promise<string | null> {
  if (!authorId) return null;
  const [row] = await db.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.id, authorId));
  return row ? `${row.name} ${row.surname}` : null;
}

/** Option counts among valid responses. */
export async function optionCounts(db: Executor, votingId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ optionId: sql<number>`unnest(${votingResponses.optionIds})`.mapWith(Number), n: count() })
    .from(votingResponses)
    .where(and(eq(votingResponses.votingId, votingId), eq(votingResponses.status, 'valid')))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.optionId, r.n]));
}

export type { VotingDetail };
