// The reports (issue 11): a salary period in review with 300 companies' accepted answers of 400 rows each (120,000
// position × region rows, with bonuses, allowances, car policies, turnover and benchmark answers), frozen into
// statistics and built into the general report through the staff's API, the tasks worked by the app's own worker;
// against reading the same rows and writing them as plain CSV in the same process, and the public vote's latency
// alone and while the statistics and the report are built. Figures beside the health route of the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { latency, round, staffAuth, vacuumed } from './figures.ts';
import type { LoadJob, LoadResult } from './load.ts';

/** Companies with an accepted answer: the large seed's active ones and the demo's, topped up to this. */
const COMPANIES = 300;
const POLL_MS = 100;
/** A task taking longer than this stops the benchmark. */
const TASK_WAIT_MS = 10 * 60_000;

/**
 * Seeds the period (its catalogue copied from the demo's open one, which stays as it is) and its answers; answers the
 * period's id and how many grid rows it holds.
 */
export async function seedReportSurvey(database: Database): Promise<{ periodId: number; rows: number }> {
  const counted = `is_active AND status <> 'removed' AND NOT is_test`;
  const [have] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM companies WHERE ${counted}`);
  const [period] = await database.query<{ id: number }>(
    `INSERT INTO survey_periods (kind, code, title_en, title_ru, status, opens_at, closes_at, effective_date, bonus_year, minimum_wage)
     VALUES ('salary', 'BENCH-REPORTS', 'Bench report survey', 'Опрос для замеров отчётов', 'review', now() - interval '60 days',
       now() - interval '10 days', '2026-04-01', 2025, 22440)
     RETURNING id`,
  );
  const id = Number(period?.id);
  const open = `(SELECT id FROM survey_periods WHERE kind = 'salary' AND status = 'open' ORDER BY id LIMIT 1)`;
  // A company's pay level (0.85–1.2) and a row's spread (±4 %), fixed by the numbers, as the demo's market varies them.
  const pay = `(0.85 + ((r.company_id * 7) % 11) / 11.0 * 0.35)`;
  const level = `array_position(ARRAY['P1', 'P2', 'P3', 'P4', 'M1', 'M2', 'M3', 'M4', 'E1', 'E2'], p.career_level)`;
  for (const statement of [
    `INSERT INTO companies (name, domain, status, is_active, created_at)
      SELECT 'Bench Report Co ' || g, 'bench-report-' || g || '.test', 'confirmed', true, now()
      FROM generate_series(1, ${Math.max(0, COMPANIES - Number(have?.n ?? 0))}) g`,
    `INSERT INTO period_positions (period_id, position_id) SELECT ${id}, position_id FROM period_positions WHERE period_id = ${open}`,
    `INSERT INTO period_regions (period_id, region_id, sort) SELECT ${id}, region_id, sort FROM period_regions WHERE period_id = ${open}`,
    `INSERT INTO benchmark_items (period_id, key, section, label_en, label_ru, unit, categories, choices, required, min, max, warn_min, warn_max, sort)
      SELECT ${id}, key, section, label_en, label_ru, unit, categories, choices, required, min, max, warn_min, warn_max, sort
      FROM benchmark_items WHERE period_id = ${open}`,
    `INSERT INTO survey_responses (period_id, company_id, status, progress_pct, steps_complete, steps_total, started_at, last_saved_at, submitted_at, accepted_at)
      SELECT ${id}, c.id, 'accepted', 100, 7, 7, now() - interval '50 days', now() - interval '12 days', now() - interval '12 days', now() - interval '5 days'
      FROM (SELECT id FROM companies WHERE ${counted} ORDER BY id LIMIT ${COMPANIES}) c`,
    // Every position in every region: 1–50 incumbents, the base by career level, company, region and row.
    `INSERT INTO position_entries (response_id, position_id, region_id, headcount, base_salary_avg, guaranteed_extra_annual,
        bonus_eligible_pct, bonus_target_pct, bonus_actual_avg)
      SELECT r.id, p.id, pr.region_id, 1 + (r.company_id * 13 + p.id * 7 + pr.region_id * 3) % 50, b.base,
        CASE WHEN r.company_id % 3 = 0 THEN b.base ELSE 0 END, CASE WHEN p.is_field THEN 100 ELSE 80 END, 10 + ${level} * 3,
        round(b.base * 12 * (10 + ${level} * 3) / 100 * (0.85 + (r.company_id % 4) * 0.1), 2)
      FROM survey_responses r
        JOIN period_positions pp ON pp.period_id = r.period_id
        JOIN survey_positions p ON p.id = pp.position_id
        JOIN period_regions pr ON pr.period_id = r.period_id,
        LATERAL (SELECT round(55000 * power(1.3, ${level} - 1) * ${pay} * (1 - pr.sort * 0.03)
          * (1 + ((r.company_id * 3 + p.id + pr.region_id) % 9 - 4) / 100.0), 2) AS base) b
      WHERE r.period_id = ${id}`,
    // A mobile allowance on every third row, fuel on the field force's rows of every other company.
    `INSERT INTO position_allowances (entry_id, allowance_type, amount_avg, share_receiving_pct)
      SELECT e.id, 'mobile', 1500 + (e.id % 5) * 500, 100 FROM position_entries e
        JOIN survey_responses r ON r.id = e.response_id WHERE r.period_id = ${id} AND e.id % 3 = 0
      UNION ALL
      SELECT e.id, 'fuel', 9000 + (r.company_id % 7) * 1000, 90 FROM position_entries e
        JOIN survey_responses r ON r.id = e.response_id JOIN survey_positions p ON p.id = e.position_id
      WHERE r.period_id = ${id} AND p.is_field AND r.company_id % 2 = 0`,
    // The field force's car policies: a company car or a cash allowance, by company.
    `INSERT INTO car_policy_entries (response_id, position_id, eligibility, car_class, price_cap, acquisition, replacement_months,
        fuel_limit, private_use, cash_allowance)
      SELECT r.id, p.id, CASE WHEN r.company_id % 4 = 0 THEN 'cash_allowance' ELSE 'company_car' END,
        (ARRAY['B', 'C', 'D', 'SUV-C'])[1 + (r.company_id + p.id) % 4], 2200000 + (r.company_id % 9) * 150000, 'operating_lease',
        36 + (r.company_id % 3) * 12, 12000 + (r.company_id % 5) * 1000, 'free',
        CASE WHEN r.company_id % 4 = 0 THEN 45000 + (r.company_id % 6) * 2500 END
      FROM survey_responses r JOIN period_positions pp ON pp.period_id = r.period_id JOIN survey_positions p ON p.id = pp.position_id
      WHERE r.period_id = ${id} AND p.is_field`,
    `INSERT INTO turnover_entries (response_id, job_group_id, headcount_start, headcount_end, hires, total_leavers, voluntary_leavers, first_year_leavers)
      SELECT r.id, NULL, s.start, s.start + s.start / 50, s.leavers + s.start / 50, s.leavers, s.leavers * 7 / 10, s.leavers / 4
      FROM survey_responses r, LATERAL (SELECT 200 + (r.company_id * 37) % 1800 AS start,
        (200 + (r.company_id * 37) % 1800) * (12 + r.company_id % 8) / 100 AS leavers) s
      WHERE r.period_id = ${id}`,
    `INSERT INTO benchmark_answers (response_id, item_id, category, value_num, value_bool, value_choice)
      SELECT r.id, i.id, c.category,
        CASE i.unit WHEN 'pct' THEN 4 + (r.company_id % 9) * 0.5 WHEN 'month' THEN 1 + r.company_id % 4 END,
        CASE WHEN i.unit = 'bool' THEN r.company_id % 3 = 0 END,
        CASE WHEN i.unit = 'choice' THEN i.choices ->> (r.company_id % jsonb_array_length(i.choices)) END
      FROM survey_responses r JOIN benchmark_items i ON i.period_id = r.period_id, jsonb_array_elements_text(i.categories) AS c(category)
      WHERE r.period_id = ${id}`,
  ])
    await database.query(statement);
  await vacuumed(
    database,
    'companies, survey_responses, position_entries, position_allowances, car_policy_entries, turnover_entries, benchmark_answers',
  );
  const [rows] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM position_entries e JOIN survey_responses r ON r.id = e.response_id WHERE r.period_id = ${id}`,
  );
  return { periodId: id, rows: Number(rows?.n ?? 0) };
}

