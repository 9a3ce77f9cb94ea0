import {
  benchmarkCount,
  benchmarkIssues,
  contactCount,
  type GridCar,
  type GridRow,
  matchingCount,
  type PageQuestion,
  PROFILE_HEADCOUNT_QUESTION,
  PROFILE_PAGE,
  pageCount,
  pageIssues,
  positionIssues,
  positionsCount,
  type RuleIssue,
  type StepCount,
  turnoverCount,
  turnoverIssues,
} from '@portal/shared';
import type { StepKey } from '@portal/shared/survey-model';
import { type Executor, readTogether } from '../../db/client.ts';
import * as repo from './survey.repository.ts';

/** The response a step is checked for. */
export interface CheckTarget {
  period: repo.PeriodRow;
  companyId: number;
  response: repo.ResponseRow;
}

/** What a step holds: its answered and required counts and what the rules find in it. */
export interface StepCheck {
  count: StepCount;
  issues: RuleIssue[];
}

/** The company profile's total headcount (it bounds the grid's). */
async function companyHeadcount(db: Executor, t: CheckTarget): Promise<number | null> {
  const v = await repo.pageAnswerOf(db, t.period.id, t.response.id, PROFILE_PAGE, PROFILE_HEADCOUNT_QUESTION);
  return typeof v === 'number' ? v : null;
}

/** Last year's base per 'positionId:regionId', through the lineage. */
export async function priorMap(db: Executor, t: CheckTarget): Promise<Map<string, string | null>> {
  if (!t.period.priorPeriodId) return new Map();
  const rows = await repo.priorBases(db, t.period.priorPeriodId, t.companyId);
  return new Map(rows.map((r) => [`${r.positionId}:${r.regionId}`, r.baseSalaryAvg]));
}

/** The grid as a save left it, when the save knows it already (so a 400-row grid is not read back). */
export interface KnownGrid {
  rows: GridRow[];
  cars: GridCar[];
}

/** Each of the period's positions with its job group and career level (the manager's pay rule). */
export async function levelsOf(db: Executor, periodId: number): Promise<Map<number, { jobGroupId: number; careerLevel: string }>> {
  return new Map((await repo.periodPositionsOf(db, periodId)).map((p) => [p.id, { jobGroupId: p.jobGroupId, careerLevel: p.careerLevel }]));
}

/** Reads a step's answers and runs its rules (design §2). */
export async function checkStep(db: Executor, t: CheckTarget, key: StepKey, known?: KnownGrid): Promise<StepCheck> {
  switch (key) {
    case 'contact':
      return { count: contactCount((await repo.contactOf(db, t.companyId)) ?? null), issues: [] };
    case 'matching':
      return { count: matchingCount(known ? known.rows : await repo.entriesOf(db, t.response.id)), issues: [] };
    case 'positions': {
      const [rows, cars, prior, headcount, levels] = await readTogether(db, [
        async () => known?.rows ?? (await repo.entriesOf(db, t.response.id)),
        async () => known?.cars ?? (await repo.carRowsOf(db, t.response.id)),
        () => priorMap(db, t),
        () => companyHeadcount(db, t),
        () => levelsOf(db, t.period.id),
      ]);
      return {
        count: positionsCount(rows, cars),
        issues: positionIssues(rows, cars, {
          minimumWage: t.period.minimumWage,
          prior,
          companyHeadcount: headcount,
          copied: t.response.copiedFromResponseId !== null,
          levels,
        }),
      };
    }
    case 'turnover': {
      const rows = await repo.turnoverOf(db, t.response.id);
      return { count: turnoverCount(rows), issues: turnoverIssues(rows) };
    }
    case 'benchmarks': {
      const [items, answers] = await readTogether(db, [
        () => repo.benchmarkItemsOf(db, t.period.id),
        () => repo.benchmarkAnswersOf(db, t.response.id),
      ]);
      return { count: benchmarkCount(items, answers), issues: benchmarkIssues(items, answers) };
    }
    default: {
      const pageKey = key.slice('page:'.length);
      const page = await repo.pageOf(db, t.period.id, pageKey);
      if (!page) return { count: { answered: 0, required: 0 }, issues: [] };
      const questions = page.questions as PageQuestion[];
      const answers = await repo.pageAnswersOf(db, t.response.id, page.id);
      return { count: pageCount(questions, answers), issues: pageIssues(pageKey, questions, answers) };
    }
  }
}
