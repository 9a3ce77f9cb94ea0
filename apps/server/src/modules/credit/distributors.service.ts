import type {
  Distributor,
  DistributorGroup,
  DistributorOption,
  distributorBody,
  distributorGroupBody,
  distributorGroupUpdateBody,
  distributorListQuery,
  distributorUpdateBody,
  mergeDistributorsBody,
} from '@portal/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import * as repo from './distributors.repository.ts';

/** Distributors and credit data are in the survey's log (the history's survey area). */
export const LOG = 'survey';

type Fields = z.output<typeof distributorBody>;

const values = (f: Fields) => ({
  nameRu: f.nameRu,
  nameEn: f.nameEn,
  legalName: f.legalName,
  inn: f.inn,
  ogrn: f.ogrn,
  groupId: f.groupId,
  hqRegionId: f.hqRegionId,
  type: f.type,
  status: f.status,
});

const logged = (d: repo.DistributorRow) => ({
  nameRu: d.nameRu,
  nameEn: d.nameEn,
  legalName: d.legalName,
  inn: d.inn,
  ogrn: d.ogrn,
  groupId: d.groupId,
  hqRegionId: d.hqRegionId,
  type: d.type,
  status: d.status,
  mergedIntoId: d.mergedIntoId,
});

/** The distributor list staff keep (design §1.4): keyed by INN, duplicates merged into a survivor. */
export class DistributorsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  list(f: z.output<typeof distributorListQuery>): Promise<{ rows: Distributor[]; total: number }> {
    return repo.listDistributors(this.db, f);
  }

  /** Active distributors matching a name or INN (at most 20), for a company adding whom it reports on. */
  search(search: string): Promise<DistributorOption[]> {
    return repo.searchActive(this.db, search, 20);
  }

  /** The distributor, or 404. */
  async get(db: Executor, id: number, lock = false): Promise<repo.DistributorRow> {
    const row = await repo.findDistributor(db, id, lock);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async view(db: Executor, id: number): Promise<Distributor> {
    const view = await repo.distributorView(db, id);
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  }

  /** A duplicate INN is a 409 said on the field; a holding or region that does not exist is the field's own error. */
  private async checkFields(tx: Executor, f: Fields, id = 0): Promise<void> {
    const fields: Record<string, string> = {};
    if (f.groupId !== null && !(await repo.groupExists(tx, f.groupId))) fields.groupId = 'validation.invalid';
    if (f.hqRegionId !== null && !(await repo.regionExists(tx, f.hqRegionId))) fields.hqRegionId = 'validation.invalid';
    if (Object.keys(fields).length) throw new AppError('VALIDATION', { fields });
    if (await repo.innHolder(tx, f.inn, id)) throw new AppError('DISTRIBUTOR_INN_TAKEN', { fields: { inn: 'creditData.errors.innTaken' } });
  }

  async create(actor: Actor, f: Fields): Promise<Distributor> {
    return this.db.transaction(async (tx) => this.view(tx, await this.add(tx, actor, f)));
  }

  /** Adds a distributor within the caller's transaction (a company's request is closed with it) and logs it; its id. */
  async add(tx: Executor, actor: Actor, f: Fields): Promise<number> {
    await this.checkFields(tx, f);
    const now = this.clock.now();
    const id = await repo.insertDistributor(tx, { ...values(f), createdAt: now, updatedAt: now });
    await writeLog(tx, now, {
      domain: LOG,
      action: 'distributor.created',
      entity: 'distributor',
      entityId: id,
      ...authorOf(actor),
      after: logged(await this.get(tx, id)),
    });
    return id;
  }

  /** The distributor not merged away that holds this INN, if any. */
  innHolder(tx: Executor, inn: string): Promise<number | undefined> {
    return repo.innHolder(tx, inn);
  }

  async update(actor: Actor, f: z.output<typeof distributorUpdateBody>): Promise<Distributor> {
    return this.db.transaction(async (tx) => {
      const before = await this.get(tx, f.id, true);
      if (before.status === 'merged') throw new AppError('DISTRIBUTOR_MERGED');
      if (before.version !== f.version) throw new AppError('CONFLICT');
      await this.checkFields(tx, f, f.id);
      const now = this.clock.now();
      await repo.updateDistributor(tx, f.id, { ...values(f), version: before.version + 1, updatedAt: now });
      await writeLog(tx, now, {
        domain: LOG,
        action: 'distributor.updated',
        entity: 'distributor',
        entityId: f.id,
        ...authorOf(actor),
        before: logged(before),
        after: logged(await this.get(tx, f.id)),
      });
      return this.view(tx, f.id);
    });
  }

  /**
   * Merges a duplicate into its survivor in one transaction: the duplicate's credit entries move (two rows of one
   * submission become one), distributors merged into it follow, and it is marked merged. Both rows are locked in id
   * order, so two merges crossing each other cannot deadlock.
   */
  async merge(actor: Actor, m: z.output<typeof mergeDistributorsBody>): Promise<{ survivor: Distributor; movedEntries: number }> {
    return this.db.transaction(async (tx) => {
      const [first, second] = [m.duplicateId, m.survivorId].sort((a, b) => a - b) as [number, number];
      await this.get(tx, first, true);
      await this.get(tx, second, true);
      const duplicate = await this.get(tx, m.duplicateId);
      const survivor = await this.get(tx, m.survivorId);
      if (duplicate.status === 'merged' || survivor.status === 'merged') throw new AppError('DISTRIBUTOR_MERGED');
      const now = this.clock.now();
      const movedEntries = await repo.moveEntries(tx, duplicate.id, survivor.id);
      await repo.repointMerged(tx, duplicate.id, survivor.id);
      await repo.updateDistributor(tx, duplicate.id, { status: 'merged', mergedIntoId: survivor.id, version: duplicate.version + 1, updatedAt: now });
      await writeLog(tx, now, {
        domain: LOG,
        action: 'distributor.merged',
        entity: 'distributor',
        entityId: duplicate.id,
        ...authorOf(actor),
        before: logged(duplicate),
        after: {
          ...logged(await this.get(tx, duplicate.id)),
          survivor: { id: survivor.id, nameRu: survivor.nameRu, inn: survivor.inn },
          movedEntries,
        },
      });
      return { survivor: await this.view(tx, survivor.id), movedEntries };
    });
  }

  /** The ids among these that name no distributor, or one merged away: a company's save may name neither. */
  async unavailable(tx: Executor, ids: number[]): Promise<Set<number>> {
    const held = await repo.unmergedAmong(tx, ids);
    return new Set(ids.filter((id) => !held.has(id)));
  }

  // ---- holdings

  listGroups(): Promise<DistributorGroup[]> {
    return repo.listGroups(this.db);
  }

  private async groupView(tx: Executor, id: number): Promise<DistributorGroup> {
    const group = (await repo.listGroups(tx)).find((g) => g.id === id);
    if (!group) throw new AppError('NOT_FOUND');
    return group;
  }

  async createGroup(actor: Actor, f: z.output<typeof distributorGroupBody>): Promise<DistributorGroup> {
    return this.db.transaction(async (tx) => {
      if (await repo.groupNameTaken(tx, f.nameRu))
        throw new AppError('DISTRIBUTOR_GROUP_TAKEN', { fields: { nameRu: 'creditData.errors.groupTaken' } });
      const id = await repo.insertGroup(tx, f.nameRu, f.nameEn);
      await writeLog(tx, this.clock.now(), {
        domain: LOG,
        action: 'distributorGroup.created',
        entity: 'distributorGroup',
        entityId: id,
        ...authorOf(actor),
        after: f,
      });
      return this.groupView(tx, id);
    });
  }

  async updateGroup(actor: Actor, f: z.output<typeof distributorGroupUpdateBody>): Promise<DistributorGroup> {
    return this.db.transaction(async (tx) => {
      const before = await repo.findGroup(tx, f.id);
      if (!before) throw new AppError('NOT_FOUND');
      if (await repo.groupNameTaken(tx, f.nameRu, f.id))
        throw new AppError('DISTRIBUTOR_GROUP_TAKEN', { fields: { nameRu: 'creditData.errors.groupTaken' } });
      await repo.updateGroup(tx, f.id, f.nameRu, f.nameEn);
      await writeLog(tx, this.clock.now(), {
        domain: LOG,
        action: 'distributorGroup.updated',
        entity: 'distributorGroup',
        entityId: f.id,
        ...authorOf(actor),
        before: { nameRu: before.nameRu, nameEn: before.nameEn },
        after: { nameRu: f.nameRu, nameEn: f.nameEn },
      });
      return this.groupView(tx, f.id);
    });
  }
}
