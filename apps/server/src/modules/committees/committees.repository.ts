import type { Committee } from '@portal/shared';
import { and, asc, eq, gte, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { committeeMembers, committees } from '../../db/schema/index.ts';

const columns = { id: committees.id, parentId: committees.parentId, nameEn: committees.nameEn, nameRu: committees.nameRu };
const parent = alias(committees, 'parent');

/** The active committees, in their order. */
export const activeCommittees = (db: Executor): Promise<Committee[]> =>
  db
    .select(columns)
    .from(committees)
    .where(and(isNull(committees.parentId), eq(committees.active, true)))
    .orderBy(asc(committees.position), asc(committees.id));

/** The active working groups of active committees, by committee and in their order. */
export const activeWorkingGroups = (db: Executor): Promise<Committee[]> =>
  db
    .select(columns)
    .from(committees)
    .innerJoin(parent, eq(parent.id, committees.parentId))
    .where(and(isNotNull(committees.parentId), eq(committees.active, true), eq(parent.active, true)))
    .orderBy(asc(parent.position), asc(committees.parentId), asc(committees.position), asc(committees.id));

export async function isActive(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ active: committees.active }).from(committees).where(eq(committees.id, id));
  return row?.active ?? false;
}

/** The committees and groups a person is a member of on a day (YYYY-MM-DD): their term has begun and not ended. */
export async function membershipsOn(db: Executor, userId: number, day: string): Promise<number[]> {
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
