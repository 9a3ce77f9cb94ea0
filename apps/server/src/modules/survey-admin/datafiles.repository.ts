import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client.ts';
import {
  carPrices,
  jobGroups,
  periodPositions,
  periodRegions,
  personName,
  positionLineage,
  regions,
  surveyDatafiles,
  surveyPeriods,
  surveyPositions,
  users,
} from '../../db/schema/index.ts';
import type { CarRow, CatalogueContext, PositionRow, RegionRow } from './catalogue-sheets.ts';

export type DatafileRow = typeof surveyDatafiles.$inferSelect;

/** What a catalogue sheet is checked against: the job groups, positions and regions the portal holds. */
export async function catalogueContext(db: Executor): Promise<CatalogueContext> {
  const [groups, positions, regionRows] = [
    await db.select({ code: jobGroups.code }).from(jobGroups),
    await db.select({ code: surveyPositions.code }).from(surveyPositions),
    await db.select({ code: regions.code, nameEn: regions.nameEn }).from(regions),
  ];
  return {
    jobGroups: new Set(groups.flatMap((g) => (g.code ? [g.code.toUpperCase()] : []))),
    positions: new Set(positions.map((p) => p.code.toUpperCase())),
    regionNames: new Map(regionRows.flatMap((r) => (r.code ? [[r.code.toUpperCase(), r.nameEn] as const] : []))),
    regionCodes: new Map(regionRows.map((r) => [r.nameEn.toLowerCase(), r.code?.toUpperCase() ?? ''] as const)),
  };
}

export async function jobGroupList(db: Executor): Promise<{ code: string; nameEn: string; nameRu: string }[]> {
  const rows = await db
    .select({ code: jobGroups.code, nameEn: jobGroups.nameEn, nameRu: jobGroups.nameRu })
    .from(jobGroups)
    .where(eq(jobGroups.active, true))
    .orderBy(jobGroups.sort, jobGroups.id);
  return rows.flatMap((r) => (r.code ? [{ ...r, code: r.code }] : []));
}

export async function insertDatafile(db: Executor, values: typeof surveyDatafiles.$inferInsert): Promise<number> {
  const [row] = await db.insert(surveyDatafiles).values(values).returning({ id: surveyDatafiles.id });
  if (!row) throw new Error('datafile insert returned nothing');
  return row.id;
}

export async function findDatafile(db: Executor, id: number, lock = false): Promise<DatafileRow | undefined> {
  const q = db.select().from(surveyDatafiles).where(eq(surveyDatafiles.id, id));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

const uploader = alias(users, 'uploader');
const applier = alias(users, 'applier');

export type DatafileListRow = DatafileRow & { uploadedByName: string | null; appliedByName: string | null };

/** A period's files, newest first (or one of them), with who loaded and applied them. */
export async function listDatafiles(db: Executor, where: { periodId?: number; id?: number }): Promise<DatafileListRow[]> {
  const rows = await db
    .select({ file: surveyDatafiles, uploadedByName: personName(uploader), appliedByName: personName(applier) })
    .from(surveyDatafiles)
    .leftJoin(uploader, eq(uploader.id, surveyDatafiles.uploadedBy))
    .leftJoin(applier, eq(applier.id, surveyDatafiles.appliedBy))
    .where(where.id ? eq(surveyDatafiles.id, where.id) : eq(surveyDatafiles.periodId, where.periodId ?? 0))
    .orderBy(desc(surveyDatafiles.uploadedAt), desc(surveyDatafiles.id));
  return rows.map((r) => ({ ...r.file, uploadedByName: r.uploadedByName, appliedByName: r.appliedByName }));
}

/** Marks the file applied and the period's files of the same kind applied before it superseded. */
export async function markApplied(db: Executor, file: DatafileRow, by: number, at: Date): Promise<void> {
  await db
    .update(surveyDatafiles)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(surveyDatafiles.periodId, file.periodId),
        eq(surveyDatafiles.kind, file.kind),
        eq(surveyDatafiles.status, 'applied'),
        ne(surveyDatafiles.id, file.id),
      ),
    );
  await db.update(surveyDatafiles).set({ status: 'applied', appliedBy: by, appliedAt: at }).where(eq(surveyDatafiles.id, file.id));
}

