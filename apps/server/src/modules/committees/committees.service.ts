import type { Committee } from '@portal/shared';
import { and, asc, eq, gte, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { committeeMembers, committees } from '../../db/schema/index.ts';

const columns = { id: committees.id, parentId: committees.parentId, nameEn: committees.nameEn, nameRu: committees.nameRu };
const parent = alias(committees, 'parent');

/** A day as the database's `date` columns hold it (UTC). */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Committees and working groups as the rest of the portal reads them (the committees issue brings their management). */
export class CommitteesService {
  constructor(private readonly db: Db) {}

  /** The active committees, in their order. */
  list(): Promise<Committee[]> {
    return this.db
      .select(columns)
      .from(committees)
      .where(and(isNull(committees.parentId), eq(committees.active, true)))
      .orderBy(asc(committees.position), asc(committees.id));
  }

  /** The active working groups of active committees, by committee and in their order. */
  workingGroups(): Promise<Committee[]> {
    return this.db
      .select(columns)
      .from(committees)
      .innerJoin(parent, eq(parent.id, committees.parentId))
      .where(and(isNotNull(committees.parentId), eq(committees.active, true), eq(parent.active, true)))
      .orderBy(asc(parent.position), asc(committees.parentId), asc(committees.position), asc(committees.id));
  }

  /** Whether a committee or group exists (active or not). */
  async exists(db: Executor, id: number): Promise<boolean> {
    const [row] = await db.select({ id: committees.id }).from(committees).where(eq(committees.id, id));
    return !!row;
  }

  /** The committees and groups a person is a member of on a day (their term has begun and not ended). */
  async memberOf(db: Executor, userId: number, at: Date): Promise<number[]> {
    const day = dayOf(at);
    const rows = await db
      .selectDistinct({ id: committeeMembers.committeeId })
      .from(committeeMembers)
      .where(
        and(
          eq(committeeMembers.userId, userId),
          lte(committeeMembers.since, day),
          or(isNull(committeeMembers.until), gte(committeeMembers.until, day)),
        ),
      );
    return rows.map((r) => r.id);
  }
}
