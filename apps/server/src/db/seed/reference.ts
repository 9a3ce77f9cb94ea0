import { seedMailTemplates } from '../../mail/templates.ts';
import type { Executor } from '../client.ts';
import { jobGroups, regions } from '../schema/index.ts';

/** Regions of the salary survey and the profile. */
export const REGIONS: [string, string][] = [
  ['Moscow', 'Москва'],
  ['Saint Petersburg', 'Санкт-Петербург'],
  ['Central Federal District', 'Центральный федеральный округ'],
  ['North-Western Federal District', 'Северо-Западный федеральный округ'],
  ['Southern Federal District', 'Южный федеральный округ'],
  ['North Caucasian Federal District', 'Северо-Кавказский федеральный округ'],
  ['Volga Federal District', 'Приволжский федеральный округ'],
  ['Ural Federal District', 'Уральский федеральный округ'],
  ['Siberian Federal District', 'Сибирский федеральный округ'],
  ['Far Eastern Federal District', 'Дальневосточный федеральный округ'],
];

/** Job groups of the salary survey and the profile. */
export const JOB_GROUPS: [string, string][] = [
  ['General management', 'Общее руководство'],
  ['Sales', 'Продажи'],
  ['Marketing', 'Маркетинг'],
  ['Medical affairs', 'Медицинский отдел'],
  ['Regulatory affairs', 'Регистрация'],
  ['Market access', 'Доступ на рынок'],
  ['Finance', 'Финансы'],
  ['Human resources', 'Персонал'],
  ['Legal and compliance', 'Юридический отдел и комплаенс'],
  ['Supply chain', 'Цепочка поставок'],
  ['Production and quality', 'Производство и качество'],
  ['Information technology', 'Информационные технологии'],
];

/** Reference data every database needs (not demo data): idempotent, run at every start. */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db
    .insert(regions)
    .values(REGIONS.map(([nameEn, nameRu]) => ({ nameEn, nameRu })))
    .onConflictDoNothing();
  await db
    .insert(jobGroups)
    .values(JOB_GROUPS.map(([nameEn, nameRu]) => ({ nameEn, nameRu })))
    .onConflictDoNothing();
  await seedMailTemplates(db);
}
