import type { PageQuestion } from '@portal/shared';
import { BENCHMARK_KEYS, PROFILE_HEADCOUNT_QUESTION, PROFILE_PAGE } from '@portal/shared';
import type { CareerLevel } from '@portal/shared/survey-model';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import {
  benchmarkItems,
  carModels,
  carPrices,
  jobGroups,
  periodPositions,
  periodRegions,
  regions,
  surveyPages,
  surveyPeriods,
  surveyPositions,
} from '../schema/index.ts';

/**
 * A realistic pharmaceutical catalogue for a salary-survey period (design §1.1–1.2): benchmark positions across the job
 * groups, car models with list prices, benchmark questions and the configurable pages. Used by the demo, the tests and
 * the bench; staff load the real one from datafiles.
 */

type PositionSeed = [code: string, group: string, level: CareerLevel, field: boolean, en: string, ru: string, descEn: string, descRu: string];
export const CATALOGUE_POSITIONS: PositionSeed[] = [
  [
    'GM-01',
    'GM',
    'E2',
    false,
    'General Manager',
    'Генеральный директор',
    'Leads the country organisation; reports to the region.',
    'Руководит компанией в стране; подчиняется региону.',
  ],
  [
    'GM-02',
    'GM',
    'E1',
    false,
    'Business Unit Head',
    'Руководитель бизнес-направления',
    'Runs a business unit with its P&L.',
    'Руководит бизнес-направлением с ответственностью за P&L.',
  ],
  [
    'SAL-01',
    'SALES',
    'P1',
    true,
    'Medical Representative',
    'Медицинский представитель',
    'Promotes products to physicians in a territory.',
    'Продвигает препараты врачам на территории.',
  ],
  [
    'SAL-02',
    'SALES',
    'P2',
    true,
    'Senior Medical Representative',
    'Старший медицинский представитель',
    'An experienced representative who also coaches new colleagues.',
    'Опытный представитель, обучающий новых коллег.',
  ],
  [
    'SAL-03',
    'SALES',
    'P3',
    true,
    'Key Account Manager',
    'Менеджер по ключевым клиентам',
    'Manages hospitals, chains or distributors as key accounts.',
    'Работает с больницами, сетями или дистрибьюторами как с ключевыми клиентами.',
  ],
  [
    'SAL-04',
    'SALES',
    'M1',
    true,
    'Regional Sales Manager',
    'Региональный менеджер',
    'Leads a team of representatives in a region.',
    'Руководит командой представителей в регионе.',
  ],
  [
    'SAL-05',
    'SALES',
    'M2',
    true,
    'Area Sales Manager',
    'Менеджер по продажам на территории',
    'Leads several regional managers.',
    'Руководит несколькими региональными менеджерами.',
  ],
  [
    'SAL-06',
    'SALES',
    'M3',
    false,
    'National Sales Director',
    'Директор по продажам',
    'Heads the sales force of the country.',
    'Возглавляет отдел продаж в стране.',
  ],
  [
    'MKT-01',
    'MKT',
    'P2',
    false,
    'Product Manager',
    'Менеджер по продукту',
    'Plans and runs the marketing of one or more products.',
    'Планирует и ведёт маркетинг одного или нескольких продуктов.',
  ],
  [
    'MKT-02',
    'MKT',
    'P3',
    false,
    'Senior Product Manager',
    'Старший менеджер по продукту',
    'Owns the brand plan of a major product.',
    'Отвечает за бренд-план крупного продукта.',
  ],
  [
    'MKT-03',
    'MKT',
    'M2',
    false,
    'Marketing Manager',
    'Руководитель маркетинга',
    'Leads a team of product managers.',
    'Руководит командой менеджеров по продукту.',
  ],
  [
    'MKT-04',
    'MKT',
    'M3',
    false,
    'Marketing Director',
    'Директор по маркетингу',
    'Heads marketing of the country.',
    'Возглавляет маркетинг в стране.',
  ],
  [
    'MED-01',
    'MED',
    'P2',
    true,
    'Medical Science Liaison',
    'Медицинский советник (MSL)',
    'Scientific exchange with key opinion leaders in a territory.',
    'Научное взаимодействие с лидерами мнений на территории.',
  ],
  [
    'MED-02',
    'MED',
    'P3',
    false,
    'Medical Advisor',
    'Медицинский эксперт',
    'Medical support of a therapeutic area.',
    'Медицинское сопровождение терапевтической области.',
  ],
  [
    'MED-03',
    'MED',
    'M2',
    false,
    'Medical Manager',
    'Руководитель медицинского направления',
    'Leads medical advisors of a therapeutic area.',
    'Руководит медицинскими экспертами терапевтической области.',
  ],
  [
    'MED-04',
    'MED',
    'M3',
    false,
    'Medical Director',
    'Медицинский директор',
    'Heads medical affairs of the country.',
    'Возглавляет медицинский отдел в стране.',
  ],
  [
    'REG-01',
    'REG',
    'P2',
    false,
    'Regulatory Affairs Specialist',
    'Специалист по регистрации',
    'Prepares and maintains registration dossiers.',
    'Готовит и сопровождает регистрационные досье.',
  ],
  [
    'REG-02',
    'REG',
    'M2',
    false,
    'Regulatory Affairs Manager',
    'Руководитель отдела регистрации',
    'Leads registration and regulatory strategy.',
    'Руководит регистрацией и регуляторной стратегией.',
  ],
  [
    'REG-03',
    'REG',
    'P3',
    false,
    'Pharmacovigilance Manager',
    'Менеджер по фармаконадзору',
    'Runs safety reporting and the PV system.',
    'Ведёт систему фармаконадзора и отчётность по безопасности.',
  ],
  [
    'MA-01',
    'MA',
    'P3',
    true,
    'Regional Market Access Manager',
    'Региональный менеджер по доступу на рынок',
    'Works with regional health authorities on reimbursement.',
    'Работает с региональными органами здравоохранения по лекарственному обеспечению.',
  ],
  [
    'MA-02',
    'MA',
    'M3',
    false,
    'Market Access Director',
    'Директор по доступу на рынок',
    'Heads market access, pricing and government affairs.',
    'Возглавляет доступ на рынок, ценообразование и GR.',
  ],
  [
    'MA-03',
    'MA',
    'P3',
    false,
    'Health Economics Manager',
    'Менеджер по фармакоэкономике',
    'Builds health-economic models and dossiers.',
    'Строит фармакоэкономические модели и досье.',
  ],
  [
    'FIN-01',
    'FIN',
    'P2',
    false,
    'Financial Analyst',
    'Финансовый аналитик',
    'Budgeting, forecasts and reporting.',
    'Бюджетирование, прогнозы и отчётность.',
  ],
  ['FIN-02', 'FIN', 'P3', false, 'Chief Accountant', 'Главный бухгалтер', 'Statutory accounting and tax.', 'Бухгалтерский и налоговый учёт.'],
  ['FIN-03', 'FIN', 'M3', false, 'Finance Director', 'Финансовый директор', 'Heads finance of the country.', 'Возглавляет финансы в стране.'],
  [
    'HR-01',
    'HR',
    'P2',
    false,
    'HR Business Partner',
    'HR бизнес-партнёр',
    'Supports a business unit on people matters.',
    'Поддерживает бизнес-направление в вопросах персонала.',
  ],
  [
    'HR-02',
    'HR',
    'P3',
    false,
    'Compensation & Benefits Manager',
    'Менеджер по компенсациям и льготам',
    'Runs pay structures, surveys and benefits.',
    'Ведёт структуры оплаты, обзоры и льготы.',
  ],
  [
    'HR-03',
    'HR',
    'M3',
    false,
    'HR Director',
    'Директор по персоналу',
    'Heads human resources of the country.',
    'Возглавляет управление персоналом в стране.',
  ],
  [
    'LEG-01',
    'LEGAL',
    'P3',
    false,
    'Legal Counsel',
    'Юрисконсульт',
    'Contracts, disputes and legal advice.',
    'Договоры, споры и юридические консультации.',
  ],
  ['LEG-02', 'LEGAL', 'P3', false, 'Compliance Manager', 'Менеджер по комплаенсу', 'Runs the compliance programme.', 'Ведёт программу комплаенса.'],
  [
    'LEG-03',
    'LEGAL',
    'M3',
    false,
    'Legal Director',
    'Юридический директор',
    'Heads legal and compliance.',
    'Возглавляет юридическую службу и комплаенс.',
  ],
  [
    'SCM-01',
    'SCM',
    'P2',
    false,
    'Demand Planner',
    'Специалист по планированию спроса',
    'Forecasts demand and plans supply.',
    'Прогнозирует спрос и планирует поставки.',
  ],
  [
    'SCM-02',
    'SCM',
    'P2',
    false,
    'Customer Service Specialist',
    'Специалист по работе с заказами',
    'Order handling with distributors.',
    'Обработка заказов дистрибьюторов.',
  ],
  [
    'SCM-03',
    'SCM',
    'M3',
    false,
    'Supply Chain Director',
    'Директор по цепочке поставок',
    'Heads supply chain and logistics.',
    'Возглавляет цепочку поставок и логистику.',
  ],
  [
    'PROD-01',
    'PROD',
    'P2',
    false,
    'Quality Assurance Specialist',
    'Специалист по обеспечению качества',
    'GMP documentation, audits and release.',
    'Документация GMP, аудиты и выпуск.',
  ],
  [
    'PROD-02',
    'PROD',
    'M2',
    false,
    'Qualified Person',
    'Уполномоченное лицо',
    'Certifies batches for release.',
    'Подтверждает соответствие серий для выпуска.',
  ],
  ['PROD-03', 'PROD', 'M3', false, 'Plant Director', 'Директор завода', 'Heads a manufacturing site.', 'Руководит производственной площадкой.'],
  ['IT-01', 'IT', 'P2', false, 'IT Business Analyst', 'IT бизнес-аналитик', 'Business requirements and systems.', 'Бизнес-требования и системы.'],
  [
    'IT-02',
    'IT',
    'P3',
    false,
    'CRM Manager',
    'Менеджер CRM',
    'Runs the customer relationship system of the field force.',
    'Ведёт CRM-систему полевых сотрудников.',
  ],
  ['IT-03', 'IT', 'M3', false, 'IT Director', 'Директор по информационным технологиям', 'Heads IT of the country.', 'Возглавляет IT в стране.'],
];

