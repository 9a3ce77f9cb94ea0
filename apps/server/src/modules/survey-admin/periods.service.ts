import type { periodBody, periodMoveBody, periodUpdateBody, SurveyPeriod } from '@portal/shared';
import { PERIOD_MOVES, type SurveyKind } from '@portal/shared/survey-model';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import * as repo from './periods.repository.ts';

/** The survey's staff actions go in the 'survey' log. */
export const LOG = 'survey';

type Fields = z.output<typeof periodUpdateBody>;

const values = (f: Fields | z.output<typeof periodBody>) => ({
  code: f.code,
  titleEn: f.titleEn,
  titleRu: f.titleRu,
  opensAt: f.opensAt ? new Date(f.opensAt) : null,
  closesAt: new Date(f.closesAt),
  effectiveDate: f.effectiveDate,
  bonusYear: f.bonusYear,
  minimumWage: f.minimumWage,
  publishNotBefore: f.publishNotBefore,
  priorPeriodId: f.priorPeriodId,
  rules: f.rules,
});

const logged = (p: repo.PeriodRow) => ({
  code: p.code,
  titleEn: p.titleEn,
  titleRu: p.titleRu,
  opensAt: p.opensAt?.toISOString() ?? null,
  closesAt: p.closesAt.toISOString(),
  effectiveDate: p.effectiveDate,
  bonusYear: p.bonusYear,
  minimumWage: p.minimumWage,
  publishNotBefore: p.publishNotBefore,
  priorPeriodId: p.priorPeriodId,
  rules: p.rules,
});

/** Statuses in which a period's settings may still change (its reports build on them afterwards). */
const EDITABLE = new Set(['draft', 'open', 'closed', 'review']);

/** Survey periods: the staff's list, creation, edits and the life cycle (PERIOD_MOVES, the one shared rule). */
export class PeriodsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  list(): Promise<SurveyPeriod[]> {
    return repo.listPeriods(this.db);
  }

  /** The period, or 404. */
  async get(db: Executor, id: number, lock = false): Promise<repo.PeriodRow> {
    const period = await repo.findPeriod(db, id, lock);
    if (!period) throw new AppError('NOT_FOUND');
    return period;
  }

  private async view(db: Executor, id: number): Promise<SurveyPeriod> {
    const view = await repo.periodView(db, id);
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  }

  private async checkFields(tx: Executor, kind: SurveyKind, f: Fields | z.output<typeof periodBody>, id = 0): Promise<void> {
    if (await repo.codeTaken(tx, kind, f.code, id))
      throw new AppError('PERIOD_CODE_TAKEN', { fields: { code: 'surveyAdmin.errors.periodCodeTaken' } });
    // Last year's period is another period of the same survey: the prior checks, copy from last year and last year's
    // answers all read it as such.
    if (f.priorPeriodId !== null && (f.priorPeriodId === id || (await repo.findPeriod(tx, f.priorPeriodId))?.kind !== kind)) {
      throw new AppError('VALIDATION', { fields: { priorPeriodId: 'validation.invalid' } });
    }
  }

  async create(actor: Actor, f: z.output<typeof periodBody>): Promise<SurveyPeriod> {
    return this.db.transaction(async (tx) => {
      await this.checkFields(tx, f.kind, f);
      const now = this.clock.now();
      const id = await repo.insertPeriod(tx, { ...values(f), kind: f.kind, status: 'draft', createdAt: now, updatedAt: now });
      const created = await this.get(tx, id);
      await writeLog(tx, now, {
        domain: LOG,
        action: 'period.created',
        entity: 'surveyPeriod',
        entityId: id,
        ...authorOf(actor),
        after: logged(created),
      });
      return this.view(tx, id);
    });
  }

  async update(actor: Actor, f: z.output<typeof periodUpdateBody>): Promise<SurveyPeriod> {
    return this.db.transaction(async (tx) => {
      const before = await this.get(tx, f.id, true);
      if (before.version !== f.version) throw new AppError('CONFLICT');
      if (!EDITABLE.has(before.status)) throw new AppError('PERIOD_LOCKED');
      await this.checkFields(tx, before.kind, f, f.id);
      const now = this.clock.now();
      await repo.updatePeriod(tx, f.id, { ...values(f), version: before.version + 1, updatedAt: now });
      const after = await this.get(tx, f.id);
      await writeLog(tx, now, {
        domain: LOG,
        action: 'period.updated',
        entity: 'surveyPeriod',
        entityId: f.id,
        ...authorOf(actor),
        before: logged(before),
        after: logged(after),
      });
      return this.view(tx, f.id);
    });
  }

  /**
   * Moves a period one step (PERIOD_MOVES). `from` is the status the caller saw: a stale screen gets 409 rather than a
   * second move. Opening a salary period needs its regions and positions; one period of each kind is open at a time.
   */
  async move(actor: Actor, m: z.output<typeof periodMoveBody>): Promise<SurveyPeriod> {
    return this.db.transaction(async (tx) => {
      const period = await this.get(tx, m.id, true);
      if (period.status !== m.from) throw new AppError('CONFLICT');
      if (!PERIOD_MOVES[m.from].includes(m.to)) throw new AppError('PERIOD_MOVE_IMPOSSIBLE');
      const now = this.clock.now();
      if (m.to === 'open') {
        const view = await this.view(tx, m.id);
        // Credit data needs no catalogue: the distributors are the association's list, kept apart.
        if (period.kind === 'salary' && (!view.regions || !view.positions)) throw new AppError('PERIOD_NOT_READY');
        if (await repo.otherOpenPeriod(tx, period.kind, m.id)) throw new AppError('PERIOD_ANOTHER_OPEN');
      }
      await repo.updatePeriod(tx, m.id, {
        status: m.to,
        // The first opening is when companies could start: recorded unless staff planned a date.
        opensAt: m.to === 'open' && !period.opensAt ? now : period.opensAt,
        version: period.version + 1,
        updatedAt: now,
      });
      await writeLog(tx, now, {
        domain: LOG,
        action: 'period.moved',
        entity: 'surveyPeriod',
        entityId: m.id,
        ...authorOf(actor),
        before: { status: m.from },
        after: { status: m.to },
      });
      return this.view(tx, m.id);
    });
  }
}
