import type { Committee } from '@portal/shared';
import type { Db, Executor } from '../../db/client.ts';
import * as repo from './committees.repository.ts';

/** Committees and working groups as the rest of the portal reads them (the committees issue brings their management). */
export class CommitteesService {
  constructor(private readonly db: Db) {}

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
  memberOf(db: Executor, userId: number, at: Date): Promise<number[]> {
    return repo.membershipsOn(db, userId, at.toISOString().slice(0, 10));
  }
}