type CarSeed = [
  make: string,
  model: string,
  cls: 'B' | 'C' | 'D' | 'E' | 'SUV-C' | 'SUV-D',
  fuel: 'petrol' | 'diesel' | 'hybrid' | 'ev',
  price: number,
];
export const CATALOGUE_CARS: CarSeed[] = [
  ['Lada', 'Vesta', 'B', 'petrol', 1_650_000],
  ['Lada', 'Granta', 'B', 'petrol', 980_000],
  ['Hyundai', 'Solaris', 'B', 'petrol', 1_900_000],
  ['Kia', 'Rio', 'B', 'petrol', 1_950_000],
  ['Volkswagen', 'Polo', 'B', 'petrol', 2_100_000],
  ['Skoda', 'Rapid', 'B', 'petrol', 2_050_000],
  ['Skoda', 'Octavia', 'C', 'petrol', 3_100_000],
  ['Kia', 'Cerato', 'C', 'petrol', 2_700_000],
  ['Toyota', 'Corolla', 'C', 'hybrid', 3_200_000],
  ['Haval', 'Jolion', 'SUV-C', 'petrol', 2_400_000],
  ['Chery', 'Tiggo 7 Pro', 'SUV-C', 'petrol', 2_600_000],
  ['Geely', 'Coolray', 'SUV-C', 'petrol', 2_500_000],
  ['Kia', 'Sportage', 'SUV-C', 'petrol', 3_600_000],
  ['Hyundai', 'Tucson', 'SUV-C', 'petrol', 3_700_000],
  ['Toyota', 'RAV4', 'SUV-C', 'hybrid', 4_300_000],
  ['Skoda', 'Superb', 'D', 'petrol', 4_200_000],
  ['Toyota', 'Camry', 'D', 'petrol', 4_100_000],
  ['Kia', 'K5', 'D', 'petrol', 3_500_000],
  ['Haval', 'F7', 'SUV-D', 'petrol', 3_000_000],
  ['Geely', 'Monjaro', 'SUV-D', 'petrol', 4_600_000],
  ['Volkswagen', 'Tiguan', 'SUV-D', 'diesel', 4_400_000],
  ['Toyota', 'Land Cruiser Prado', 'SUV-D', 'diesel', 8_500_000],
  ['BMW', '5 Series', 'E', 'petrol', 8_200_000],
  ['Mercedes-Benz', 'E-Class', 'E', 'diesel', 8_600_000],
  ['Audi', 'A6', 'E', 'petrol', 7_900_000],
  ['Tesla', 'Model 3', 'D', 'ev', 5_500_000],
];

