import type { Distributor, DistributorGroup, distributorListQuery } from '@portal/shared';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, type Executor, queryRows } from '../../db/client.ts';
import { creditEntries, distributorGroups, distributors, regions } from '../../db/schema/index.ts';

export type DistributorRow = typeof distributors.$inferSelect;
export type DistributorValues = Omit<typeof distributors.$inferInsert, 'id'>;

type Raw = Record<string, unknown>;
const named = (id: unknown, ru: unknown, en: unknown) =>
  id === null || id === undefined ? null : { id: id as number, nameRu: ru as string, nameEn: en as string };

function toDistributor(r: Raw): Distributor {
  return {
    id: r.id as number,
    nameRu: r.name_ru as string,
    nameEn: r.name_en as string,
    legalName: r.legal_name as string,
    inn: r.inn as string,
    ogrn: (r.ogrn as string | null) ?? null,
    group: named(r.group_id, r.group_ru, r.group_en),
    hqRegionId: (r.hq_region_id as number | null) ?? null,
    type: r.type as Distributor['type'],
    status: r.status as Distributor['status'],
    mergedInto: named(r.merged_into_id, r.merged_ru, r.merged_en),
    entries: Number(r.entries),
    version: r.version as number,
  };
}

const SORTS: Record<string, SQL> = {
  name: sql`lower(d.name_ru)`,
  inn: sql`d.inn`,
  group: sql`lower(g.name_ru) NULLS LAST, lower(d.name_ru)`,
  type: sql`d.type, lower(d.name_ru)`,
  status: sql`d.status, lower(d.name_ru)`,
};

const select = (where: SQL, tail: SQL = sql``) => sql`
  SELECT d.id, d.name_ru, d.name_en, d.legal_name, d.inn, d.ogrn, d.group_id, g.name_ru AS group_ru, g.name_en AS group_en,
    d.hq_region_id, d.type, d.status, d.merged_into_id, m.name_ru AS merged_ru, m.name_en AS merged_en, d.version,
    (SELECT count(*) FROM credit_entries e WHERE e.distributor_id = d.id)::int AS entries,
    count(*) OVER ()::int AS total
  FROM distributors d
  LEFT JOIN distributor_groups g ON g.id = d.group_id
  LEFT JOIN distributors m ON m.id = d.merged_into_id
  WHERE ${where} ${tail}`;