const csvField = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The baseline: the period's grid rows with their company read and written to a temporary file as plain CSV; answers seconds. */
async function csvBaseline(database: Database, periodId: number): Promise<{ seconds: number; rows: number; bytes: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-csv-'));
  try {
    const file = path.join(dir, 'rows.csv');
    const started = performance.now();
    const rows = await database.query<Record<string, unknown>>(
      `SELECT c.name AS company, e.position_id, e.region_id, e.headcount, e.base_salary_avg, e.guaranteed_extra_annual,
         e.bonus_eligible_pct, e.bonus_target_pct, e.bonus_actual_avg
       FROM position_entries e JOIN survey_responses r ON r.id = e.response_id JOIN companies c ON c.id = r.company_id
       WHERE r.period_id = ${periodId} ORDER BY e.id`,
    );
    const out = fs.createWriteStream(file);
    const columns = Object.keys(rows[0] ?? {});
    out.write(`${columns.join(',')}\n`);
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000).map((row) => `${columns.map((c) => csvField(row[c])).join(',')}\n`);
      if (!out.write(chunk.join(''))) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((resolve, reject) => out.once('error', reject).end(() => resolve()));
    return { seconds: (performance.now() - started) / 1000, rows: rows.length, bytes: fs.statSync(file).size };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface TaskTiming {
  /** From the request to the task seen done: queueing (pg-boss polls every second) and the work. */
  seconds: number;
  /** The work alone, from the task's start to its end as it recorded them. */
  worked: number;
}

/** What `work` answers, with the server's event loop delay meanwhile (this process is the server's). */
async function watchingLoop<T>(work: () => Promise<T>): Promise<[T, { 'loop p99 ms': number; 'loop max ms': number }]> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const result = await work();
  loop.disable();
  return [result, { 'loop p99 ms': round(loop.percentile(99) / 1e6), 'loop max ms': round(loop.max / 1e6) }];
}