type ItemSeed = {
  key: string;
  section: 'increase_budget' | 'bonus' | 'practice';
  en: string;
  ru: string;
  unit: 'pct' | 'month' | 'bool' | 'choice';
  categories: string[];
  required?: boolean;
  choices?: string[];
  range?: [min: number, max: number];
  warn?: [min: number, max: number];
};
const BY_STAFF = ['field', 'office', 'management'];
export const CATALOGUE_BENCHMARKS: ItemSeed[] = [
  {
    key: BENCHMARK_KEYS.budget,
    section: 'increase_budget',
    en: 'Actual increase budget this year, % of payroll',
    ru: 'Фактический бюджет повышения в этом году, % ФОТ',
    unit: 'pct',
    categories: BY_STAFF,
    range: [0, 100],
    warn: [0, 25],
  },
  {
    key: 'increase_merit',
    section: 'increase_budget',
    en: 'of which merit increases, %',
    ru: 'в том числе по результатам работы, %',
    unit: 'pct',
    categories: BY_STAFF,
    range: [0, 100],
  },
  {
    key: 'increase_promotion',
    section: 'increase_budget',
    en: 'of which promotions, %',
    ru: 'в том числе при повышении в должности, %',
    unit: 'pct',
    categories: BY_STAFF,
    range: [0, 100],
  },
  {
    key: 'increase_adjustment',
    section: 'increase_budget',
    en: 'of which market adjustments, %',
    ru: 'в том числе рыночная корректировка, %',
    unit: 'pct',
    categories: BY_STAFF,
    range: [0, 100],
  },
  {
    key: 'increase_budget_planned',
    section: 'increase_budget',
    en: 'Planned increase budget next year, % of payroll',
    ru: 'Планируемый бюджет повышения на следующий год, % ФОТ',
    unit: 'pct',
    categories: BY_STAFF,
    range: [0, 100],
    warn: [0, 25],
  },
  {
    key: 'increase_month',
    section: 'increase_budget',
    en: 'Month the increase takes effect',
    ru: 'Месяц вступления повышения в силу',
    unit: 'month',
    categories: ['all'],
    range: [1, 12],
  },
  {
    key: 'increase_share',
    section: 'increase_budget',
    en: 'Share of employees receiving an increase, %',
    ru: 'Доля сотрудников, получивших повышение, %',
    unit: 'pct',
    categories: ['all'],
    range: [0, 100],
  },
  {
    key: BENCHMARK_KEYS.freeze,
    section: 'increase_budget',
    en: 'Salary freeze this year',
    ru: 'Заморозка зарплат в этом году',
    unit: 'bool',
    categories: BY_STAFF,
  },
  {
    key: 'bonus_payout',
    section: 'bonus',
    en: 'Bonus pool payout, % of target',
    ru: 'Выплата премиального фонда, % от целевой',
    unit: 'pct',
    categories: ['all'],
    range: [0, 300],
    warn: [50, 150],
  },
  {
    key: 'bonus_frequency',
    section: 'bonus',
    en: 'How often the field force bonus is paid',
    ru: 'Периодичность премии полевых сотрудников',
    unit: 'choice',
    categories: ['field'],
    choices: ['monthly', 'quarterly', 'half_year', 'annual'],
  },
  {
    key: 'long_term_incentive',
    section: 'practice',
    en: 'Long-term incentives for management',
    ru: 'Долгосрочное вознаграждение руководителей',
    unit: 'bool',
    categories: ['management'],
    required: false,
  },
];

