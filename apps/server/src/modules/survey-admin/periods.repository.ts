import type { SurveyPeriod } from '@portal/shared';
import type { SurveyKind } from '@portal/shared/survey-model';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { surveyPeriods } from '../../db/schema/index.ts';

export type PeriodRow = typeof surveyPeriods.$inferSelect;

/**
 * The member companies a survey is about (raw SQL over `companies c`): active, not removed, and not a test company, whose
 * answers never count.
 */
export const COUNTED_COMPANY = sql.raw(`c.is_active AND c.status <> 'removed' AND NOT c.is_test`);

/**
 * Companies per response status (no response row: not started; a credit period's are its credit submissions), and the
 * frozen catalogue's sizes, per period.
 */
const extras = sql`
  (SELECT count(*)::int FROM period_regions pr WHERE pr.period_id = p.id) AS regions,
  (SELECT count(*)::int FROM period_positions pp WHERE pp.period_id = p.id) AS positions,
  (SELECT count(*)::int FROM car_prices cp WHERE cp.period_id = p.id) AS cars,
  (SELECT json_build_object(
      'companies', count(*)::int,
      'notStarted', count(*) FILTER (WHERE coalesce(r.status, 'not_started') = 'not_started')::int,
      'inProgress', count(*) FILTER (WHERE r.status IN ('in_progress', 'returned', 'withdrawn'))::int,
      'submitted', count(*) FILTER (WHERE r.status = 'submitted')::int,
      'accepted', count(*) FILTER (WHERE r.status = 'accepted')::int,
      'excluded', count(*) FILTER (WHERE r.status = 'excluded')::int)
    FROM companies c LEFT JOIN (
      SELECT company_id, status FROM survey_responses WHERE period_id = p.id
      UNION ALL SELECT company_id, status FROM credit_submissions WHERE period_id = p.id) r ON r.company_id = c.id
    WHERE ${COUNTED_COMPANY}) AS counts`;

type Raw = Record<string, unknown>;
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toPeriod(r: Raw): SurveyPeriod {
  return {
    id: r.id as number,
    kind: r.kind as SurveyPeriod['kind'],
    code: r.code as string,
    titleEn: r.title_en as string,
    titleRu: r.title_ru as string,
    status: r.status as SurveyPeriod['status'],
    opensAt: iso(r.opens_at),
    closesAt: iso(r.closes_at) as string,
    effectiveDate: String(r.effective_date).slice(0, 10),
    bonusYear: r.bonus_year as number,
    minimumWage: String(r.minimum_wage),
    publishNotBefore: r.publish_not_before ? String(r.publish_not_before).slice(0, 10) : null,
    priorPeriodId: (r.prior_period_id as number | null) ?? null,
    rules: (typeof r.rules === 'string' ? JSON.parse(r.rules) : r.rules) as SurveyPeriod['rules'],
    hasInstructions: r.instructions_file_key !== null,
    version: r.version as number,
    regions: r.regions as number,
    positions: r.positions as number,
    cars: r.cars as number,
    counts: (typeof r.counts === 'string' ? JSON.parse(r.counts) : r.counts) as SurveyPeriod['counts'],
  };
}

/** Dates come back as text so both engines give the same day whatever the server's time zone. */
const select = (where: SQL) => sql`
  SELECT p.id, p.kind, p.code, p.title_en, p.title_ru, p.status, p.opens_at, p.closes_at, p.effective_date::text AS effective_date,
    p.bonus_year, p.minimum_wage::text AS minimum_wage, p.publish_not_before::text AS publish_not_before, p.prior_period_id,
    p.rules, p.instructions_file_key, p.version, ${extras}
  FROM survey_periods p WHERE ${where}
  ORDER BY p.effective_date DESC, p.id DESC`;

export async function listPeriods(db: Executor): Promise<SurveyPeriod[]> {
  return (await queryRows<Raw>(db, select(sql`true`))).map(toPeriod);
}

export async function periodView(db: Executor, id: number): Promise<SurveyPeriod | null> {
  const [row] = await queryRows<Raw>(db, select(sql`p.id = ${id}`));
  return row ? toPeriod(row) : null;
}

export async function findPeriod(db: Executor, id: number, lock = false): Promise<PeriodRow | undefined> {
  const q = db.select().from(surveyPeriods).where(eq(surveyPeriods.id, id));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

export async function codeTaken(db: Executor, kind: SurveyKind, code: string, exceptId = 0): Promise<boolean> {
  const rows = await db
    .select({ id: surveyPeriods.id })
    .from(surveyPeriods)
    .where(sql`${surveyPeriods.kind} = ${kind} AND lower(${surveyPeriods.code}) = lower(${code}) AND ${surveyPeriods.id} <> ${exceptId}`);
  return rows.length > 0;
}

/** The open period of the kind other than this one, if any (one runs at a time: the forms fill the open one). */
export async function otherOpenPeriod(db: Executor, kind: SurveyKind, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: surveyPeriods.id })
    .from(surveyPeriods)
    .where(sql`${surveyPeriods.kind} = ${kind} AND ${surveyPeriods.status} = 'open' AND ${surveyPeriods.id} <> ${id}`)
    .orderBy(desc(surveyPeriods.id))
    .limit(1);
  return row?.id;
}

export type PeriodValues = Omit<typeof surveyPeriods.$inferInsert, 'id'>;

export async function insertPeriod(db: Executor, values: PeriodValues): Promise<number> {
  const [row] = await db.insert(surveyPeriods).values(values).returning({ id: surveyPeriods.id });
  if (!row) throw new Error('period insert returned nothing');
  return row.id;
}

export async function updatePeriod(db: Executor, id: number, values: Partial<PeriodValues>): Promise<void> {
  await db.update(surveyPeriods).set(values).where(eq(surveyPeriods.id, id));
}
