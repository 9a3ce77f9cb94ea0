import { type PeriodInput, surveyAdmin } from '@portal/shared';
import type { ResponseStatus } from '@portal/shared/survey-model';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import {
  carModels,
  positionLineage,
  respondentContacts,
  responseSteps,
  surveyPeriods,
  surveyPositions,
  surveyResponses,
} from '../src/db/schema/index.ts';
import { TEST_NOW } from './clock.ts';
import type { TestApp } from './harness.ts';

/** The staff side of the salary survey in tests: periods, catalogue sheets and responses in a chosen state. */

export const REGION_HEADERS = ['Code', 'Name (English)', 'Name (Russian)', 'Order'];
export const POSITION_HEADERS = [
  'Job group code',
  'Position code',
  'Title (English)',
  'Title (Russian)',
  'Description (English)',
  'Description (Russian)',
  'Career level',
  'Field position',
  'Replaces code',
];
export const CAR_HEADERS = ['Make', 'Model', 'Class', 'Fuel', 'List price, RUB'];

export const GOOD_REGIONS = [
  ['MOW', 'Moscow', 'Москва', 1],
  ['SPB', 'Saint Petersburg', 'Санкт-Петербург', 2],
  ['CFD', 'Central Federal District', 'Центральный федеральный округ', 3],
];
export const GOOD_POSITIONS = [
  ['SALES', 'SR1', 'Sales representative', 'Медицинский представитель', 'Visits doctors', 'Посещает врачей', 'P1', 'yes', ''],
  ['SALES', 'SM1', 'Sales manager', 'Региональный менеджер', 'Leads representatives', 'Руководит представителями', 'M1', 'yes', ''],
  ['HR', 'HRBP', 'HR business partner', 'HR бизнес-партнёр', 'Partners with the business', 'Работает с бизнесом', 'P3', 'no', ''],
];
export const GOOD_CARS = [
  ['Skoda', 'Octavia', 'C', 'petrol', 2350000],
  ['Toyota', 'Camry', 'D', 'hybrid', '3 900 000,50'],
];

/** An .xlsx with one sheet: the header row, then the rows. */
export async function sheet(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('Sheet');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const periodInput = (over: Partial<PeriodInput> = {}): PeriodInput => ({
  code: '2026',
  titleEn: 'Salary survey 2026',
  titleRu: 'Опрос о зарплатах 2026',
  closesAt: '2026-04-30T18:00:00Z',
  effectiveDate: '2026-04-01',
  bonusYear: 2025,
  minimumWage: '22440',
  publishNotBefore: '2026-07-01',
  opensAt: null,
  priorPeriodId: null,
  ...over,
});

export const ok = async <T = never>(res: { statusCode: number; body: string; json(): unknown }, status = 200): Promise<T> => {
  expect(res.statusCode, res.body).toBe(status);
  return (status === 204 ? undefined : res.json()) as T;
};

export async function createPeriod(t: TestApp, token: string, over: Partial<PeriodInput> = {}) {
  return ok<{ id: number; status: string; version: number }>(await t.api(surveyAdmin.createPeriod.aipm, periodInput(over), token));
}

export async function upload(
  t: TestApp,
  token: string,
  periodId: number,
  kind: 'regions' | 'positions_catalogue' | 'cars',
  content: Buffer,
  filename = `${kind}.xlsx`,
) {
  return t.api(surveyAdmin.uploadDatafile.aipm, { periodId, kind }, token, { file: { filename, content } });
}

/** Loads and applies the good regions and positions (and cars), so the period can open. */
export async function loadCatalogue(t: TestApp, token: string, periodId: number): Promise<void> {
  for (const [kind, headers, rows] of [
    ['regions', REGION_HEADERS, GOOD_REGIONS],
    ['positions_catalogue', POSITION_HEADERS, GOOD_POSITIONS],
    ['cars', CAR_HEADERS, GOOD_CARS],
  ] as const) {
    const file = await ok<{ id: number; status: string }>(await upload(t, token, periodId, kind, await sheet([...headers], rows as unknown[][])));
    expect(file.status).toBe('validated');
    await ok(await t.api(surveyAdmin.applyDatafile.aipm, { datafileId: file.id }, token));
  }
}

/** A period with its catalogue, open to companies. */
export async function openPeriod(t: TestApp, token: string, over: Partial<PeriodInput> = {}): Promise<number> {
  const { id } = await createPeriod(t, token, over);
  await loadCatalogue(t, token, id);
  await ok(await t.api(surveyAdmin.movePeriod.aipm, { id, from: 'draft', to: 'open' }, token));
  return id;
}

/** A company's response in a given state, as the questionnaire would have left it. */
export async function setResponse(
  t: TestApp,
  periodId: number,
  companyId: number,
  status: ResponseStatus,
  over: { progressPct?: number; lastSavedBy?: number; steps?: Record<string, 'not_started' | 'in_progress' | 'complete' | 'has_errors'> } = {},
): Promise<number> {
  const steps = over.steps ?? {};
  const [row] = await t.database.db
    .insert(surveyResponses)
    .values({
      periodId,
      companyId,
      status,
      progressPct: over.progressPct ?? 0,
      stepsTotal: Object.keys(steps).length,
      stepsComplete: Object.values(steps).filter((s) => s === 'complete').length,
      startedAt: status === 'not_started' ? null : TEST_NOW,
      lastSavedAt: status === 'not_started' ? null : TEST_NOW,
      lastSavedBy: over.lastSavedBy ?? null,
      submittedAt: status === 'submitted' || status === 'accepted' ? TEST_NOW : null,
    })
    .returning({ id: surveyResponses.id });
  const responseId = row!.id;
  if (Object.keys(steps).length) {
    await t.database.db.insert(responseSteps).values(Object.entries(steps).map(([stepKey, s]) => ({ responseId, stepKey, status: s })));
  }
  return responseId;
}

/**
 * The template database holds the demo's salary survey (an open period with Demo Pharma's answers, last year's archived
 * one, its respondent contact) and its catalogue; tests that build their own periods and catalogues from files start without them.
 */
export async function withoutDemoSurvey(t: TestApp): Promise<void> {
  await t.database.db.delete(surveyPeriods);
  await t.database.db.delete(respondentContacts);
  await t.database.db.delete(positionLineage);
  await t.database.db.delete(surveyPositions);
  await t.database.db.delete(carModels);
}