type PageSeed = { key: string; kind: 'info' | 'form'; en: string; ru: string; bodyEn: string; bodyRu: string; questions: PageQuestion[] };
const q = (p: Partial<PageQuestion> & Pick<PageQuestion, 'id' | 'type' | 'labelEn' | 'labelRu'>): PageQuestion => ({
  required: false,
  options: [],
  min: null,
  max: null,
  showIf: null,
  ...p,
});
const opt = (value: string, labelEn: string, labelRu: string) => ({ value, labelEn, labelRu });
export const CATALOGUE_PAGES: PageSeed[] = [
  {
    key: PROFILE_PAGE,
    kind: 'form',
    en: 'Company profile',
    ru: 'Профиль компании',
    bodyEn: 'Figures on the effective date, for the legal entities covered by your answers.',
    bodyRu: 'Данные на дату среза по юридическим лицам, включённым в ответы.',
    questions: [
      q({
        id: PROFILE_HEADCOUNT_QUESTION,
        type: 'number',
        labelEn: 'Total headcount',
        labelRu: 'Общая численность',
        required: true,
        min: 1,
        max: 100000,
      }),
      q({
        id: 'field_headcount',
        type: 'number',
        labelEn: 'Field-force headcount',
        labelRu: 'Численность полевых сотрудников',
        required: true,
        min: 0,
        max: 100000,
      }),
      q({
        id: 'business_lines',
        type: 'multi',
        labelEn: 'Business lines',
        labelRu: 'Направления бизнеса',
        required: true,
        options: [
          opt('rx', 'Prescription drugs', 'Рецептурные препараты'),
          opt('otc', 'OTC', 'Безрецептурные препараты'),
          opt('vaccines', 'Vaccines', 'Вакцины'),
          opt('devices', 'Medical devices', 'Медицинские изделия'),
        ],
      }),
      q({ id: 'legal_entities', type: 'text', labelEn: 'Legal entities covered', labelRu: 'Включённые юридические лица', required: true }),
    ],
  },
  {
    key: 'car_policy',
    kind: 'form',
    en: 'Car policy',
    ru: 'Автомобильная политика',
    bodyEn: 'The fleet-wide policy; the per-position car columns are in the positions grid.',
    bodyRu: 'Политика для всего автопарка; данные по должностям — в таблице должностей.',
    questions: [
      q({ id: 'fleet_size', type: 'number', labelEn: 'Fleet size (cars)', labelRu: 'Размер автопарка (машин)', required: true, min: 0, max: 50000 }),
      q({
        id: 'fleet_financing',
        type: 'choice',
        labelEn: 'How the fleet is financed',
        labelRu: 'Как финансируется автопарк',
        required: true,
        options: [
          opt('owned', 'Owned', 'В собственности'),
          opt('operating_lease', 'Operating lease', 'Операционный лизинг'),
          opt('full_service_lease', 'Full-service lease', 'Лизинг с полным обслуживанием'),
          opt('mixed', 'Mixed', 'Смешанно'),
        ],
      }),
      q({ id: 'telematics', type: 'bool', labelEn: 'Telematics installed', labelRu: 'Установлена телематика', required: true }),
      q({ id: 'ev_policy', type: 'bool', labelEn: 'An electric-vehicle policy exists', labelRu: 'Есть политика по электромобилям', required: true }),
      q({
        id: 'ev_share',
        type: 'number',
        labelEn: 'Share of electric cars, %',
        labelRu: 'Доля электромобилей, %',
        required: true,
        min: 0,
        max: 100,
        showIf: { question: 'ev_policy', equals: true },
      }),
      q({
        id: 'policy_review_years',
        type: 'number',
        labelEn: 'Policy reviewed every … years',
        labelRu: 'Политика пересматривается раз в … лет',
        min: 1,
        max: 10,
      }),
    ],
  },
  {
    key: 'benefits',
    kind: 'form',
    en: 'Benefits',
    ru: 'Льготы',
    bodyEn: 'Which benefits your employees receive.',
    bodyRu: 'Какие льготы получают ваши сотрудники.',
    questions: [
      q({ id: 'vhi', type: 'bool', labelEn: 'Voluntary health insurance (VHI)', labelRu: 'ДМС', required: true }),
      q({
        id: 'vhi_family',
        type: 'bool',
        labelEn: 'VHI covers family members',
        labelRu: 'ДМС для членов семьи',
        required: true,
        showIf: { question: 'vhi', equals: true },
      }),
      q({ id: 'life_insurance', type: 'bool', labelEn: 'Life insurance', labelRu: 'Страхование жизни', required: true }),
      q({ id: 'meals', type: 'bool', labelEn: 'Meal allowance or canteen', labelRu: 'Питание или компенсация питания', required: true }),
      q({ id: 'sport', type: 'bool', labelEn: 'Fitness or sport', labelRu: 'Фитнес или спорт', required: true }),
      q({
        id: 'remote_work',
        type: 'choice',
        labelEn: 'Remote work for office staff',
        labelRu: 'Удалённая работа офисных сотрудников',
        required: true,
        options: [opt('none', 'None', 'Нет'), opt('hybrid', 'Hybrid', 'Гибрид'), opt('full', 'Fully remote allowed', 'Полностью удалённо')],
      }),
    ],
  },
  {
    key: 'comments',
    kind: 'form',
    en: 'Comments',
    ru: 'Комментарии',
    bodyEn: 'Anything the organisers should know about your answers.',
    bodyRu: 'Что организаторам следует знать о ваших ответах.',
    questions: [q({ id: 'comments', type: 'text', labelEn: 'Comments to the organisers', labelRu: 'Комментарии для организаторов' })],
  },
];

