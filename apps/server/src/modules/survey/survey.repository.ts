import type { CarPolicyRow, IncumbentAverages, IncumbentFigures, PageAnswerValue, PositionRow, RuleIssue, TurnoverRow } from '@portal/shared';
import type { IssueSeverity, ResponseEventAction, StepStatus, SurveyKind } from '@portal/shared/survey-model';
import { and, asc, desc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { type Executor, queryRows, readTogether } from '../../db/client.ts';
import {
  benchmarkAnswers,
  benchmarkItems,
  carModels,
  carPolicyEntries,
  carPrices,
  companies,
  jobGroups,
  pageAnswers,
  periodPositions,
  periodRegions,
  positionAllowances,
  positionEntries,
  positionIncumbents,
  regions,
  respondentContacts,
  responseEvents,
  responseSteps,
  surveyPages,
  surveyPeriods,
  surveyPositions,
  surveyResponses,
  turnoverEntries,
  users,
  validationIssues,
} from '../../db/schema/index.ts';

/** The questionnaire's SQL. Grid writes are set-based: one statement per table, whatever the number of rows. */

export type PeriodRow = typeof surveyPeriods.$inferSelect;
export type ResponseRow = typeof surveyResponses.$inferSelect;

// ---- periods and responses

/** The period a company answers now: the named one, else the latest salary period past its draft. */
export async function periodFor(db: Executor, kind: SurveyKind, periodId?: number): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(surveyPeriods)
    .where(and(eq(surveyPeriods.kind, kind), periodId === undefined ? ne(surveyPeriods.status, 'draft') : eq(surveyPeriods.id, periodId)))
    .orderBy(desc(surveyPeriods.closesAt), desc(surveyPeriods.id))
    .limit(1);
  return row;
}

export async function companyName(db: Executor, companyId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name;
}

/**
 * The response row, created the first time the company's survey is opened or saved (the dashboard reads "no row" as
 * not started); with `lock`, held for the save's transaction. One query once the row exists.
 */
export async function ensureResponse(db: Executor, periodId: number, companyId: number, lock = false): Promise<ResponseRow> {
  const existing = await responseOf(db, periodId, companyId, lock);
  if (existing) return existing;
  await db.insert(surveyResponses).values({ periodId, companyId }).onConflictDoNothing();
  return (await responseOf(db, periodId, companyId, lock))!;
}

