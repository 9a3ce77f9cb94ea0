import { setImmediate as nextTurn } from 'node:timers/promises';
import { type StatCellValues, TREND_FIGURES, TREND_PERIODS } from '@portal/shared/reports-model';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { type Executor, queryRows, readTogether } from '../../../db/client.ts';
import {
  benchmarkAnswers,
  benchmarkItems,
  carModels,
  carPolicyEntries,
  companies,
  jobGroups,
  periodPositions,
  periodRegions,
  positionAllowances,
  positionEntries,
  regions,
  statCells,
  statSnapshots,
  surveyPeriods,
  surveyPositions,
  surveyResponses,
  turnoverEntries,
} from '../../../db/schema/index.ts';
import type { SurveyData } from './survey-statistics.ts';

export type SnapshotRow = typeof statSnapshots.$inferSelect;
export type PeriodRow = typeof surveyPeriods.$inferSelect;

export async function periodById(db: Executor, periodId: number): Promise<PeriodRow | undefined> {
  const [row] = await db.select().from(surveyPeriods).where(eq(surveyPeriods.id, periodId));
  return row;
}

/** The responses the statistics read: accepted, of companies that are not test companies. */
export const participantResponses = (db: Executor, periodId: number, companyId?: number) =>
  db
    .select({ responseId: surveyResponses.id, companyId: surveyResponses.companyId })
    .from(surveyResponses)
    .innerJoin(companies, eq(companies.id, surveyResponses.companyId))
    .where(
      and(
        eq(surveyResponses.periodId, periodId),
        eq(surveyResponses.status, 'accepted'),
        eq(companies.isTest, false),
        companyId === undefined ? undefined : eq(surveyResponses.companyId, companyId),
      ),
    )
    .orderBy(asc(surveyResponses.companyId));

/**
 * Responses whose grid rows are read at once: a survey of hundreds of companies is read in several queries, as one
 * query of 100,000 rows holds the thread reading it for seconds (the mapping of its rows; on PGlite the query itself,
 * which runs on the server's thread).
 */
const RESPONSES_PER_READ = 25;

/** A grid row the statistics read: one with its incumbents and base salary entered. */
const FILLED = [isNotNull(positionEntries.headcount), isNotNull(positionEntries.baseSalaryAvg)];

/** The grid rows with figures of the given responses, in the order they were entered. */
async function filledEntries(db: Executor, responseIds: number[]) {
  const rows: (typeof positionEntries.$inferSelect)[] = [];
  for (let i = 0; i < responseIds.length; i += RESPONSES_PER_READ) {
    const batch = responseIds.slice(i, i + RESPONSES_PER_READ);
    const filled = and(inArray(positionEntries.responseId, batch), ...FILLED);
    rows.push(...(await db.select().from(positionEntries).where(filled)));
    // PGlite answers without any I/O, so the next read would follow at once: the server's requests get a turn between.
    await nextTurn();
  }
  return rows.sort((a, b) => a.id - b.id);
}

/** What a freeze or a cut reads: the answers of the period's participants (participantResponses). */
export async function periodAnswers(db: Executor, periodId: number): Promise<SurveyData> {
  return surveyData(db, periodId, await participantResponses(db, periodId));
}