/** The positions, cars (global), and the period's frozen lists, benchmark questions, pages and car prices. Idempotent. */
export async function attachSurveyCatalogue(db: Executor, periodId: number): Promise<void> {
  const groups = new Map((await db.select({ id: jobGroups.id, code: jobGroups.code }).from(jobGroups)).map((g) => [g.code, g.id]));
  await db
    .insert(surveyPositions)
    .values(
      CATALOGUE_POSITIONS.map(([code, group, careerLevel, isField, titleEn, titleRu, descriptionEn, descriptionRu], sort) => ({
        code,
        jobGroupId: groups.get(group)!,
        careerLevel,
        isField,
        titleEn,
        titleRu,
        descriptionEn,
        descriptionRu,
        sort,
      })),
    )
    .onConflictDoNothing();
  const positions = await db
    .select({ id: surveyPositions.id })
    .from(surveyPositions)
    .where(
      inArray(
        surveyPositions.code,
        CATALOGUE_POSITIONS.map((p) => p[0]),
      ),
    );
  await db
    .insert(periodPositions)
    .values(positions.map((p) => ({ periodId, positionId: p.id })))
    .onConflictDoNothing();
  const regionRows = await db.select({ id: regions.id, sort: regions.sort }).from(regions).where(eq(regions.active, true));
  await db
    .insert(periodRegions)
    .values(regionRows.map((r) => ({ periodId, regionId: r.id, sort: r.sort })))
    .onConflictDoNothing();
  await db
    .insert(carModels)
    .values(CATALOGUE_CARS.map(([make, model, carClass, fuel]) => ({ make, model, carClass, fuel })))
    .onConflictDoNothing();
  const cars = await db.select({ id: carModels.id, make: carModels.make, model: carModels.model }).from(carModels);
  const carId = new Map(cars.map((c) => [`${c.make}|${c.model}`, c.id]));
  await db
    .insert(carPrices)
    .values(CATALOGUE_CARS.map(([make, model, , , price]) => ({ periodId, carModelId: carId.get(`${make}|${model}`)!, listPrice: price.toFixed(2) })))
    .onConflictDoNothing();
  await db
    .insert(benchmarkItems)
    .values(
      CATALOGUE_BENCHMARKS.map((b, sort) => ({
        periodId,
        key: b.key,
        section: b.section,
        labelEn: b.en,
        labelRu: b.ru,
        unit: b.unit,
        categories: b.categories,
        choices: b.choices ?? [],
        required: b.required ?? true,
        min: b.range ? String(b.range[0]) : null,
        max: b.range ? String(b.range[1]) : null,
        warnMin: b.warn ? String(b.warn[0]) : null,
        warnMax: b.warn ? String(b.warn[1]) : null,
        sort,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(surveyPages)
    .values(
      CATALOGUE_PAGES.map((p, sort) => ({
        periodId,
        key: p.key,
        sort,
        kind: p.kind,
        titleEn: p.en,
        titleRu: p.ru,
        bodyEn: p.bodyEn,
        bodyRu: p.bodyRu,
        questions: p.questions,
      })),
    )
    .onConflictDoNothing();
}

/** The federal minimum wage (МРОТ) a month from 1 January 2025. */
export const DEMO_MINIMUM_WAGE = '22440.00';

/** The most recent 1 April on or before `now`: the "as of" day of the survey running now. */
export function effectiveDateFor(now: Date): string {
  const year = now.getUTCMonth() >= 3 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return `${year}-04-01`;
}

/**
 * An open salary period with the catalogue: the deadline three weeks after `now`, salaries as of 1 April, the
 * minimum wage of 22,440 RUB. Returns the existing one when a period of that code is there already.
 */
export async function createOpenSurveyPeriod(
  db: Executor,
  now: Date,
  options: { code?: string; priorPeriodId?: number | null } = {},
): Promise<number> {
  const effectiveDate = effectiveDateFor(now);
  const year = Number(effectiveDate.slice(0, 4));
  const code = options.code ?? String(year);
  const [existing] = await db
    .select({ id: surveyPeriods.id })
    .from(surveyPeriods)
    .where(and(eq(surveyPeriods.kind, 'salary'), eq(surveyPeriods.code, code)));
  if (existing) return existing.id;
  const [period] = await db
    .insert(surveyPeriods)
    .values({
      kind: 'salary',
      code,
      titleEn: `Salary survey ${code}`,
      titleRu: `Обзор заработных плат ${code}`,
      status: 'open',
      opensAt: now,
      closesAt: new Date(now.getTime() + 21 * 86_400_000),
      effectiveDate,
      bonusYear: year - 1,
      minimumWage: DEMO_MINIMUM_WAGE,
      priorPeriodId: options.priorPeriodId ?? null,
    })
    .returning({ id: surveyPeriods.id });
  await attachSurveyCatalogue(db, period!.id);
  return period!.id;
}

/** The period's id for a position code (tests and the demo fill answers by code). */
export async function positionIdsByCode(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ id: surveyPositions.id, code: surveyPositions.code }).from(surveyPositions);
  return new Map(rows.map((r) => [r.code, r.id]));
}

export async function regionIdsByCode(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ id: regions.id, code: regions.code }).from(regions).where(sql`${regions.code} IS NOT NULL`);
  return new Map(rows.map((r) => [r.code!, r.id]));
}
