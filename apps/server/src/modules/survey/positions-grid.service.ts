import {
  type CarPolicyEntry,
  type CarPolicyRow,
  type clearPositionQuery,
  type GridCar,
  type GridRow,
  INCUMBENT_FIELDS,
  type jobGroupPositionsQuery,
  type PositionEntry,
  type PositionRow,
  type PositionsData,
  rowKey,
  type SaveResult,
  type savePositionsBody,
  type User,
} from '@portal/shared';
import type { z } from 'zod';
import { type Db, type Executor, readTogether } from '../../db/client.ts';
import { AppError, type FieldMessage } from '../../lib/app-error.ts';
import { type Caller, issueOut, type QuestionnaireService, type SurveyContext } from './questionnaire.service.ts';
import { priorMap } from './step-checks.ts';
import * as repo from './survey.repository.ts';

type SaveBody = z.output<typeof savePositionsBody>;
const ROW_FIELDS = [
  'matchQuality',
  'headcount',
  'baseSalaryAvg',
  'guaranteedExtraAnnual',
  'bonusEligiblePct',
  'bonusTargetPct',
  'bonusActualAvg',
  'comment',
] as const;
const CAR_FIELDS = [
  'eligibility',
  'typicalCarModelId',
  'carClass',
  'priceCap',
  'acquisition',
  'replacementMonths',
  'replacementKm',
  'fuelLimit',
  'privateUse',
  'employeeContribution',
  'cashAllowance',
] as const;

const allowanceKey = (a: readonly { type: string; amountAvg: string | null; shareReceivingPct: string | null }[]) =>
  a
    .filter((x) => x.amountAvg !== null || x.shareReceivingPct !== null)
    .map((x) => `${x.type}=${x.amountAvg}/${x.shareReceivingPct}`)
    .sort()
    .join(';');
const sameRow = (a: PositionRow, b: repo.EntryRow) =>
  ROW_FIELDS.every((f) => a[f] === b[f]) && allowanceKey(a.allowances) === allowanceKey(b.allowances);
const sameCar = (a: CarPolicyRow, b: repo.CarRow) => CAR_FIELDS.every((f) => a[f] === b[f]);

const entryOut = (e: repo.EntryRow): PositionEntry => ({
  positionId: e.positionId,
  regionId: e.regionId,
  matchQuality: e.matchQuality,
  headcount: e.headcount,
  baseSalaryAvg: e.baseSalaryAvg,
  guaranteedExtraAnnual: e.guaranteedExtraAnnual,
  bonusEligiblePct: e.bonusEligiblePct,
  bonusTargetPct: e.bonusTargetPct,
  bonusActualAvg: e.bonusActualAvg,
  comment: e.comment,
  allowances: e.allowances as PositionEntry['allowances'],
  incumbents: e.incumbents,
});

/** The averages a sent row would change on a stored row that has incumbents (they are computed from them alone). */
export const lockedChanges = (sent: PositionRow, stored: repo.EntryRow | undefined): string[] =>
  stored?.incumbents ? INCUMBENT_FIELDS.filter((f) => sent[f] !== stored[f]) : [];
const carOut = ({ responseId: _, ...c }: repo.CarRow): CarPolicyEntry => c;

/** The matching and positions steps: the company's grid (position × region) with allowances, and the car policy per position. */
export class PositionsGridService {
  constructor(
    private readonly db: Db,
    private readonly q: QuestionnaireService,
  ) {}

  async data(user: User, query: z.output<typeof jobGroupPositionsQuery>): Promise<PositionsData> {
    const ctx = await this.q.context(user, query);
    return this.dataOf(this.db, ctx, query.jobGroupId);
  }

  async dataOf(db: Executor, ctx: SurveyContext, jobGroupId?: number): Promise<PositionsData> {
    const rows = await repo.entriesOf(db, ctx.response.id, jobGroupId);
    const positionIds = [...new Set(rows.map((r) => r.positionId))];
    const [cars, prior, issues] = await readTogether(db, [
      () => repo.carRowsOf(db, ctx.response.id, jobGroupId === undefined ? undefined : positionIds),
      () => priorMap(db, ctx),
      () => repo.issuesOf(db, ctx.response.id, 'positions'),
    ]);
    return {
      version: ctx.response.version,
      rows: rows.map(entryOut),
      cars: cars.map(carOut),
      prior: [...prior].map(([key, baseSalaryAvg]) => {
        const [positionId, regionId] = key.split(':').map(Number);
        return { positionId: positionId!, regionId: regionId!, baseSalaryAvg };
      }),
      issues: issues.map(issueOut),
    };
  }

