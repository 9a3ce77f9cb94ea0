import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { companies, mailTemplates, users, votingOptions, votingResponses, votings } from '../../db/schema/index.ts';
import { enqueueRendered } from '../../mail/outbox.ts';
import { builtinOf, templateTextColumns } from '../../mail/templates.ts';
import { eligibleVoter } from './eligibility.ts';

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
      receipt: templateTextColumns,
    })
    .from(votings)
    .leftJoinLateral(voter, sql`true`)
    .leftJoin(mailTemplates, builtinOf('voteReceipt'))
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
export type Voter = NonNullable<Ballot['voter']>;

/** Each voter's ballot from the rows of a ballot query: theirs, or the voting's without a voter; none without the voting. */
export function ballotsOf<K>(rows: Ballot[], keys: K[], keyOf: (voter: Voter) => K): (Ballot | undefined)[] {
  const mine = new Map(rows.flatMap((r) => (r.voter ? [[keyOf(r.voter), r] as const] : [])));
  return keys.map((k) => mine.get(k) ?? (rows[0] ? { ...rows[0], voter: null } : undefined));
}

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
  mail: { to: string; subject: string; html: string; text: string };
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
 * whole); each inserted response's receipt is queued for e-mail, by the mail module's insert as part of this
 * statement. Being one statement it commits on its own (or in the caller's transaction) and holds the voting's
 * row only inside the database. Answers whether the voting took responses at all, and the receipt codes of
 * those cast.
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
          ${column((e) => e.mail.to)}::text[], ${column((e) => e.mail.subject)}::text[], ${column((e) => e.mail.html)}::text[],
          ${column((e) => e.mail.text)}::text[]
        ) WITH ORDINALITY AS b(user_id, company_id, unit_key, option_ids, receipt, at, mail_to, subject, html, text, ord)
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
        ${enqueueRendered('voteReceipt', sql`SELECT b.mail_to AS "to", b.subject, b.html, b.text, b.at FROM ballot b JOIN response r ON r.receipt = b.receipt`)}
      )
      SELECT EXISTS (SELECT 1 FROM voting) AS open, ARRAY(SELECT receipt FROM response) AS cast`,
  );
  return { open: Boolean(row?.open), cast: new Set(row?.cast ?? []) };
}
