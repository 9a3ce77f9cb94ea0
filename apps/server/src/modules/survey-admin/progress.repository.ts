import type { ProgressRow, progressListQuery } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, queryRows } from '../../db/client.ts';

export type ProgressFilters = Omit<z.output<typeof progressListQuery>, 'page' | 'pageSize'> & { limit: number; offset: number };

const STATUS = sql.raw(`coalesce(r.status, 'not_started')`);
const DEADLINE = sql.raw(`CASE WHEN r.deadline_override > p.closes_at THEN r.deadline_override ELSE p.closes_at END`);

const ORDER: Record<NonNullable<ProgressFilters['sort']>, SQL> = {
  company: sql.raw('lower(c.name)'),
  status: STATUS,
  progress: sql.raw('coalesce(r.progress_pct, 0)'),
  lastSavedAt: sql.raw('r.last_saved_at'),
  submittedAt: sql.raw('r.submitted_at'),
  reminders: sql.raw('coalesce(rem.n, 0)'),
  issues: sql.raw('open_issues'),
};

/** The dashboard's companies: every active member company (test ones too, flagged), whatever the filters say. */
function where(f: ProgressFilters): SQL {
  const parts: SQL[] = [sql`c.is_active AND c.status <> 'removed'`];
  if (f.search) parts.push(sql`c.name ILIKE ${`%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  if (f.status) parts.push(sql`${STATUS} = ${f.status}`);
  if (f.incomplete) parts.push(sql`${STATUS} NOT IN ('submitted', 'accepted', 'excluded')`);
  return sql.join(parts, sql` AND `);
}

type Raw = {
  company_id: number;
  company: string;
  is_test: boolean;
  status: ProgressRow['status'];
  progress_pct: number;
  steps_complete: number;
  steps_total: number;
  steps: ProgressRow['steps'] | string;
  last_saved_at: Date | string | null;
  last_saved_by: string | null;
  submitted_at: Date | string | null;
  deadline: Date | string;
  extended: boolean;
  reminders: number;
  last_reminder_at: Date | string | null;
  open_issues: number;
  staff_reason: string | null;
};
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * One page of the completion dashboard: companies LEFT JOIN their response to the period (no row: not started), its
 * steps, reminders and open issues. Sorted, filtered and paged in the database; the step chips, the saver's name and the
 * issue count are looked up for the page's rows only.
 */
export async function progressPage(db: Executor, periodId: number, f: ProgressFilters): Promise<ProgressRow[]> {
  const direction = sql.raw(f.order === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST');
  const rows = await queryRows<Raw>(
    db,
    sql`SELECT c.id AS company_id, c.name AS company, c.is_test, ${STATUS} AS status,
          coalesce(r.progress_pct, 0) AS progress_pct, coalesce(r.steps_complete, 0) AS steps_complete,
          coalesce(r.steps_total, 0) AS steps_total, r.last_saved_at, r.submitted_at, r.staff_reason,
          ${DEADLINE} AS deadline, coalesce(r.deadline_override > p.closes_at, false) AS extended,
          coalesce(rem.n, 0) AS reminders, rem.last AS last_reminder_at,
          (SELECT count(*)::int FROM validation_issues i WHERE i.response_id = r.id AND i.acknowledged_at IS NULL) AS open_issues,
          (SELECT coalesce(json_agg(json_build_object('key', s.step_key, 'status', s.status)), '[]'::json)
             FROM response_steps s WHERE s.response_id = r.id) AS steps,
          (SELECT u.name || ' ' || u.surname FROM users u WHERE u.id = r.last_saved_by) AS last_saved_by
        FROM companies c
        CROSS JOIN survey_periods p
        LEFT JOIN survey_responses r ON r.period_id = p.id AND r.company_id = c.id
        LEFT JOIN LATERAL (
          SELECT count(*)::int AS n, max(m.sent_at) AS last FROM survey_reminders m
          WHERE m.period_id = p.id AND m.company_id = c.id AND m.kind IN ('reminder', 'deadline')) rem ON true
        WHERE p.id = ${periodId} AND ${where(f)}
        ORDER BY ${ORDER[f.sort ?? 'company']} ${direction}, lower(c.name), c.id
        LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
  return rows.map((r) => ({
    companyId: r.company_id,
    company: r.company,
    isTest: r.is_test,
    status: r.status,
    progressPct: r.progress_pct,
    stepsComplete: r.steps_complete,
    stepsTotal: r.steps_total,
    steps: typeof r.steps === 'string' ? JSON.parse(r.steps) : r.steps,
    lastSavedAt: iso(r.last_saved_at),
    lastSavedBy: r.last_saved_by,
    submittedAt: iso(r.submitted_at),
    deadline: iso(r.deadline)!,
    extended: r.extended,
    reminders: r.reminders,
    lastReminderAt: iso(r.last_reminder_at),
    openIssues: r.open_issues,
    staffReason: r.staff_reason,
  }));
}

/** How many companies the filters leave (companies and their response only), and whether the period exists at all. */
export async function progressTotal(db: Executor, periodId: number, f: ProgressFilters): Promise<{ total: number; found: boolean }> {
  const [row] = await queryRows<{ n: number; found: boolean }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM companies c
          LEFT JOIN survey_responses r ON r.period_id = ${periodId} AND r.company_id = c.id
          WHERE ${where(f)}) AS n,
        EXISTS (SELECT 1 FROM survey_periods WHERE id = ${periodId}) AS found`,
  );
  return { total: row?.n ?? 0, found: row?.found ?? false };
}