/** Distributors paged, sorted and searched (names, legal name, INN, holding) in the database, with the total as a window count. */
export async function listDistributors(db: Executor, f: z.output<typeof distributorListQuery>): Promise<{ rows: Distributor[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (f.status) where.push(sql`d.status = ${f.status}`);
  if (f.type) where.push(sql`d.type = ${f.type}`);
  if (f.groupId) where.push(sql`d.group_id = ${f.groupId}`);
  if (f.search) {
    const l = containsPattern(f.search.toLowerCase());
    where.push(sql`(lower(d.name_ru) LIKE ${l} OR lower(d.name_en) LIKE ${l} OR lower(d.legal_name) LIKE ${l} OR d.inn LIKE ${l}
      OR lower(coalesce(g.name_ru, '')) LIKE ${l} OR lower(coalesce(g.name_en, '')) LIKE ${l})`);
  }
  const order = f.order === 'desc' ? sql`DESC` : sql`ASC`;
  const rows = await queryRows<Raw>(
    db,
    select(
      sql.join(where, sql` AND `),
      sql`ORDER BY ${SORTS[f.sort ?? 'name']} ${order}, d.id LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}`,
    ),
  );
  if (!rows.length && f.page > 1) {
    const [count] = await queryRows<Raw>(db, sql`SELECT count(*)::int AS n FROM (${select(sql.join(where, sql` AND `))}) x`);
    return { rows: [], total: Number(count?.n ?? 0) };
  }
  return { rows: rows.map(toDistributor), total: Number(rows[0]?.total ?? 0) };
}

export async function distributorView(db: Executor, id: number): Promise<Distributor | null> {
  const [row] = await queryRows<Raw>(db, select(sql`d.id = ${id}`));
  return row ? toDistributor(row) : null;
}

export async function findDistributor(db: Executor, id: number, lock = false): Promise<DistributorRow | undefined> {
  const q = db.select().from(distributors).where(eq(distributors.id, id));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

/** The distributor not merged away that holds this INN, other than `exceptId`. */
export async function innHolder(db: Executor, inn: string, exceptId = 0): Promise<number | undefined> {
  const [row] = await db
    .select({ id: distributors.id })
    .from(distributors)
    .where(sql`${distributors.inn} = ${inn} AND ${distributors.status} <> 'merged' AND ${distributors.id} <> ${exceptId}`);
  return row?.id;
}

export async function insertDistributor(db: Executor, values: DistributorValues): Promise<number> {
  const [row] = await db.insert(distributors).values(values).returning({ id: distributors.id });
  if (!row) throw new Error('distributor insert returned nothing');
  return row.id;
}

export async function updateDistributor(db: Executor, id: number, values: Partial<DistributorValues>): Promise<void> {
  await db.update(distributors).set(values).where(eq(distributors.id, id));
}

/**
 * Moves the duplicate's credit entries to the survivor. Where one submission names both, the two rows become one: the
 * amounts added, the terms and days beyond terms weighted by receivables (unknown if either row's is). Returns how many of the duplicate's entries there were.
 */
export async function moveEntries(db: Executor, duplicateId: number, survivorId: number): Promise<number> {
  const [moved] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${creditEntries} WHERE distributor_id = ${duplicateId}`);
  await db.execute(sql`
    UPDATE credit_entries s SET
      receivables_total = s.receivables_total + d.receivables_total,
      not_due = s.not_due + d.not_due,
      overdue_1_30 = s.overdue_1_30 + d.overdue_1_30,
      overdue_31_60 = s.overdue_31_60 + d.overdue_31_60,
      overdue_61_90 = s.overdue_61_90 + d.overdue_61_90,
      overdue_91_180 = s.overdue_91_180 + d.overdue_91_180,
      overdue_181_plus = s.overdue_181_plus + d.overdue_181_plus,
      net_sales_period = s.net_sales_period + d.net_sales_period,
      contractual_terms_days = CASE WHEN s.receivables_total + d.receivables_total = 0
        THEN greatest(s.contractual_terms_days, d.contractual_terms_days)
        ELSE round((s.contractual_terms_days * s.receivables_total + d.contractual_terms_days * d.receivables_total)
          / (s.receivables_total + d.receivables_total))::int END,
      days_beyond_terms = CASE WHEN s.days_beyond_terms IS NULL OR d.days_beyond_terms IS NULL THEN NULL
        WHEN s.receivables_total + d.receivables_total = 0 THEN 0
        ELSE round((s.days_beyond_terms * s.receivables_total + d.days_beyond_terms * d.receivables_total)
          / (s.receivables_total + d.receivables_total), 1) END
    FROM credit_entries d
    WHERE d.distributor_id = ${duplicateId} AND s.distributor_id = ${survivorId} AND s.submission_id = d.submission_id`);
  await db.execute(sql`
    DELETE FROM credit_entries d USING credit_entries s
    WHERE d.distributor_id = ${duplicateId} AND s.distributor_id = ${survivorId} AND s.submission_id = d.submission_id`);
  await db.execute(sql`UPDATE credit_entries SET distributor_id = ${survivorId} WHERE distributor_id = ${duplicateId}`);
  return moved?.n ?? 0;
}

/** Distributors merged into the duplicate follow it to the survivor, so no chain of merges is left. */
export async function repointMerged(db: Executor, duplicateId: number, survivorId: number): Promise<void> {
  await db.update(distributors).set({ mergedIntoId: survivorId }).where(eq(distributors.mergedIntoId, duplicateId));
}

/** Active distributors whose names or INN match, for a company choosing whom to report on. */
export async function searchActive(db: Executor, search: string, limit: number) {
  const l = containsPattern(search.toLowerCase());
  return db
    .select({ id: distributors.id, nameRu: distributors.nameRu, nameEn: distributors.nameEn, inn: distributors.inn })
    .from(distributors)
    .where(
      sql`${distributors.status} <> 'merged' AND (lower(${distributors.nameRu}) LIKE ${l} OR lower(${distributors.nameEn}) LIKE ${l}
        OR lower(${distributors.legalName}) LIKE ${l} OR ${distributors.inn} LIKE ${l})`,
    )
    .orderBy(sql`lower(${distributors.nameRu})`, distributors.id)
    .limit(limit);
}

// ---- holdings

export async function listGroups(db: Executor): Promise<DistributorGroup[]> {
  return db
    .select({
      id: distributorGroups.id,
      nameRu: distributorGroups.nameRu,
      nameEn: distributorGroups.nameEn,
      distributors: sql<number>`(SELECT count(*) FROM distributors d WHERE d.group_id = ${distributorGroups.id} AND d.status <> 'merged')`.mapWith(
        Number,
      ),
    })
    .from(distributorGroups)
    .orderBy(sql`lower(${distributorGroups.nameRu})`);
}

export async function groupExists(db: Executor, id: number): Promise<boolean> {
  return (await db.select({ id: distributorGroups.id }).from(distributorGroups).where(eq(distributorGroups.id, id))).length > 0;
}

export async function groupNameTaken(db: Executor, nameRu: string, exceptId = 0): Promise<boolean> {
  const rows = await db
    .select({ id: distributorGroups.id })
    .from(distributorGroups)
    .where(sql`lower(${distributorGroups.nameRu}) = lower(${nameRu}) AND ${distributorGroups.id} <> ${exceptId}`);
  return rows.length > 0;
}

export async function findGroup(db: Executor, id: number) {
  const [row] = await db.select().from(distributorGroups).where(eq(distributorGroups.id, id)).for('update');
  return row;
}

export async function insertGroup(db: Executor, nameRu: string, nameEn: string): Promise<number> {
  const [row] = await db.insert(distributorGroups).values({ nameRu, nameEn }).returning({ id: distributorGroups.id });
  if (!row) throw new Error('group insert returned nothing');
  return row.id;
}

export async function updateGroup(db: Executor, id: number, nameRu: string, nameEn: string): Promise<void> {
  await db.update(distributorGroups).set({ nameRu, nameEn }).where(eq(distributorGroups.id, id));
}

export async function regionExists(db: Executor, id: number): Promise<boolean> {
  return (await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id))).length > 0;
}

/** The ids among these of distributors not merged away (locked: a merge waits for the save that names them). */
export async function unmergedAmong(db: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: distributors.id })
    .from(distributors)
    .where(and(inArray(distributors.id, ids), ne(distributors.status, 'merged')))
    .for('share');
  return new Set(rows.map((r) => r.id));
}