export async function responseOf(db: Executor, periodId: number, companyId: number, lock = false): Promise<ResponseRow | undefined> {
  const q = db
    .select()
    .from(surveyResponses)
    .where(and(eq(surveyResponses.periodId, periodId), eq(surveyResponses.companyId, companyId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateResponse(db: Executor, id: number, values: Partial<typeof surveyResponses.$inferInsert>): Promise<ResponseRow> {
  const [row] = await db.update(surveyResponses).set(values).where(eq(surveyResponses.id, id)).returning();
  return row!;
}

export const writeEvent = (
  db: Executor,
  e: {
    responseId: number;
    userId: number;
    action: ResponseEventAction;
    stepKey: string | null;
    summary: Record<string, unknown>;
    at: Date;
    ip: string;
  },
) => db.insert(responseEvents).values(e);

// ---- steps and issues

export type StepRow = typeof responseSteps.$inferSelect;
export const stepsOf = (db: Executor, responseId: number) => db.select().from(responseSteps).where(eq(responseSteps.responseId, responseId));

export async function upsertStep(
  db: Executor,
  row: {
    responseId: number;
    stepKey: string;
    status: StepStatus;
    answeredRequired: number;
    requiredTotal: number;
    errorsOpen: number;
    warningsOpen: number;
    updatedAt: Date;
  },
): Promise<void> {
  await db
    .insert(responseSteps)
    .values(row)
    .onConflictDoUpdate({
      target: [responseSteps.responseId, responseSteps.stepKey],
      set: {
        status: row.status,
        answeredRequired: row.answeredRequired,
        requiredTotal: row.requiredTotal,
        errorsOpen: row.errorsOpen,
        warningsOpen: row.warningsOpen,
        updatedAt: row.updatedAt,
      },
    });
}

/** Steps the period no longer has (a page removed) leave the response. */
export const removeStepsExcept = (db: Executor, responseId: number, keys: string[]) =>
  db.delete(responseSteps).where(and(eq(responseSteps.responseId, responseId), notInArray(responseSteps.stepKey, keys)));

export type IssueRow = typeof validationIssues.$inferSelect;
export const issuesOf = (db: Executor, responseId: number, stepKey?: string) =>
  db
    .select()
    .from(validationIssues)
    .where(and(eq(validationIssues.responseId, responseId), stepKey === undefined ? undefined : eq(validationIssues.stepKey, stepKey)))
    .orderBy(asc(validationIssues.id));

/**
 * Replaces a step's computed issues (errors and warnings) with fresh ones; a warning that still applies keeps its
 * acknowledgement. Staff queries are never touched here.
 */
export async function replaceIssues(
  db: Executor,
  responseId: number,
  stepKey: string,
  fresh: (RuleIssue & { acknowledgedBy?: number | null; acknowledgedAt?: Date | null; ackComment?: string | null })[],
): Promise<void> {
  await db
    .delete(validationIssues)
    .where(
      and(
        eq(validationIssues.responseId, responseId),
        eq(validationIssues.stepKey, stepKey),
        inArray(validationIssues.severity, ['error', 'warning']),
      ),
    );
  if (fresh.length)
    await db.insert(validationIssues).values(
      fresh.map((i) => ({
        responseId,
        stepKey,
        target: i.target,
        field: i.field,
        ruleCode: i.ruleCode,
        severity: i.severity as IssueSeverity,
        params: i.params,
        acknowledgedBy: i.acknowledgedBy ?? null,
        acknowledgedAt: i.acknowledgedAt ?? null,
        ackComment: i.ackComment ?? null,
      })),
    );
}

export async function acknowledge(
  db: Executor,
  responseId: number,
  issueId: number,
  by: number,
  at: Date,
  comment: string,
): Promise<IssueRow | undefined> {
  const [row] = await db
    .update(validationIssues)
    .set({ acknowledgedBy: by, acknowledgedAt: at, ackComment: comment })
    .where(
      and(
        eq(validationIssues.id, issueId),
        eq(validationIssues.responseId, responseId),
        inArray(validationIssues.severity, ['warning', 'staff_query']),
      ),
    )
    .returning();
  return row;
}

// ---- catalogue of the period

export const pagesOf = (db: Executor, periodId: number) =>
  db.select().from(surveyPages).where(eq(surveyPages.periodId, periodId)).orderBy(asc(surveyPages.sort));

export async function pageOf(db: Executor, periodId: number, key: string) {
  const [row] = await db
    .select()
    .from(surveyPages)
    .where(and(eq(surveyPages.periodId, periodId), eq(surveyPages.key, key)));
  return row;
}

export const periodPositionsOf = (db: Executor, periodId: number, jobGroupId?: number) =>
  db
    .select({
      id: surveyPositions.id,
      jobGroupId: surveyPositions.jobGroupId,
      code: surveyPositions.code,
      titleEn: surveyPositions.titleEn,
      titleRu: surveyPositions.titleRu,
      descriptionEn: surveyPositions.descriptionEn,
      descriptionRu: surveyPositions.descriptionRu,
      careerLevel: surveyPositions.careerLevel,
      isField: surveyPositions.isField,
    })
    .from(periodPositions)
    .innerJoin(surveyPositions, eq(surveyPositions.id, periodPositions.positionId))
    .innerJoin(jobGroups, eq(jobGroups.id, surveyPositions.jobGroupId))
    .where(and(eq(periodPositions.periodId, periodId), jobGroupId === undefined ? undefined : eq(surveyPositions.jobGroupId, jobGroupId)))
    .orderBy(asc(jobGroups.sort), asc(surveyPositions.sort), asc(surveyPositions.id));

export const periodRegionsOf = (db: Executor, periodId: number) =>
  db
    .select({ id: regions.id, code: regions.code, nameEn: regions.nameEn, nameRu: regions.nameRu })
    .from(periodRegions)
    .innerJoin(regions, eq(regions.id, periodRegions.regionId))
    .where(eq(periodRegions.periodId, periodId))
    .orderBy(asc(periodRegions.sort), asc(regions.id));

/** The period's job groups with their number of positions and the company's included positions. */
export const jobGroupsWithCounts = (db: Executor, periodId: number, responseId: number) =>
  queryRows<{ id: number; code: string | null; nameEn: string; nameRu: string; positions: number; included: number }>(
    db,
    sql`SELECT g.id, g.code, g.name_en AS "nameEn", g.name_ru AS "nameRu",
          count(DISTINCT p.id)::int AS positions,
          count(DISTINCT e.position_id)::int AS included
        FROM ${periodPositions} pp
        JOIN ${surveyPositions} p ON p.id = pp.position_id
        JOIN ${jobGroups} g ON g.id = p.job_group_id
        LEFT JOIN ${positionEntries} e ON e.position_id = p.id AND e.response_id = ${responseId}
        WHERE pp.period_id = ${periodId}
        GROUP BY g.id ORDER BY g.sort, g.id`,
  );

export const carsOf = (db: Executor, periodId: number) =>
  db
    .select({
      id: carModels.id,
      make: carModels.make,
      model: carModels.model,
      carClass: carModels.carClass,
      fuel: carModels.fuel,
      listPrice: carPrices.listPrice,
    })
    .from(carModels)
    .leftJoin(carPrices, and(eq(carPrices.carModelId, carModels.id), eq(carPrices.periodId, periodId)))
    .where(or(eq(carModels.active, true), sql`${carPrices.periodId} IS NOT NULL`))
    .orderBy(asc(carModels.make), asc(carModels.model));

export const benchmarkItemsOf = (db: Executor, periodId: number) =>
  db.select().from(benchmarkItems).where(eq(benchmarkItems.periodId, periodId)).orderBy(asc(benchmarkItems.sort), asc(benchmarkItems.id));

// ---- the grid

export type EntryRow = typeof positionEntries.$inferSelect & {
  allowances: { type: string; amountAvg: string | null; shareReceivingPct: string | null }[];
  /** How many incumbents the row's averages come from (0: typed in). */
  incumbents: number;
};

/**
 * The company's grid rows with their allowances (of one job group, or all), in one query: a save reads the whole
 * grid to know what changed, so this is on every save's path.
 */
export const entriesOf = (db: Executor, responseId: number, jobGroupId?: number) =>
  queryRows<EntryRow>(
    db,
    sql`SELECT e.id, e.response_id AS "responseId", e.position_id AS "positionId", e.region_id AS "regionId", e.match_quality AS "matchQuality",
          e.headcount, e.base_salary_avg::text AS "baseSalaryAvg", e.guaranteed_extra_annual::text AS "guaranteedExtraAnnual",
          e.bonus_eligible_pct::text AS "bonusEligiblePct", e.bonus_target_pct::text AS "bonusTargetPct", e.bonus_actual_avg::text AS "bonusActualAvg",
          e.comment,
          coalesce((SELECT json_agg(json_build_object('type', a.allowance_type, 'amountAvg', a.amount_avg::text, 'shareReceivingPct', a.share_receiving_pct::text)
                    ORDER BY a.allowance_type) FROM ${positionAllowances} a WHERE a.entry_id = e.id), '[]') AS allowances,
          (SELECT count(*)::int FROM ${positionIncumbents} i WHERE i.entry_id = e.id) AS incumbents
        FROM ${positionEntries} e
        JOIN ${surveyPositions} p ON p.id = e.position_id
        WHERE e.response_id = ${responseId} ${jobGroupId === undefined ? sql`` : sql`AND p.job_group_id = ${jobGroupId}`}
        ORDER BY p.sort, e.position_id, e.region_id`,
  );

export type CarRow = typeof carPolicyEntries.$inferSelect;
export const carRowsOf = (db: Executor, responseId: number, positionIds?: number[]) =>
  db
    .select()
    .from(carPolicyEntries)
    .where(
      and(
        eq(carPolicyEntries.responseId, responseId),
        positionIds ? inArray(carPolicyEntries.positionId, positionIds.length ? positionIds : [0]) : undefined,
      ),
    )
    .orderBy(asc(carPolicyEntries.positionId));

/**
 * Upserts grid rows and replaces their allowances: three statements for any number of rows, each taking the rows as
 * one JSON parameter (a 400-row grid built as drizzle's per-value parameters costs more to build than to run).
 */
export async function upsertEntries(db: Executor, responseId: number, rows: PositionRow[]): Promise<void> {
  if (!rows.length) return;
  const input = JSON.stringify(
    rows.map((r) => ({
      position_id: r.positionId,
      region_id: r.regionId,
      match_quality: r.matchQuality,
      headcount: r.headcount,
      base_salary_avg: r.baseSalaryAvg,
      guaranteed_extra_annual: r.guaranteedExtraAnnual,
      bonus_eligible_pct: r.bonusEligiblePct,
      bonus_target_pct: r.bonusTargetPct,
      bonus_actual_avg: r.bonusActualAvg,
      comment: r.comment,
    })),
  );
  const saved = await queryRows<{ id: number; positionId: number; regionId: number }>(
    db,
    sql`INSERT INTO ${positionEntries} (response_id, position_id, region_id, match_quality, headcount, base_salary_avg, guaranteed_extra_annual,
          bonus_eligible_pct, bonus_target_pct, bonus_actual_avg, comment)
        SELECT ${responseId}, x.position_id, x.region_id, x.match_quality, x.headcount, x.base_salary_avg, x.guaranteed_extra_annual,
          x.bonus_eligible_pct, x.bonus_target_pct, x.bonus_actual_avg, x.comment
        FROM jsonb_to_recordset(${input}::jsonb) AS x(position_id int, region_id int, match_quality text, headcount int, base_salary_avg numeric,
          guaranteed_extra_annual numeric, bonus_eligible_pct numeric, bonus_target_pct numeric, bonus_actual_avg numeric, comment text)
        ON CONFLICT (response_id, position_id, region_id) DO UPDATE SET
          match_quality = excluded.match_quality, headcount = excluded.headcount, base_salary_avg = excluded.base_salary_avg,
          guaranteed_extra_annual = excluded.guaranteed_extra_annual, bonus_eligible_pct = excluded.bonus_eligible_pct,
          bonus_target_pct = excluded.bonus_target_pct, bonus_actual_avg = excluded.bonus_actual_avg, comment = excluded.comment
        RETURNING id, position_id AS "positionId", region_id AS "regionId"`,
  );
  const idOf = new Map(saved.map((s) => [`${s.positionId}:${s.regionId}`, s.id]));
  const ids = `{${saved.map((s) => s.id).join(',')}}`;
  await db.execute(sql`DELETE FROM ${positionAllowances} WHERE entry_id = ANY(${ids}::int[])`);
  const allowances = rows.flatMap((r) =>
    r.allowances
      .filter((a) => a.amountAvg !== null || a.shareReceivingPct !== null)
      .map((a) => ({
        entry_id: idOf.get(`${r.positionId}:${r.regionId}`)!,
        allowance_type: a.type,
        amount_avg: a.amountAvg,
        share_receiving_pct: a.shareReceivingPct,
      })),
  );
  if (allowances.length)
    await db.execute(sql`INSERT INTO ${positionAllowances} (entry_id, allowance_type, amount_avg, share_receiving_pct)
        SELECT x.entry_id, x.allowance_type, x.amount_avg, x.share_receiving_pct
        FROM jsonb_to_recordset(${JSON.stringify(allowances)}::jsonb) AS x(entry_id int, allowance_type text, amount_avg numeric, share_receiving_pct numeric)`);
}

export async function upsertCars(db: Executor, responseId: number, cars: CarPolicyRow[]): Promise<void> {
  if (!cars.length) return;
  await db
    .insert(carPolicyEntries)
    .values(cars.map((c) => ({ responseId, ...c })))
    .onConflictDoUpdate({
      target: [carPolicyEntries.responseId, carPolicyEntries.positionId],
      set: Object.fromEntries(
        (
          [
            ['eligibility', 'eligibility'],
            ['typicalCarModelId', 'typical_car_model_id'],
            ['carClass', 'car_class'],
            ['priceCap', 'price_cap'],
            ['acquisition', 'acquisition'],
            ['replacementMonths', 'replacement_months'],
            ['replacementKm', 'replacement_km'],
            ['fuelLimit', 'fuel_limit'],
            ['privateUse', 'private_use'],
            ['employeeContribution', 'employee_contribution'],
            ['cashAllowance', 'cash_allowance'],
          ] as const
        ).map(([key, column]) => [key, sql.raw(`excluded.${column}`)]),
      ),
    });
}

/** Deletes a position's rows (one region, or all); the car row goes with the last region. Answers how many rows went. */
export async function clearPosition(db: Executor, responseId: number, positionId: number, regionId?: number): Promise<number> {
  const gone = await db
    .delete(positionEntries)
    .where(
      and(
        eq(positionEntries.responseId, responseId),
        eq(positionEntries.positionId, positionId),
        regionId === undefined ? undefined : eq(positionEntries.regionId, regionId),
      ),
    )
    .returning({ id: positionEntries.id });
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(positionEntries)
    .where(and(eq(positionEntries.responseId, responseId), eq(positionEntries.positionId, positionId)));
  if (!left?.n)
    await db.delete(carPolicyEntries).where(and(eq(carPolicyEntries.responseId, responseId), eq(carPolicyEntries.positionId, positionId)));
  return gone.length;
}

// ---- incumbents (the optional upload that fills a row's averages)

export type IncumbentLine = IncumbentFigures & { positionId: number; regionId: number };

/** The company's incumbents with their row's position and region, in the grid's order. */
export const incumbentsOf = (db: Executor, responseId: number) =>
  queryRows<IncumbentLine>(
    db,
    sql`SELECT e.position_id AS "positionId", e.region_id AS "regionId", i.base_salary::text AS "baseSalary",
          i.guaranteed_extra_annual::text AS "guaranteedExtraAnnual", i.bonus_target_pct::text AS "bonusTargetPct", i.bonus_actual::text AS "bonusActual"
        FROM ${positionIncumbents} i
        JOIN ${positionEntries} e ON e.id = i.entry_id
        JOIN ${surveyPositions} p ON p.id = e.position_id
        WHERE e.response_id = ${responseId}
        ORDER BY p.sort, e.position_id, e.region_id, i.id`,
  );

/**
 * Replaces the company's incumbents with the given ones, and writes the averages of the rows they fill: a row the grid
 * lacks is added, a row it holds keeps its match, comment and allowances. Three statements for any number of rows.
 */
export async function replaceIncumbents(
  db: Executor,
  responseId: number,
  rows: ({ positionId: number; regionId: number } & IncumbentAverages)[],
  incumbents: IncumbentLine[],
): Promise<void> {
  const averages = JSON.stringify(
    rows.map((r) => ({
      position_id: r.positionId,
      region_id: r.regionId,
      headcount: r.headcount,
      base_salary_avg: r.baseSalaryAvg,
      guaranteed_extra_annual: r.guaranteedExtraAnnual,
      bonus_eligible_pct: r.bonusEligiblePct,
      bonus_target_pct: r.bonusTargetPct,
      bonus_actual_avg: r.bonusActualAvg,
    })),
  );
  const saved = rows.length
    ? await queryRows<{ id: number; positionId: number; regionId: number }>(
        db,
        sql`INSERT INTO ${positionEntries} (response_id, position_id, region_id, headcount, base_salary_avg, guaranteed_extra_annual,
              bonus_eligible_pct, bonus_target_pct, bonus_actual_avg)
            SELECT ${responseId}, x.position_id, x.region_id, x.headcount, x.base_salary_avg, x.guaranteed_extra_annual,
              x.bonus_eligible_pct, x.bonus_target_pct, x.bonus_actual_avg
            FROM jsonb_to_recordset(${averages}::jsonb) AS x(position_id int, region_id int, headcount int, base_salary_avg numeric,
              guaranteed_extra_annual numeric, bonus_eligible_pct numeric, bonus_target_pct numeric, bonus_actual_avg numeric)
            ON CONFLICT (response_id, position_id, region_id) DO UPDATE SET
              headcount = excluded.headcount, base_salary_avg = excluded.base_salary_avg, guaranteed_extra_annual = excluded.guaranteed_extra_annual,
              bonus_eligible_pct = excluded.bonus_eligible_pct, bonus_target_pct = excluded.bonus_target_pct, bonus_actual_avg = excluded.bonus_actual_avg
            RETURNING id, position_id AS "positionId", region_id AS "regionId"`,
      )
    : [];
  await db.execute(sql`DELETE FROM ${positionIncumbents} i USING ${positionEntries} e WHERE e.id = i.entry_id AND e.response_id = ${responseId}`);
  if (!incumbents.length) return;
  const idOf = new Map(saved.map((s) => [`${s.positionId}:${s.regionId}`, s.id]));
  const input = JSON.stringify(
    incumbents.map((i) => ({
      entry_id: idOf.get(`${i.positionId}:${i.regionId}`),
      base_salary: i.baseSalary,
      guaranteed_extra_annual: i.guaranteedExtraAnnual,
      bonus_target_pct: i.bonusTargetPct,
      bonus_actual: i.bonusActual,
    })),
  );
  await db.execute(sql`INSERT INTO ${positionIncumbents} (entry_id, base_salary, guaranteed_extra_annual, bonus_target_pct, bonus_actual)
      SELECT x.entry_id, x.base_salary, x.guaranteed_extra_annual, x.bonus_target_pct, x.bonus_actual
      FROM jsonb_to_recordset(${input}::jsonb) AS x(entry_id int, base_salary numeric, guaranteed_extra_annual numeric, bonus_target_pct numeric, bonus_actual numeric)`);
}

/** Deletes one row's incumbents (its averages stay); answers how many went. */
export async function removeIncumbents(db: Executor, responseId: number, positionId: number, regionId: number): Promise<number> {
  const gone = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM ${positionIncumbents} i USING ${positionEntries} e
        WHERE e.id = i.entry_id AND e.response_id = ${responseId} AND e.position_id = ${positionId} AND e.region_id = ${regionId}
        RETURNING i.id`,
  );
  return gone.length;
}

/** Which positions and regions the period holds (a save naming others is refused). */
export async function periodIds(db: Executor, periodId: number): Promise<{ positions: Set<number>; regions: Set<number>; field: Set<number> }> {
  const [positions, regionRows] = await readTogether(db, [
    () =>
      db
        .select({ id: periodPositions.positionId, isField: surveyPositions.isField })
        .from(periodPositions)
        .innerJoin(surveyPositions, eq(surveyPositions.id, periodPositions.positionId))
        .where(eq(periodPositions.periodId, periodId)),
    () => db.select({ id: periodRegions.regionId }).from(periodRegions).where(eq(periodRegions.periodId, periodId)),
  ]);
  return {
    positions: new Set(positions.map((p) => p.id)),
    field: new Set(positions.filter((p) => p.isField).map((p) => p.id)),
    regions: new Set(regionRows.map((r) => r.id)),
  };
}

/** Last year's base salary per position (this year's id, through the lineage) and region. */
export const priorBases = (db: Executor, priorPeriodId: number, companyId: number) =>
  queryRows<{ positionId: number; regionId: number; baseSalaryAvg: string | null }>(
    db,
    sql`SELECT coalesce(l.to_position_id, e.position_id) AS "positionId", e.region_id AS "regionId", e.base_salary_avg::text AS "baseSalaryAvg"
        FROM ${positionEntries} e
        JOIN ${surveyResponses} r ON r.id = e.response_id
        LEFT JOIN position_lineage l ON l.from_position_id = e.position_id
        WHERE r.period_id = ${priorPeriodId} AND r.company_id = ${companyId}`,
  );

// ---- turnover, benchmarks, pages

export const turnoverOf = (db: Executor, responseId: number) =>
  db.select().from(turnoverEntries).where(eq(turnoverEntries.responseId, responseId)).orderBy(sql`${turnoverEntries.jobGroupId} NULLS FIRST`);

/** Replaces the turnover rows with the ones sent (the step's form is saved whole). */
export async function replaceTurnover(db: Executor, responseId: number, rows: TurnoverRow[]): Promise<void> {
  await db.delete(turnoverEntries).where(eq(turnoverEntries.responseId, responseId));
  if (rows.length) await db.insert(turnoverEntries).values(rows.map((r) => ({ responseId, ...r })));
}

export const benchmarkAnswersOf = (db: Executor, responseId: number) =>
  db.select().from(benchmarkAnswers).where(eq(benchmarkAnswers.responseId, responseId));

export async function upsertBenchmarkAnswers(db: Executor, answers: (typeof benchmarkAnswers.$inferInsert)[]): Promise<void> {
  if (!answers.length) return;
  await db
    .insert(benchmarkAnswers)
    .values(answers)
    .onConflictDoUpdate({
      target: [benchmarkAnswers.responseId, benchmarkAnswers.itemId, benchmarkAnswers.category],
      set: {
        valueNum: sql`excluded.value_num`,
        valueBool: sql`excluded.value_bool`,
        valueChoice: sql`excluded.value_choice`,
        comment: sql`excluded.comment`,
      },
    });
}

/** One answer of a page of the period (the company profile's headcount), in one query. */
export async function pageAnswerOf(db: Executor, periodId: number, responseId: number, pageKey: string, question: string): Promise<unknown> {
  const [row] = await queryRows<{ value: unknown }>(
    db,
    sql`SELECT a.answers -> ${question} AS value FROM ${pageAnswers} a JOIN ${surveyPages} p ON p.id = a.page_id
        WHERE p.period_id = ${periodId} AND p.key = ${pageKey} AND a.response_id = ${responseId}`,
  );
  return row?.value ?? null;
}

/**
 * The period before this one of the same product: the one its `prior_period_id` names (staff set it), which copy from
 * last year and last year's answers both read.
 */
export async function priorPeriodOf(db: Executor, period: PeriodRow): Promise<{ id: number; code: string } | undefined> {
  if (period.priorPeriodId === null) return undefined;
  const [row] = await db
    .select({ id: surveyPeriods.id, code: surveyPeriods.code })
    .from(surveyPeriods)
    .where(eq(surveyPeriods.id, period.priorPeriodId));
  return row;
}

/** A company's answers to the page with this key in a period (last year's); none when it gave none. */
export async function companyPageAnswers(
  db: Executor,
  periodId: number,
  companyId: number,
  pageKey: string,
): Promise<Record<string, PageAnswerValue>> {
  const [row] = await db
    .select({ answers: pageAnswers.answers })
    .from(pageAnswers)
    .innerJoin(surveyResponses, eq(surveyResponses.id, pageAnswers.responseId))
    .innerJoin(surveyPages, eq(surveyPages.id, pageAnswers.pageId))
    .where(
      and(
        eq(surveyResponses.periodId, periodId),
        eq(surveyResponses.companyId, companyId),
        eq(surveyPages.periodId, periodId),
        eq(surveyPages.key, pageKey),
      ),
    );
  return (row?.answers ?? {}) as Record<string, PageAnswerValue>;
}

export async function pageAnswersOf(db: Executor, responseId: number, pageId: number): Promise<Record<string, PageAnswerValue>> {
  const [row] = await db
    .select({ answers: pageAnswers.answers })
    .from(pageAnswers)
    .where(and(eq(pageAnswers.responseId, responseId), eq(pageAnswers.pageId, pageId)));
  return (row?.answers ?? {}) as Record<string, PageAnswerValue>;
}

export const savePageAnswers = (db: Executor, responseId: number, pageId: number, answers: Record<string, PageAnswerValue>) =>
  db
    .insert(pageAnswers)
    .values({ responseId, pageId, answers })
    .onConflictDoUpdate({ target: [pageAnswers.responseId, pageAnswers.pageId], set: { answers } });

// ---- the contact

export async function contactOf(db: Executor, companyId: number, kind: SurveyKind = 'salary') {
  const [row] = await db
    .select()
    .from(respondentContacts)
    .where(and(eq(respondentContacts.companyId, companyId), eq(respondentContacts.surveyKind, kind)));
  return row;
}

export const saveContact = (db: Executor, row: typeof respondentContacts.$inferInsert) =>
  db
    .insert(respondentContacts)
    .values(row)
    .onConflictDoUpdate({
      target: [respondentContacts.companyId, respondentContacts.surveyKind],
      set: {
        name: row.name,
        position: row.position,
        phone: row.phone,
        email: row.email,
        companyFullName: row.companyFullName,
        updatedBy: row.updatedBy,
        updatedAt: row.updatedAt,
      },
    });

// ---- copy from last year

/**
 * Rolls last year's grid forward into this response: positions through the lineage, only those and the regions the
 * period holds, leaving rows already there as they are; then the allowances and car policy of the rows it added.
 */
export async function copyPriorGrid(db: Executor, from: { responseId: number }, to: { responseId: number; periodId: number }): Promise<number> {
  const added = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO ${positionEntries} (response_id, position_id, region_id, match_quality, headcount, base_salary_avg, guaranteed_extra_annual,
          bonus_eligible_pct, bonus_target_pct, bonus_actual_avg, comment)
        SELECT DISTINCT ON (coalesce(l.to_position_id, e.position_id), e.region_id)
          ${to.responseId}, coalesce(l.to_position_id, e.position_id), e.region_id, e.match_quality, e.headcount, e.base_salary_avg,
          e.guaranteed_extra_annual, e.bonus_eligible_pct, e.bonus_target_pct, e.bonus_actual_avg, e.comment
        FROM ${positionEntries} e
        LEFT JOIN position_lineage l ON l.from_position_id = e.position_id
        JOIN ${periodPositions} pp ON pp.period_id = ${to.periodId} AND pp.position_id = coalesce(l.to_position_id, e.position_id)
        JOIN ${periodRegions} pr ON pr.period_id = ${to.periodId} AND pr.region_id = e.region_id
        WHERE e.response_id = ${from.responseId}
        ON CONFLICT (response_id, position_id, region_id) DO NOTHING
        RETURNING id`,
  );
  await db.execute(sql`INSERT INTO ${positionAllowances} (entry_id, allowance_type, amount_avg, share_receiving_pct)
        SELECT n.id, a.allowance_type, a.amount_avg, a.share_receiving_pct
        FROM ${positionEntries} n
        JOIN ${positionEntries} e ON e.response_id = ${from.responseId} AND e.region_id = n.region_id
        LEFT JOIN position_lineage l ON l.from_position_id = e.position_id
        JOIN ${positionAllowances} a ON a.entry_id = e.id
        WHERE n.response_id = ${to.responseId} AND n.position_id = coalesce(l.to_position_id, e.position_id)
          AND n.id = ANY(${`{${added.map((a) => a.id).join(',')}}`}::int[])
        ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO ${carPolicyEntries} (response_id, position_id, eligibility, typical_car_model_id, car_class, price_cap, acquisition,
          replacement_months, replacement_km, fuel_limit, private_use, employee_contribution, cash_allowance)
        SELECT DISTINCT ON (coalesce(l.to_position_id, c.position_id)) ${to.responseId}, coalesce(l.to_position_id, c.position_id), c.eligibility,
          c.typical_car_model_id, c.car_class, c.price_cap, c.acquisition, c.replacement_months, c.replacement_km, c.fuel_limit, c.private_use,
          c.employee_contribution, c.cash_allowance
        FROM ${carPolicyEntries} c
        LEFT JOIN position_lineage l ON l.from_position_id = c.position_id
        JOIN ${periodPositions} pp ON pp.period_id = ${to.periodId} AND pp.position_id = coalesce(l.to_position_id, c.position_id)
        WHERE c.response_id = ${from.responseId}
        ON CONFLICT (response_id, position_id) DO NOTHING`);
  return added.length;
}

/** Copies last year's answers of the pages with the same key, where this year's page has none yet. */
export const copyPriorPages = (db: Executor, from: { responseId: number; periodId: number }, to: { responseId: number; periodId: number }) =>
  db.execute(sql`INSERT INTO ${pageAnswers} (response_id, page_id, answers)
        SELECT ${to.responseId}, np.id, a.answers
        FROM ${pageAnswers} a
        JOIN ${surveyPages} op ON op.id = a.page_id AND op.period_id = ${from.periodId}
        JOIN ${surveyPages} np ON np.key = op.key AND np.period_id = ${to.periodId}
        WHERE a.response_id = ${from.responseId}
        ON CONFLICT (response_id, page_id) DO NOTHING`);

/** The association's staff who run the survey (active staff accounts), as mail recipients. */
export async function associationStaff(db: Executor): Promise<{ email: string; name: string; locale: 'en' | 'ru' }[]> {
  return db
    .select({ email: users.email, name: sql<string>`${users.name} || ' ' || ${users.surname}`, locale: users.locale })
    .from(users)
    .where(and(eq(users.role, 'staff'), eq(users.isActive, true)));
}
