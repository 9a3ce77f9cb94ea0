import type { Committee, CommitteeAdmin, CommitteeStat, committeeBody, OwnCommittee, User } from '@portal/shared';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JsonText } from '../../lib/json-text.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import * as repo from './committees.repository.ts';
import { currentMemberships } from './members.repository.ts';
import { openRequestsOf } from './requests.repository.ts';
import { subscriptionsOf } from './subscribers.repository.ts';

export const LOG = 'committee';
export type Fields = z.output<typeof committeeBody> & { parentId?: number };

/** The day (UTC) terms are compared with: a term runs from its first to its last day inclusive. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

const logged = (c: repo.CommitteeRow) => ({
  nameEn: c.nameEn,
  nameRu: c.nameRu,
  detailsEn: c.detailsEn,
  detailsRu: c.detailsRu,
  position: c.position,
  selfService: c.selfService,
  parentId: c.parentId,
});

/** Committees and working groups: the lists everyone reads, the company person's view, and the admin's management. */
export class CommitteesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The active committees, in their order. */
  list(): Promise<Committee[]> {
    return repo.activeCommittees(this.db);
  }

  /** The active working groups of active committees, by committee and in their order. */
  workingGroups(): Promise<Committee[]> {
    return repo.activeWorkingGroups(this.db);
  }

  /** Whether a committee or group exists and is active (new events and requests go to active ones only). */
  isActive(db: Executor, id: number): Promise<boolean> {
    return repo.isActive(db, id);
  }

  /** The committees and groups a person is a member of at a moment (the day in UTC). */
  memberOf(userId: number, at: Date): SQL {
    return repo.membershipsOn(userId, dayOf(at));
  }

  all(): Promise<JsonText<CommitteeAdmin[]>> {
    return repo.allWithCounts(this.db, dayOf(this.clock.now()));
  }

  stat(): Promise<CommitteeStat> {
    return repo.stat(this.db, dayOf(this.clock.now()));
  }

  /** The active committees and groups with the person's own membership, open request and subscription of each. */
  async own(user: User): Promise<OwnCommittee[]> {
    const day = dayOf(this.clock.now());
    const [list, memberships, requests, subscribed] = await Promise.all([
      repo.activeDetails(this.db),
      currentMemberships(this.db, day, { userId: user.id }),
      openRequestsOf(this.db, user.id),
      subscriptionsOf(this.db, user.id),
    ]);
    return list.map(({ active: _, ...c }) => {
      const m = memberships.find((x) => x.committeeId === c.id);
      return {
        ...c,
        membership: m ? { position: m.position, since: m.since, until: m.until } : null,
        request: requests.get(c.id) ?? null,
        subscribed: subscribed.includes(c.id),
      };
    });
  }

  /** An active committee or group, locked against its switching off or deletion while a change to it commits. */
  async activeLocked(tx: Executor, id: number): Promise<repo.CommitteeRow> {
    const row = await repo.findCommittee(tx, id, true);
    if (!row) throw new AppError('NOT_FOUND');
    if (!row.active || (row.parentId !== null && !(await repo.isActive(tx, row.parentId)))) throw new AppError('COMMITTEE_INACTIVE');
    return row;
  }

  /** A committee or group that exists (404 otherwise). */
  async existing(db: Executor, id: number): Promise<repo.CommitteeRow> {
    const row = await repo.findCommittee(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async add(actor: Actor, kind: 'committee' | 'workingGroup', f: Fields): Promise<CommitteeAdmin> {
    return this.db.transaction(async (tx) => {
      const parentId = kind === 'workingGroup' ? await this.parentOf(tx, f.parentId) : null;
      const row = await repo.insertCommittee(tx, { ...f, parentId });
      await this.log(tx, actor, 'committee.created', row.id, undefined, logged(row));
      return this.admin(tx, row.id);
    });
  }

  async update(actor: Actor, kind: 'committee' | 'workingGroup', id: number, f: Fields): Promise<CommitteeAdmin> {
    return this.db.transaction(async (tx) => {
      const before = await this.ofKind(tx, kind, id);
      const parentId = kind === 'workingGroup' ? await this.parentOf(tx, f.parentId) : null;
      const after = await repo.updateCommittee(tx, id, { ...f, parentId });
      await this.log(tx, actor, 'committee.updated', id, logged(before), logged(after));
      return this.admin(tx, id);
    });
  }

  async setActive(actor: Actor, kind: 'committee' | 'workingGroup', id: number, active: boolean): Promise<CommitteeAdmin> {
    return this.db.transaction(async (tx) => {
      const before = await this.ofKind(tx, kind, id);
      if (before.active !== active) {
        await repo.updateCommittee(tx, id, { active });
        await this.log(tx, actor, active ? 'committee.activated' : 'committee.deactivated', id, { active: before.active }, { active });
      }
      return this.admin(tx, id);
    });
  }

  /** Deletes a committee (with its groups) or a group, with their members, subscribers and requests; the log keeps what went. */
  async remove(actor: Actor, kind: 'committee' | 'workingGroup', id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.ofKind(tx, kind, id);
      const events = await repo.countEvents(tx, id);
      if (events) throw new AppError('COMMITTEE_HAS_EVENTS', { params: { count: events } });
      const counts = await this.admin(tx, id);
      await repo.deleteCommittee(tx, id);
      await this.log(tx, actor, 'committee.deleted', id, {
        ...logged(row),
        groups: counts.groups,
        members: counts.members,
        subscribers: counts.subscribers,
        requests: counts.openRequests,
      });
    });
  }

  private async admin(db: Executor, id: number): Promise<CommitteeAdmin> {
    const row = await repo.oneWithCounts(db, dayOf(this.clock.now()), id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** A committee's or group's row, locked; a committee asked for as a group (or the reverse) is not found. */
  private async ofKind(tx: Executor, kind: 'committee' | 'workingGroup', id: number): Promise<repo.CommitteeRow> {
    const row = await repo.findCommittee(tx, id, true);
    if (!row || (row.parentId === null) !== (kind === 'committee')) throw new AppError('NOT_FOUND');
    return row;
  }

  /** A group's committee must be a committee (not a group). */
  private async parentOf(tx: Executor, parentId: number | undefined): Promise<number> {
    const parent = parentId === undefined ? undefined : await repo.findCommittee(tx, parentId, true);
    if (!parent || parent.parentId !== null) throw new AppError('VALIDATION', { fields: { parentId: 'committees.validation.parentNotCommittee' } });
    return parent.id;
  }

  private log(
    tx: Executor,
    actor: Actor,
    action: 'committee.created' | 'committee.updated' | 'committee.activated' | 'committee.deactivated' | 'committee.deleted',
    id: number,
    before?: unknown,
    after?: unknown,
  ) {
    return writeLog(tx, this.clock.now(), {
      domain: LOG,
      action,
      entity: 'committee',
      entityId: id,
      ...authorOf(actor),
      before,
      after,
    });
  }
}
