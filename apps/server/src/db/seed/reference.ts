import { sql } from 'drizzle-orm';
import { seedMailTemplates } from '../../mail/templates.ts';
import type { Executor } from '../client.ts';
import { jobGroups, regions } from '../schema/index.ts';

/** Regions of the salary survey and the profile. */
export const REGIONS: [code: string, en: string, ru: string][] = [
  ['MOW', 'Moscow', 'Москва'],
  ['SPB', 'Saint Petersburg', 'Санкт-Петербург'],
  ['CFD', 'Central Federal District', 'Центральный федеральный округ'],
  ['NWFD', 'North-Western Federal District', 'Северо-Западный федеральный округ'],
  ['SFD', 'Southern Federal District', 'Южный федеральный округ'],
  ['NCFD', 'North Caucasian Federal District', 'Северо-Кавказский федеральный округ'],
  ['VFD', 'Volga Federal District', 'Приволжский федеральный округ'],
  ['UFD', 'Ural Federal District', 'Уральский федеральный округ'],
  ['SIBFD', 'Siberian Federal District', 'Сибирский федеральный округ'],
  ['FEFD', 'Far Eastern Federal District', 'Дальневосточный федеральный округ'],
];

/** Job groups of the salary survey and the profile. */
export const JOB_GROUPS: [code: string, en: string, ru: string][] = [
  ['GM', 'General management', 'Общее руководство'],
  ['SALES', 'Sales', 'Продажи'],
  ['MKT', 'Marketing', 'Маркетинг'],
  ['MED', 'Medical affairs', 'Медицинский отдел'],
  ['REG', 'Regulatory affairs', 'Регистрация'],
  ['MA', 'Market access', 'Доступ на рынок'],
  ['FIN', 'Finance', 'Финансы'],
  ['HR', 'Human resources', 'Персонал'],
  ['LEGAL', 'Legal and compliance', 'Юридический отдел и комплаенс'],
  ['SCM', 'Supply chain', 'Цепочка поставок'],
  ['PROD', 'Production and quality', 'Производство и качество'],
  ['IT', 'Information technology', 'Информационные технологии'],
];

/** Reference data every database needs (not demo data): idempotent, run at every start. */
export async function seedReferenceData(db: Executor): Promise<void> {
  // Databases made before the survey have the names without codes: the codes and the order are set on them.
  await db
    .insert(regions)
    .values(REGIONS.map(([code, nameEn, nameRu], sort) => ({ code, nameEn, nameRu, sort })))
    .onConflictDoUpdate({
      target: regions.nameEn,
      set: { code: sql`excluded.code`, sort: sql`excluded.sort` },
      setWhere: sql`${regions.code} IS NULL`,
    });
  await db
    .insert(jobGroups)
    .values(JOB_GROUPS.map(([code, nameEn, nameRu], sort) => ({ code, nameEn, nameRu, sort })))
    .onConflictDoUpdate({
      target: jobGroups.nameEn,
      set: { code: sql`excluded.code`, sort: sql`excluded.sort` },
      setWhere: sql`${jobGroups.code} IS NULL`,
    });
  await seedMailTemplates(db);
}