  /** savePositions: upserts only the rows and car rows that differ from what is stored. */
  save(caller: Caller, body: SaveBody, action: 'save_step' | 'import_excel' = 'save_step'): Promise<SaveResult> {
    return this.q.save(
      caller,
      body,
      action,
      ['matching', 'positions'],
      async (tx, ctx) => {
        await this.checkCatalogue(tx, ctx, body);
        const [existing, existingCars] = await readTogether(tx, [
          () => repo.entriesOf(tx, ctx.response.id),
          () => repo.carRowsOf(tx, ctx.response.id),
        ]);
        const stored = new Map(existing.map((e) => [rowKey(e), e]));
        const locked: Record<string, FieldMessage> = {};
        body.rows.forEach((r, i) => {
          for (const f of lockedChanges(r, stored.get(rowKey(r)))) locked[`rows.${i}.${f}`] = 'survey.errors.incumbentsLocked';
        });
        if (Object.keys(locked).length) throw new AppError('VALIDATION', { fields: locked });
        const storedCars = new Map(existingCars.map((c) => [c.positionId, c]));
        const rows = body.rows.filter((r) => {
          const s = stored.get(rowKey(r));
          return !s || !sameRow(r, s);
        });
        const cars = body.cars.filter((c) => {
          const s = storedCars.get(c.positionId);
          return !s || !sameCar(c, s);
        });
        await repo.upsertEntries(tx, ctx.response.id, rows);
        await repo.upsertCars(tx, ctx.response.id, cars);
        const added = rows.filter((r) => !stored.has(rowKey(r))).length;
        // The grid as it now stands: what was stored, with the rows and car rows sent in their place.
        const after = new Map<string, GridRow>(existing.map((e) => [rowKey(e), e]));
        for (const r of rows) after.set(rowKey(r), r);
        const afterCars = new Map<number, GridCar>(existingCars.map((c) => [c.positionId, c]));
        for (const c of cars) afterCars.set(c.positionId, c);
        return {
          grid: { rows: [...after.values()], cars: [...afterCars.values()] },
          changed: rows.length + cars.length > 0,
          summary: {
            rows: rows.length,
            added,
            cars: cars.length,
            // Staff edits keep before and after of each row they changed (design §1.2).
            ...(ctx.staff ? { before: rows.map((r) => stored.get(rowKey(r)) ?? null).map((e) => e && entryOut(e)), after: rows } : {}),
          },
        };
      },
      (tx, ctx) => this.dataOf(tx, ctx),
    );
  }

  /** Rows must name the period's positions and regions; a cell-by-cell message otherwise. */
  private async checkCatalogue(tx: Executor, ctx: SurveyContext, body: SaveBody): Promise<void> {
    const ids = await repo.periodIds(tx, ctx.period.id);
    const fields: Record<string, FieldMessage> = {};
    body.rows.forEach((r, i) => {
      if (!ids.positions.has(r.positionId)) fields[`rows.${i}.positionId`] = 'survey.errors.unknownPosition';
      if (!ids.regions.has(r.regionId)) fields[`rows.${i}.regionId`] = 'survey.errors.unknownRegion';
    });
    body.cars.forEach((c, i) => {
      if (!ids.positions.has(c.positionId)) fields[`cars.${i}.positionId`] = 'survey.errors.unknownPosition';
    });
    if (Object.keys(fields).length) throw new AppError('VALIDATION', { fields });
  }

  /** clearPositionData: a position's rows (one region, or all) with their allowances, and its car row with the last region. */
  clear(caller: Caller, query: z.output<typeof clearPositionQuery>): Promise<SaveResult> {
    return this.q.save(
      caller,
      query,
      'clear_position',
      ['matching', 'positions'],
      async (tx, ctx) => {
        const removed = await repo.clearPosition(tx, ctx.response.id, query.positionId, query.regionId);
        return { changed: removed > 0, summary: { positionId: query.positionId, regionId: query.regionId ?? null, rows: removed } };
      },
      (tx, ctx) => this.dataOf(tx, ctx),
    );
  }
}