/** Regions by code (added or renamed), then the period's list replaced by the file's, in its order. */
export async function applyRegions(db: Executor, periodId: number, rows: RegionRow[]): Promise<void> {
  const saved = await db
    .insert(regions)
    .values(rows.map((r) => ({ code: r.code, nameEn: r.nameEn, nameRu: r.nameRu, sort: r.sort, active: true })))
    .onConflictDoUpdate({
      target: regions.code,
      set: { nameEn: sql`excluded.name_en`, nameRu: sql`excluded.name_ru`, sort: sql`excluded.sort`, active: true },
    })
    .returning({ id: regions.id, code: regions.code });
  const idOf = new Map(saved.map((s) => [s.code, s.id]));
  await db.delete(periodRegions).where(eq(periodRegions.periodId, periodId));
  await db.insert(periodRegions).values(rows.map((r) => ({ periodId, regionId: idOf.get(r.code)!, sort: r.sort })));
}

/** Positions by code (added or changed), the lineage of replaced ones, then the period's list replaced by the file's. */
export async function applyPositions(db: Executor, periodId: number, rows: PositionRow[]): Promise<void> {
  const groups = new Map(
    (await db.select({ id: jobGroups.id, code: jobGroups.code }).from(jobGroups)).map((g) => [g.code?.toUpperCase() ?? '', g.id] as const),
  );
  const saved = await db
    .insert(surveyPositions)
    .values(
      rows.map((r) => ({
        jobGroupId: groups.get(r.jobGroupCode)!,
        code: r.code,
        titleEn: r.titleEn,
        titleRu: r.titleRu,
        descriptionEn: r.descriptionEn,
        descriptionRu: r.descriptionRu,
        careerLevel: r.careerLevel,
        isField: r.isField,
        sort: r.sort,
      })),
    )
    .onConflictDoUpdate({
      target: surveyPositions.code,
      set: {
        jobGroupId: sql`excluded.job_group_id`,
        titleEn: sql`excluded.title_en`,
        titleRu: sql`excluded.title_ru`,
        descriptionEn: sql`excluded.description_en`,
        descriptionRu: sql`excluded.description_ru`,
        careerLevel: sql`excluded.career_level`,
        isField: sql`excluded.is_field`,
        sort: sql`excluded.sort`,
      },
    })
    .returning({ id: surveyPositions.id, code: surveyPositions.code });
  const idOf = new Map(saved.map((s) => [s.code, s.id]));
  const replaced = rows.filter((r) => r.replacesCode);
  if (replaced.length) {
    const older = await db
      .select({ id: surveyPositions.id, code: surveyPositions.code })
      .from(surveyPositions)
      .where(
        inArray(
          surveyPositions.code,
          replaced.map((r) => r.replacesCode!),
        ),
      );
    const olderId = new Map(older.map((o) => [o.code, o.id]));
    await db
      .insert(positionLineage)
      .values(replaced.map((r) => ({ fromPositionId: olderId.get(r.replacesCode!)!, toPositionId: idOf.get(r.code)! })))
      .onConflictDoNothing();
  }
  await db.delete(periodPositions).where(eq(periodPositions.periodId, periodId));
  await db.insert(periodPositions).values(rows.map((r) => ({ periodId, positionId: idOf.get(r.code)! })));
}

/** Car models by make and model (whatever the case), then the period's price list replaced by the file's. */
export async function applyCars(db: Executor, periodId: number, rows: CarRow[]): Promise<void> {
  const values = sql.join(
    rows.map((r) => sql`(${r.make}, ${r.model}, ${r.carClass}, ${r.fuel}, true)`),
    sql`, `,
  );
  const saved = await queryRows<{ id: number; make: string; model: string }>(
    db,
    sql`INSERT INTO car_models (make, model, car_class, fuel, active) VALUES ${values}
        ON CONFLICT (lower(make), lower(model)) DO UPDATE SET car_class = excluded.car_class, fuel = excluded.fuel, active = true
        RETURNING id, make, model`,
  );
  const key = (make: string, model: string) => `${make.toLowerCase()}|${model.toLowerCase()}`;
  const idOf = new Map(saved.map((s) => [key(s.make, s.model), s.id]));
  await db.delete(carPrices).where(eq(carPrices.periodId, periodId));
  await db.insert(carPrices).values(rows.map((r) => ({ periodId, carModelId: idOf.get(key(r.make, r.model))!, listPrice: r.listPrice })));
}

export async function setInstructions(db: Executor, periodId: number, key: string): Promise<void> {
  await db.update(surveyPeriods).set({ instructionsFileKey: key }).where(eq(surveyPeriods.id, periodId));
}