/** The staff's calls: freezing, the general report's edition, its generation and its PDF, each a task polled to its end. */
function staffApi(address: string, auth: { authorization: string }) {
  const call = async <T>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> => {
    const res = await fetch(`${address}${url}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body && JSON.stringify(body),
    });
    const answer = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const task = async (url: string, body: object): Promise<TaskTiming> => {
    const started = performance.now();
    const { taskId } = await call<{ taskId: number }>('POST', url, body);
    for (;;) {
      const t = await call<{ state: string; errorCode: string | null; startedAt: string | null; finishedAt: string | null }>(
        'GET',
        `/api/aipm/report/checkStatus?taskId=${taskId}`,
      );
      if (t.state === 'succeeded') {
        const worked = (Date.parse(t.finishedAt ?? '') - Date.parse(t.startedAt ?? '')) / 1000;
        return { seconds: (performance.now() - started) / 1000, worked };
      }
      if (t.state !== 'queued' && t.state !== 'running') throw new Error(`task ${taskId} (${url}) ended ${t.state}: ${t.errorCode}`);
      if (performance.now() - started > TASK_WAIT_MS) throw new Error(`task ${taskId} (${url}) not done within ${TASK_WAIT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
  return {
    freeze: (periodId: number) => task('/api/aipm/report/freeze', { periodId }),
    cells: async (periodId: number) =>
      (await call<{ snapshot: { cells: number } | null }>('GET', `/api/aipm/report/list?periodId=${periodId}`)).snapshot?.cells ?? 0,
    /** The general report in English on the latest statistics, built; answers its id and the timing. */
    generate: async (periodId: number) => {
      const [report] = await call<{ id: number }[]>('POST', '/api/aipm/create/report/general', { periodId, language: 'en' });
      return { reportId: report!.id, ...(await task('/api/aipm/report/startGeneration', { reportId: report!.id })) };
    },
    pdf: (reportId: number) => task('/api/aipm/report/convertToPdf', { reportId }),
  };
}

/** The figures; the app's report worker is started here, for this part alone (app.close() stops it). */
export async function benchReports(
  engine: string,
  database: Database,
  app: FastifyInstance,
  address: string,
  vote: { url: string; connections: number; seconds: number; rate: number; ballots: () => Promise<string[]> },
  load: (job: LoadJob) => Promise<LoadResult>,
) {
  const { periodId, rows } = await seedReportSurvey(database);
  await app.services.reportJobs.start();
  const staff = staffApi(address, await staffAuth(address));
  const figures = [];
  const timed = (step: string, seconds: number, csv: number, extra: Record<string, unknown> = {}) => ({
    engine,
    step,
    s: round(seconds),
    '× CSV': round(seconds / csv),
    ...extra,
  });
  const loaded = (step: string, connections: number, r: LoadResult, extra: Record<string, unknown> = {}) => ({
    engine,
    step,
    connections,
    'req/s': Math.round(r.ok / r.seconds),
    ...latency(r.latencies),
    errors: r.failed + r.timeouts,
    ...extra,
  });

  figures.push(
    loaded(
      'GET /api/health (baseline)',
      vote.connections,
      await load({ url: `${address}/api/health`, connections: vote.connections, seconds: vote.seconds }),
    ),
  );
  const csv = await csvBaseline(database, periodId);
  figures.push(
    timed(`read ${csv.rows.toLocaleString('en')} rows, write them as CSV (baseline)`, csv.seconds, csv.seconds, { MB: round(csv.bytes / 1e6) }),
  );

  // Warm-up, not reported: the render thread started with its modules, the statements planned.
  await staff.freeze(periodId);
  await staff.generate(periodId);
  // Alone: the statistics frozen, the general report built from them, and its PDF.
  const [frozen, freezeLoop] = await watchingLoop(() => staff.freeze(periodId));
  const cells = await staff.cells(periodId);
  figures.push(timed('freeze the statistics (task)', frozen.seconds, csv.seconds, { 'worked s': round(frozen.worked), ...freezeLoop, cells }));
  const [built, buildLoop] = await watchingLoop(() => staff.generate(periodId));
  figures.push(timed('generate the general report, en, xlsx (task)', built.seconds, csv.seconds, { 'worked s': round(built.worked), ...buildLoop }));
  figures.push(
    timed(`freeze + generate: ${rows.toLocaleString('en')} rows to the general report`, frozen.seconds + built.seconds, csv.seconds, {
      'worked s': round(frozen.worked + built.worked),
    }),
  );
  const [pdf, pdfLoop] = await watchingLoop(() => staff.pdf(built.reportId));
  figures.push(timed('convert the general report to PDF (task)', pdf.seconds, csv.seconds, { 'worked s': round(pdf.worked), ...pdfLoop }));

  // The public vote alone, then for at least as long as one freeze and generation took, while they run again and again.
  const voteJob = async (seconds: number) => ({
    url: vote.url,
    connections: vote.connections,
    seconds,
    rate: vote.rate,
    bodies: await vote.ballots(),
  });
  const alone = await load(await voteJob(vote.seconds));
  figures.push(loaded(`public vote alone, ${vote.rate}/s arriving`, vote.connections, alone));
  let voting = true;
  const besideSeconds = Math.max(vote.seconds, Math.ceil(frozen.seconds + built.seconds));
  const beside = load(await voteJob(besideSeconds)).finally(() => {
    voting = false;
  });
  const builds: number[] = [];
  const [during, besideLoop] = await watchingLoop(async () => {
    while (voting) {
      const again = await staff.freeze(periodId);
      builds.push(again.seconds + (await staff.generate(periodId)).seconds);
    }
    return beside;
  });
  figures.push(
    loaded(`public vote beside freeze + generate, ${vote.rate}/s arriving`, vote.connections, during, { s: besideSeconds, ...besideLoop }),
  );
  figures.push(
    timed(`freeze + generate beside the vote (${builds.length} in turn, the first)`, builds[0]!, csv.seconds, {
      'last s': round(builds.at(-1)!),
    }),
  );
  return figures;
}
