import { carModelOf, type SizeBand, type StatCellValues } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';
import type { Db, Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { writeLog } from '../../action-log/action-log.ts';
import type { OwnFigure, SnapshotData } from '../report-document.ts';
import { type ComputedSnapshot, computeSnapshot, type FreezeProgress } from './compute-snapshot.ts';
import { ownFiguresOf } from './own-position.ts';
import * as repo from './snapshot.repository.ts';
import { type SalaryCut, salaryCut } from './survey-statistics.ts';

export type { FreezeProgress } from './compute-snapshot.ts';
export { compaRatio, quartileBand } from './own-position.ts';

/**
 * Frozen statistics (design §1.5, §3.2–3.4): a period's accepted answers computed once into a snapshot that every
 * report and every company's comparison reads, so their numbers agree; the company's own figures; the live cut.
 */

/** Cells per insert. */
const CELLS_PER_INSERT = 250;

const LOG = 'survey';

/**
 * Where a period's answers are read and its cells computed: in the server, on the render thread (ReportContents); here,
 * through `db`, by default.
 */
export type SnapshotCompute = (periodId: number, rules: AnonymityRules, onProgress: (progress: FreezeProgress) => void) => Promise<ComputedSnapshot>;
const computeHere =
  (db: Executor): SnapshotCompute =>
  async (periodId, rules, onProgress) =>
    computeSnapshot(await repo.periodAnswers(db, periodId), rules, onProgress);

export interface CutResult {
  companies: number;
  cells: StatCellValues[];
}
/** Where a cut's answers are read and computed: in the server, on the render thread (ReportContents), as a freeze; here by default. */
export type CutCompute = (periodId: number, rules: AnonymityRules, cut: SalaryCut) => Promise<CutResult>;
const cutHere =
  (db: Executor): CutCompute =>
  async (periodId, rules, cut) =>
    salaryCut(await repo.periodAnswers(db, periodId), rules, cut);

async function periodOf(db: Executor, periodId: number): Promise<repo.PeriodRow> {
  const period = await repo.periodById(db, periodId);
  if (!period) throw new AppError('NOT_FOUND');
  return period;
}

/**
 * Freezes a period's statistics: reads its accepted answers (test companies left out), computes every cell with the
 * period's rules, and writes the snapshot and its cells with the log entry in one transaction; answers the snapshot's
 * id. A period with too few answers still freezes, every cell suppressed: refusing is the caller's decision.
 * `onProgress` is told every few hundred cells; it runs inside the saving transaction too, so it must not wait on the
 * database there (on PGlite, the one connection is the transaction's until it commits).
 */
export async function freezeSnapshot(
  db: Db,
  input: { periodId: number; userId: number | null; now: Date },
  onProgress: (progress: FreezeProgress) => void,
  compute: SnapshotCompute = computeHere(db),
): Promise<number> {
  onProgress({ stage: 'loading', done: 0, total: 1 });
  const period = await periodOf(db, input.periodId);
  const computed = await compute(period.id, period.rules, onProgress);
  const { companyIds, complementary, sourceHash } = computed;
  const trend = await trendCells(db, period);
  const cells = [...computed.cells, ...trend];

  return db.transaction(async (tx) => {
    const snapshot = await repo.insertSnapshot(tx, {
      periodId: period.id,
      rules: period.rules,
      responsesIncluded: companyIds.length,
      companyIds,
      sourceHash,
      createdBy: input.userId,
      createdAt: input.now,
    });
    for (let i = 0; i < cells.length; i += CELLS_PER_INSERT) {
      onProgress({ stage: 'saving', done: i, total: cells.length });
      await repo.insertCells(tx, snapshot.id, cells.slice(i, i + CELLS_PER_INSERT));
    }
    await writeLog(tx, input.now, {
      domain: LOG,
      action: 'snapshot.frozen',
      entity: 'surveyPeriod',
      entityId: period.id,
      actorId: input.userId,
      after: {
        period: period.code,
        snapshotId: snapshot.id,
        responsesIncluded: snapshot.responsesIncluded,
        cells: cells.length,
        suppressed: cells.filter((c) => c.suppressReason).length,
        complementary,
        trendPeriods: [...new Set(trend.map((c) => c.sourcePeriodId))],
      },
    });
    onProgress({ stage: 'saving', done: cells.length, total: cells.length });
    return snapshot.id;
  });
}

/**
 * The general report's trend, frozen with the snapshot: the headline figures of the earlier periods' own snapshots
 * (the published one where there is one), copied as they were published or hidden there.
 */
async function trendCells(db: Executor, period: repo.PeriodRow): Promise<StatCellValues[]> {
  const sources = await repo.trendSources(db, period);
  const periodOf = new Map(sources.map((s) => [s.snapshotId, s.periodId]));
  return (await repo.headlineCells(db, [...periodOf.keys()])).map(({ snapshotId, ...cell }) => ({
    ...cell,
    sourcePeriodId: periodOf.get(snapshotId)!,
  }));
}

/** A snapshot with its period's catalogue, as the report builders read it. */
export async function loadSnapshotData(db: Executor, snapshotId: number): Promise<SnapshotData> {
  const snapshot = await repo.snapshotById(db, snapshotId);
  if (!snapshot) throw new AppError('NOT_FOUND');
  const period = (await repo.periodById(db, snapshot.periodId))!;
  const [cells, catalogue] = [await repo.cellsOf(db, snapshotId), await repo.catalogueOf(db, period.id, snapshot.companyIds)];
  const trendPeriodIds = [...new Set(cells.flatMap((c) => (c.sourcePeriodId === null ? [] : [c.sourcePeriodId])))];
  const modelIds = [...new Set(cells.map((c) => (c.domain === 'car' ? carModelOf(c.metric) : null)).filter((id) => id !== null))];
  const [trendPeriods, carModels] = [await repo.trendPeriodsOf(db, trendPeriodIds), await repo.carModelsOf(db, modelIds)];
  return {
    snapshotId,
    period: {
      id: period.id,
      code: period.code,
      titleEn: period.titleEn,
      titleRu: period.titleRu,
      effectiveDate: period.effectiveDate,
      bonusYear: period.bonusYear,
    },
    rules: snapshot.rules,
    createdAt: snapshot.createdAt,
    cells,
    ...catalogue,
    trendPeriods,
    carModels,
  };
}

/** The period's most recent snapshot, if any. */
export const latestSnapshot = (db: Executor, periodId: number): Promise<repo.SnapshotRow | undefined> => repo.latestSnapshotOf(db, periodId);

/**
 * A company's own figures for its company report, in the snapshot's cuts and metrics (no size bands), read from its
 * accepted answer in the snapshot's period; none when it did not take part in the snapshot.
 */
export async function ownFigures(db: Executor, snapshotId: number, companyId: number): Promise<OwnFigure[]> {
  const snapshot = await repo.snapshotById(db, snapshotId);
  if (!snapshot) throw new AppError('NOT_FOUND');
  if (!snapshot.companyIds.includes(companyId)) return [];
  const responses = await repo.participantResponses(db, snapshot.periodId, companyId);
  return ownFiguresOf(await repo.surveyData(db, snapshot.periodId, responses));
}

/**
 * The interactive cut (design §5 item 11), not stored: salary per position over the chosen regions (null: all) and
 * one company size band (null: all), computed live from the same accepted answers with the period's rules.
 */
export async function interactiveCut(
  db: Executor,
  cut: { periodId: number; regionIds: number[] | null; sizeBand: SizeBand | null },
  compute: CutCompute = cutHere(db),
): Promise<CutResult> {
  const period = await periodOf(db, cut.periodId);
  return compute(period.id, period.rules, { regionIds: cut.regionIds, sizeBand: cut.sizeBand });
}
