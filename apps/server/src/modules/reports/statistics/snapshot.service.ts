import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SizeBand, StatCellValues, TaskStage } from '@portal/shared/reports-model';
import type { Db, Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { writeLog } from '../../action-log/action-log.ts';
import type { OwnFigure, SnapshotData } from '../report-document.ts';
import { ownFiguresOf } from './own-position.ts';
import * as repo from './snapshot.repository.ts';
import { planStatistics, type SurveyData, salaryCut } from './survey-statistics.ts';

export { compaRatio, quartileBand } from './own-position.ts';

/**
 * Frozen statistics (design §1.5, §3.2–3.4): a period's accepted answers computed once into a snapshot that every
 * report and every company's comparison reads, so their numbers agree; the company's own figures; the live cut.
 */

export interface FreezeProgress {
  stage: Extract<TaskStage, 'loading' | 'computing' | 'suppressing' | 'saving'>;
  done: number;
  total: number;
}

/** How many cells at most between two progress reports, and per insert. */
const CELLS_PER_STEP = 250;
/** How long the computation holds the event loop at most before it lets others run (one large cell may take longer). */
const TURN_MS = 20;

const LOG = 'survey';

/** A hash of the answers read: the same hash means the same statistics. */
function sourceHash(data: SurveyData): string {
  const canonical = JSON.stringify({ ...data, positions: [...data.positions].sort((a, b) => a[0] - b[0]) });
  return createHash('sha256').update(canonical).digest('hex');
}

async function periodData(db: Executor, periodId: number) {
  const period = await repo.periodById(db, periodId);
  if (!period) throw new AppError('NOT_FOUND');
  const responses = await repo.participantResponses(db, periodId);
  return { period, data: await repo.surveyData(db, periodId, responses) };
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
): Promise<number> {
  onProgress({ stage: 'loading', done: 0, total: 1 });
  const { period, data } = await periodData(db, input.periodId);
  onProgress({ stage: 'loading', done: 1, total: 1 });

  const plan = planStatistics(data, period.rules);
  const cells: StatCellValues[] = [];
  let turn = performance.now();
  for (const job of plan.jobs) {
    cells.push(job());
    // The computation is CPU only: every few milliseconds the caller's heartbeat and the server's requests get their turn.
    if (cells.length % CELLS_PER_STEP === 0 || performance.now() - turn > TURN_MS) {
      onProgress({ stage: 'computing', done: cells.length, total: plan.jobs.length });
      await nextTurn();
      turn = performance.now();
    }
  }
  onProgress({ stage: 'computing', done: cells.length, total: plan.jobs.length });
  onProgress({ stage: 'suppressing', done: 0, total: plan.groups.length });
  const complementary = plan.complete(cells);
  onProgress({ stage: 'suppressing', done: plan.groups.length, total: plan.groups.length });

  return db.transaction(async (tx) => {
    const snapshot = await repo.insertSnapshot(tx, {
      periodId: period.id,
      rules: period.rules,
      responsesIncluded: data.companyIds.length,
      companyIds: data.companyIds,
      sourceHash: sourceHash(data),
      createdBy: input.userId,
      createdAt: input.now,
    });
    for (let i = 0; i < cells.length; i += CELLS_PER_STEP) {
      onProgress({ stage: 'saving', done: i, total: cells.length });
      await repo.insertCells(tx, snapshot.id, cells.slice(i, i + CELLS_PER_STEP));
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
      },
    });
    onProgress({ stage: 'saving', done: cells.length, total: cells.length });
    return snapshot.id;
  });
}

/** A snapshot with its period's catalogue, as the report builders read it. */
export async function loadSnapshotData(db: Executor, snapshotId: number): Promise<SnapshotData> {
  const snapshot = await repo.snapshotById(db, snapshotId);
  if (!snapshot) throw new AppError('NOT_FOUND');
  const period = (await repo.periodById(db, snapshot.periodId))!;
  const [cells, catalogue] = [await repo.cellsOf(db, snapshotId), await repo.catalogueOf(db, period.id, snapshot.companyIds)];
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
): Promise<{ companies: number; cells: StatCellValues[] }> {
  const { period, data } = await periodData(db, cut.periodId);
  return salaryCut(data, period.rules, cut);
}
