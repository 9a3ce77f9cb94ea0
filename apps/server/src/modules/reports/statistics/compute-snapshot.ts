import { createHash } from 'node:crypto';
import type { StatCellValues, TaskStage } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';
import { planStatistics, type SurveyData } from './survey-statistics.ts';

export interface FreezeProgress {
  stage: Extract<TaskStage, 'loading' | 'computing' | 'suppressing' | 'saving'>;
  done: number;
  total: number;
}

export interface ComputedSnapshot {
  /** The participants whose answers were computed. */
  companyIds: number[];
  cells: StatCellValues[];
  /** How many cells the complementary suppression hid. */
  complementary: number;
  sourceHash: string;
}

/** How many cells at most between two progress reports. */
const CELLS_PER_STEP = 250;

/** A hash of the answers read: the same hash means the same statistics. */
function sourceHash(data: SurveyData): string {
  const canonical = JSON.stringify({ ...data, positions: [...data.positions].sort((a, b) => a[0] - b[0]) });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The CPU part of a freeze: every cell of the answers under the rules, the complementary suppression and the answers'
 * hash. Synchronous, and seconds long for a survey of hundreds of companies (exact fractions), so the server runs it on
 * the render thread, where it holds no request.
 */
export function computeSnapshot(data: SurveyData, rules: AnonymityRules, onProgress: (progress: FreezeProgress) => void): ComputedSnapshot {
  onProgress({ stage: 'loading', done: 1, total: 1 });
  const plan = planStatistics(data, rules);
  const cells: StatCellValues[] = [];
  for (const job of plan.jobs) {
    cells.push(job());
    if (cells.length % CELLS_PER_STEP === 0) onProgress({ stage: 'computing', done: cells.length, total: plan.jobs.length });
  }
  onProgress({ stage: 'computing', done: cells.length, total: plan.jobs.length });
  onProgress({ stage: 'suppressing', done: 0, total: plan.groups.length });
  const complementary = plan.complete(cells);
  onProgress({ stage: 'suppressing', done: plan.groups.length, total: plan.groups.length });
  return { companyIds: data.companyIds, cells, complementary, sourceHash: sourceHash(data) };
}
