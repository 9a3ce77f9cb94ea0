// The survey's completion dashboard (issue 10): 300 member companies' responses to an open period in varied states, each with
// its steps, and some with open issues and reminders; the staff's list pages at CONNECTIONS connections.
import type { Database } from '../src/db/client.ts';
import { vacuumed } from './figures.ts';

/** Companies the dashboard should list: the large seed's active ones and the demo company, topped up to this. */
const COMPANIES = 300;

/** Seeds a closed period (the demo's stays the one open) and its responses; answers the period's id and how many companies the dashboard lists. */
export async function seedDashboard(database: Database): Promise<{ periodId: number; companies: number }> {
  const counted = `is_active AND status <> 'removed' AND NOT is_test`;
  const [have] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM companies WHERE ${counted}`);
  const missing = Math.max(0, COMPANIES - Number(have?.n ?? 0));
  const [period] = await database.query<{ id: number }>(
    `INSERT INTO survey_periods (kind, code, title_en, title_ru, status, opens_at, closes_at, effective_date, bonus_year, minimum_wage)
     VALUES ('salary', 'BENCH', 'Bench survey', 'Опрос для замеров', 'closed', now() - interval '20 days', now() - interval '1 day', '2026-04-01', 2025, 22440)
     RETURNING id`,
  );
  const id = Number(period?.id);
  const steps = `ARRAY['contact', 'matching', 'positions', 'turnover', 'benchmarks', 'page:profile', 'page:cars']`;
  for (const statement of [
    `INSERT INTO companies (name, domain, status, is_active, created_at)
      SELECT 'Bench Survey Co ' || g, 'bench-survey-' || g || '.test', 'confirmed', true, now() FROM generate_series(1, ${missing}) g`,
    // Four in five companies have begun: in progress, submitted, accepted, returned or withdrawn.
    `INSERT INTO survey_responses (period_id, company_id, status, progress_pct, steps_complete, steps_total, errors_open, warnings_open,
        started_at, last_saved_at, last_saved_by, submitted_at, accepted_at)
      SELECT ${id}, c.id, s.status, CASE WHEN s.status = 'in_progress' THEN (c.id * 7) % 100 ELSE 100 END,
        CASE WHEN s.status = 'in_progress' THEN c.id % 7 ELSE 7 END, 7, c.id % 3, c.id % 2,
        now() - interval '15 days', now() - (c.id % 200) * interval '1 hour',
        (SELECT u.id FROM users u WHERE u.company_id = c.id ORDER BY u.id LIMIT 1),
        CASE WHEN s.status IN ('submitted', 'accepted', 'returned') THEN now() - (c.id % 50) * interval '1 hour' END,
        CASE WHEN s.status = 'accepted' THEN now() END
      FROM companies c,
        LATERAL (SELECT (ARRAY['in_progress', 'submitted', 'in_progress', 'accepted', 'returned', 'withdrawn'])[1 + c.id % 6] AS status) s
      WHERE c.is_active AND c.status <> 'removed' AND NOT c.is_test AND c.id % 5 <> 0`,
    `INSERT INTO response_steps (response_id, step_key, status, answered_required, required_total, errors_open, warnings_open, updated_at)
      SELECT r.id, k.key, (ARRAY['complete', 'in_progress', 'has_errors', 'not_started', 'complete'])[1 + (r.id + k.n) % 5], 3, 5, 0, 0, now()
      FROM survey_responses r, unnest(${steps}) WITH ORDINALITY AS k(key, n) WHERE r.period_id = ${id}`,
    `INSERT INTO validation_issues (response_id, step_key, target, rule_code, severity, params, created_at)
      SELECT r.id, 'positions', 'position:' || g, 'base_change', (ARRAY['error', 'warning', 'staff_query'])[1 + g % 3], '{}', now()
      FROM survey_responses r, generate_series(1, 3) g WHERE r.period_id = ${id} AND r.id % 3 = 0`,
    `INSERT INTO survey_reminders (period_id, company_id, kind, days_before, sent_to, sent_at)
      SELECT ${id}, c.id, 'reminder', d, '["hr@example.test"]', now() - d * interval '1 day'
      FROM companies c, unnest(ARRAY[14, 7]) d WHERE c.id % 2 = 0`,
  ])
    await database.query(statement);
  await vacuumed(database, 'companies, survey_responses, response_steps, validation_issues, survey_reminders, survey_periods');
  const [listed] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM companies WHERE is_active AND status <> 'removed'`);
  return { periodId: id, companies: Number(listed?.n ?? 0) };
}

/** The dashboard's requests: the first page, a filtered and sorted later page, a search, and the Excel export. */
export const dashboardRoutes = (periodId: number): [string, string][] => [
  ['survey dashboard: first page of 50, by company', `/api/aipm/report-progress/list?periodId=${periodId}`],
  [
    'survey dashboard: incomplete, by progress, page 2 of 25',
    `/api/aipm/report-progress/list?periodId=${periodId}&incomplete=true&sort=progress&order=desc&page=2&pageSize=25`,
  ],
  ['survey dashboard: submitted, by last saved', `/api/aipm/report-progress/list?periodId=${periodId}&status=submitted&sort=lastSavedAt&order=desc`],
  ['survey dashboard: search', `/api/aipm/report-progress/list?periodId=${periodId}&search=pharma`],
  ['survey dashboard: Excel export of every company', `/api/aipm/report-progress/download?periodId=${periodId}`],
];
