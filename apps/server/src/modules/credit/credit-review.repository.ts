import { type CreditEvent, type CreditReviewRow, type creditReviewListQuery, type Locale, type Role, rolePath } from '@portal/shared';
import type { CreditEventAction } from '@portal/shared/credit-model';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, type Executor, queryRows } from '../../db/client.ts';
import { creditSubmissionEvents } from '../../db/schema/index.ts';
import { holdsArea } from '../survey-access/areas.repository.ts';

type ListFilters = z.output<typeof creditReviewListQuery>;

const ORDER: Record<NonNullable<ListFilters['sort']>, SQL> = {
  company: sql`lower(c.name)`,
  status: sql`s.status`,
  submittedAt: sql`s.submitted_at`,
  receivables: sql`coalesce(t.receivables, 0)`,
  issues: sql`(s.staff_question IS NOT NULL)`,
};

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/**
 * One page of a period's credit submissions with their totals (summed in the database, exact) and open questions,
 * sorted, filtered and paged in SQL with the total as a window count.
 */
export async function reviewPage(db: Executor, periodId: number, f: ListFilters): Promise<{ rows: CreditReviewRow[]; total: number }> {
  const where: SQL[] = [sql`s.period_id = ${periodId}`];
  if (f.status) where.push(sql`s.status = ${f.status}`);
  if (f.search) where.push(sql`lower(c.name) LIKE ${containsPattern(f.search.toLowerCase())}`);
  const direction = sql.raw(f.order === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST');
  const from = sql`FROM credit_submissions s
    JOIN companies c ON c.id = s.company_id
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS distributors, sum(e.receivables_total) AS receivables, sum(e.receivables_total - e.not_due) AS overdue
      FROM credit_entries e WHERE e.submission_id = s.id) t ON true
    WHERE ${sql.join(where, sql` AND `)}`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT s.company_id, c.name AS company, c.is_test, s.status, s.submitted_at, s.last_saved_at, s.staff_question,
          coalesce(t.distributors, 0) AS distributors, coalesce(t.receivables, 0)::text AS receivables,
          coalesce(t.overdue, 0)::text AS overdue, count(*) OVER ()::int AS total
        ${from}
        ORDER BY ${ORDER[f.sort ?? 'company']} ${direction}, lower(c.name), c.id
        LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && f.page > 1) {
    const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`);
    total = count?.n ?? 0;
  }
  return {
    total,
    rows: rows.map((r) => ({
      companyId: r.company_id as number,
      company: r.company as string,
      isTest: r.is_test as boolean,
      status: r.status as CreditReviewRow['status'],
      submittedAt: iso(r.submitted_at),
      lastSavedAt: iso(r.last_saved_at),
      distributors: r.distributors as number,
      receivablesTotal: r.receivables as string,
      overdueTotal: r.overdue as string,
      openIssues: r.staff_question === null ? 0 : 1,
      staffQuestion: (r.staff_question as string | null) ?? null,
    })),
  };
}

/** Records a step of a submission's history. */
export async function addEvent(
  db: Executor,
  e: { submissionId: number; userId: number; action: CreditEventAction; summary?: Record<string, unknown>; at: Date; ip: string },
): Promise<void> {
  await db.insert(creditSubmissionEvents).values({ ...e, summary: e.summary ?? {} });
}

/** A submission's history, oldest first, with who did each step. */
export async function historyOf(db: Executor, submissionId: number): Promise<CreditEvent[]> {
  const rows = await queryRows<{ id: number; action: CreditEventAction; by: string | null; at: Date | string; question: string | null }>(
    db,
    sql`SELECT e.id, e.action, u.name || ' ' || u.surname AS by, e.at, e.summary ->> 'question' AS question
        FROM credit_submission_events e LEFT JOIN users u ON u.id = e.user_id
        WHERE e.submission_id = ${submissionId} ORDER BY e.at, e.id`,
  );
  return rows.map((r) => ({ id: r.id, action: r.action, by: r.by, at: new Date(r.at).toISOString(), question: r.question }));
}

export interface CreditRecipient {
  email: string;
  name: string;
  locale: Locale;
  /** The credit data page in their role's area. */
  path: string;
}

/** Who hears about a company's credit data: its active people holding `credit.fill` (their default or an admin's grant). */
export async function creditRecipients(db: Executor, companyId: number): Promise<CreditRecipient[]> {
  const rows = await queryRows<{ email: string; name: string; locale: Locale | null; role: Role }>(
    db,
    sql`SELECT u.email, u.name || ' ' || u.surname AS name, u.locale, u.role FROM users u
        WHERE u.company_id = ${companyId} AND u.is_active AND ${holdsArea('credit.fill', sql`u.id`, sql`u.role`)}
        ORDER BY u.email`,
  );
  return rows.map((r) => ({ email: r.email, name: r.name, locale: r.locale ?? 'ru', path: rolePath(r.role, 'reports/selection/credit') }));
}

/** A company's name, or undefined when there is no such company. */
export async function companyName(db: Executor, companyId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(db, sql`SELECT name FROM companies WHERE id = ${companyId}`);
  return row?.name;
}