/** Everything the statistics need from the given responses: the filled grid rows, allowances, cars, turnover and benchmarks. */
export async function surveyData(db: Executor, periodId: number, responses: { responseId: number; companyId: number }[]): Promise<SurveyData> {
  const ids = responses.map((r) => r.responseId);
  const companyOf = new Map(responses.map((r) => [r.responseId, r.companyId]));
  const company = (responseId: number) => companyOf.get(responseId)!;
  const [positions, entries, allowances, cars, turnover, items, answers] = await readTogether(db, [
    () =>
      db
        .select({ id: surveyPositions.id, jobGroupId: surveyPositions.jobGroupId })
        .from(periodPositions)
        .innerJoin(surveyPositions, eq(surveyPositions.id, periodPositions.positionId))
        .where(eq(periodPositions.periodId, periodId)),
    () => filledEntries(db, ids),
    () =>
      db
        .select({
          responseId: positionEntries.responseId,
          positionId: positionEntries.positionId,
          regionId: positionEntries.regionId,
          type: positionAllowances.allowanceType,
          amount: positionAllowances.amountAvg,
          share: positionAllowances.shareReceivingPct,
          headcount: positionEntries.headcount,
        })
        .from(positionAllowances)
        .innerJoin(positionEntries, eq(positionEntries.id, positionAllowances.entryId))
        .where(and(inArray(positionEntries.responseId, ids), ...FILLED))
        .orderBy(asc(positionAllowances.entryId), asc(positionAllowances.allowanceType)),
    () =>
      db
        .select({ ...getTableColumns(carPolicyEntries), modelClass: carModels.carClass })
        .from(carPolicyEntries)
        .leftJoin(carModels, eq(carModels.id, carPolicyEntries.typicalCarModelId))
        .where(inArray(carPolicyEntries.responseId, ids))
        .orderBy(asc(carPolicyEntries.responseId), asc(carPolicyEntries.positionId)),
    () => db.select().from(turnoverEntries).where(inArray(turnoverEntries.responseId, ids)).orderBy(asc(turnoverEntries.id)),
    () =>
      db
        .select({ id: benchmarkItems.id, key: benchmarkItems.key, unit: benchmarkItems.unit, choices: benchmarkItems.choices })
        .from(benchmarkItems)
        .where(eq(benchmarkItems.periodId, periodId)),
    () =>
      db
        .select()
        .from(benchmarkAnswers)
        .where(inArray(benchmarkAnswers.responseId, ids))
        .orderBy(asc(benchmarkAnswers.responseId), asc(benchmarkAnswers.itemId), asc(benchmarkAnswers.category)),
  ] as const);
  const itemKey = new Map(items.map((i) => [i.id, i.key]));
  return {
    companyIds: responses.map((r) => r.companyId),
    positions: new Map(positions.map((p) => [p.id, p.jobGroupId])),
    entries: entries.map((e) => ({
      companyId: company(e.responseId),
      positionId: e.positionId,
      regionId: e.regionId,
      headcount: e.headcount!,
      base: e.baseSalaryAvg!,
      extraAnnual: e.guaranteedExtraAnnual,
      eligiblePct: e.bonusEligiblePct,
      targetPct: e.bonusTargetPct,
      actualAvg: e.bonusActualAvg,
    })),
    allowances: allowances.map((a) => ({
      companyId: company(a.responseId),
      positionId: a.positionId,
      regionId: a.regionId,
      type: a.type,
      amount: a.amount,
      share: a.share,
      headcount: a.headcount!,
    })),
    cars: cars.map((c) => ({
      companyId: company(c.responseId),
      positionId: c.positionId,
      eligibility: c.eligibility,
      carClass: c.carClass,
      priceCap: c.priceCap,
      cashAllowance: c.cashAllowance,
      replacementMonths: c.replacementMonths,
      fuelLimit: c.fuelLimit,
      privateUse: c.privateUse,
      acquisition: c.acquisition,
      typicalModelId: c.typicalCarModelId,
      modelClass: c.modelClass,
    })),
    turnover: turnover.map((t) => ({
      companyId: company(t.responseId),
      jobGroupId: t.jobGroupId,
      start: t.headcountStart,
      end: t.headcountEnd,
      totalLeavers: t.totalLeavers,
      voluntaryLeavers: t.voluntaryLeavers,
      firstYearLeavers: t.firstYearLeavers,
    })),
    benchmarkItems: items.map((i) => ({ key: i.key, unit: i.unit, choices: i.choices })),
    benchmarks: answers.flatMap((a) => {
      const key = itemKey.get(a.itemId);
      return key ? [{ companyId: company(a.responseId), key, category: a.category, num: a.valueNum, bool: a.valueBool, choice: a.valueChoice }] : [];
    }),
  };
}

export async function insertSnapshot(db: Executor, values: typeof statSnapshots.$inferInsert): Promise<SnapshotRow> {
  const [row] = await db.insert(statSnapshots).values(values).returning();
  return row!;
}

export async function insertCells(db: Executor, snapshotId: number, cells: readonly StatCellValues[]): Promise<void> {
  if (cells.length) await db.insert(statCells).values(cells.map((c) => ({ ...c, snapshotId })));
}

export async function snapshotById(db: Executor, snapshotId: number): Promise<SnapshotRow | undefined> {
  const [row] = await db.select().from(statSnapshots).where(eq(statSnapshots.id, snapshotId));
  return row;
}

export async function latestSnapshotOf(db: Executor, periodId: number): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(statSnapshots)
    .where(eq(statSnapshots.periodId, periodId))
    .orderBy(desc(statSnapshots.createdAt), desc(statSnapshots.id))
    .limit(1);
  return row;
}

export async function cellsOf(db: Executor, snapshotId: number): Promise<StatCellValues[]> {
  const { id: _id, snapshotId: _snapshot, ...columns } = getTableColumns(statCells);
  return db.select(columns).from(statCells).where(eq(statCells.snapshotId, snapshotId)).orderBy(asc(statCells.id));
}

/** The period's catalogue as the reports name it: participants, positions, job groups and regions, in their order. */
export async function catalogueOf(db: Executor, periodId: number, companyIds: number[]) {
  const [participants, positions, groups, regionRows] = await readTogether(db, [
    () => db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, companyIds)).orderBy(asc(companies.name)),
    () =>
      db
        .select({
          id: surveyPositions.id,
          code: surveyPositions.code,
          titleEn: surveyPositions.titleEn,
          titleRu: surveyPositions.titleRu,
          jobGroupId: surveyPositions.jobGroupId,
          careerLevel: surveyPositions.careerLevel,
          isField: surveyPositions.isField,
        })
        .from(periodPositions)
        .innerJoin(surveyPositions, eq(surveyPositions.id, periodPositions.positionId))
        .where(eq(periodPositions.periodId, periodId))
        .orderBy(asc(surveyPositions.sort), asc(surveyPositions.id)),
    () =>
      db
        .selectDistinct({ id: jobGroups.id, nameEn: jobGroups.nameEn, nameRu: jobGroups.nameRu, sort: jobGroups.sort })
        .from(periodPositions)
        .innerJoin(surveyPositions, eq(surveyPositions.id, periodPositions.positionId))
        .innerJoin(jobGroups, eq(jobGroups.id, surveyPositions.jobGroupId))
        .where(eq(periodPositions.periodId, periodId))
        .orderBy(asc(jobGroups.sort), asc(jobGroups.id)),
    () =>
      db
        .select({ id: regions.id, nameEn: regions.nameEn, nameRu: regions.nameRu })
        .from(periodRegions)
        .innerJoin(regions, eq(regions.id, periodRegions.regionId))
        .where(eq(periodRegions.periodId, periodId))
        .orderBy(asc(periodRegions.sort), asc(regions.id)),
  ] as const);
  return { participants, positions, jobGroups: groups.map(({ sort: _sort, ...g }) => g), regions: regionRows };
}

/**
 * The trend's sources: the salary periods before this one (by effective date) whose reports were published, the latest
 * few, each with the snapshot they were published from.
 */
export function trendSources(db: Executor, period: Pick<PeriodRow, 'id' | 'effectiveDate'>): Promise<{ periodId: number; snapshotId: number }[]> {
  return queryRows(
    db,
    sql`SELECT DISTINCT ON (p.effective_date, p.id) p.id AS "periodId", s.id AS "snapshotId"
        FROM survey_periods p JOIN stat_snapshots s ON s.period_id = p.id
        WHERE p.kind = 'salary' AND p.id <> ${period.id} AND p.effective_date < ${period.effectiveDate}
          -- Only figures already published: a snapshot nobody's report was published from stays with the staff.
          AND EXISTS (SELECT 1 FROM reports r WHERE r.snapshot_id = s.id AND r.status = 'published')
        ORDER BY p.effective_date DESC, p.id DESC, s.created_at DESC, s.id DESC
        LIMIT ${TREND_PERIODS}`,
  );
}

/** The headline figures (TREND_FIGURES, their roll-ups by category) of the given snapshots, with the snapshot of each. */
export async function headlineCells(db: Executor, snapshotIds: number[]): Promise<(StatCellValues & { snapshotId: number })[]> {
  if (!snapshotIds.length) return [];
  const { id: _id, ...columns } = getTableColumns(statCells);
  return db
    .select(columns)
    .from(statCells)
    .where(
      and(
        inArray(statCells.snapshotId, snapshotIds),
        or(...TREND_FIGURES.map((f) => and(eq(statCells.domain, f.domain), eq(statCells.metric, f.metric)))),
        isNull(statCells.positionId),
        isNull(statCells.jobGroupId),
        isNull(statCells.regionId),
        isNull(statCells.sizeBand),
        isNull(statCells.distributorId),
        isNull(statCells.sourcePeriodId),
      ),
    )
    .orderBy(asc(statCells.id));
}

/** The periods a snapshot's trend cells come from, oldest first. */
export function trendPeriodsOf(db: Executor, periodIds: number[]) {
  if (!periodIds.length) return Promise.resolve([]);
  return db
    .select({
      id: surveyPeriods.id,
      code: surveyPeriods.code,
      titleEn: surveyPeriods.titleEn,
      titleRu: surveyPeriods.titleRu,
      effectiveDate: surveyPeriods.effectiveDate,
    })
    .from(surveyPeriods)
    .where(inArray(surveyPeriods.id, periodIds))
    .orderBy(asc(surveyPeriods.effectiveDate), asc(surveyPeriods.id));
}

/** The car models a snapshot's cells name (`model:<id>`). */
export function carModelsOf(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: carModels.id, make: carModels.make, model: carModels.model, carClass: carModels.carClass })
    .from(carModels)
    .where(inArray(carModels.id, ids))
    .orderBy(asc(carModels.make), asc(carModels.model));
}
