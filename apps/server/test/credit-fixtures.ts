import { credit, type DistributorInput, surveyAccess, surveyAdmin } from '@portal/shared';
import type { TestApp } from './harness.ts';
import { userId } from './org-fixtures.ts';
import { ok, periodInput } from './survey-admin-fixtures.ts';

// Real taxpayers' numbers with good check digits.
export const INNS = ['7707083893', '7736207543', '7728168971', '500100732259', '7724053916'];

export const distributorInput = (over: Partial<DistributorInput> = {}): DistributorInput => ({
  nameRu: 'Фармдистрибьютор',
  nameEn: 'Pharma Distributor',
  inn: INNS[0]!,
  type: 'national',
  ogrn: null,
  groupId: null,
  hqRegionId: null,
  ...over,
});

export type DistributorView = {
  id: number;
  inn: string;
  status: string;
  version: number;
  entries: number;
  group: { id: number } | null;
  mergedInto: { id: number } | null;
};

export const addDistributor = async (t: TestApp, staff: string, over: Partial<DistributorInput> = {}) =>
  ok<DistributorView>(await t.api(credit.createDistributor.aipm, distributorInput(over), staff));

/** A credit period made and opened through the staff's periods calls; its as-of date is the last day of February. */
export async function openCreditPeriod(t: TestApp, staff: string, effectiveDate = '2026-02-28'): Promise<number> {
  const created = await ok<{ id: number }>(
    await t.api(
      surveyAdmin.createPeriod.aipm,
      periodInput({
        kind: 'credit',
        code: 'C-2026-02',
        titleEn: 'Credit, February 2026',
        titleRu: 'Кредит, февраль 2026',
        effectiveDate,
        closesAt: '2026-03-16T18:00:00Z',
        publishNotBefore: null,
      }),
      staff,
    ),
  );
  await ok(await t.api(surveyAdmin.movePeriod.aipm, { id: created.id, from: 'draft', to: 'open' }, staff));
  return created.id;
}

/** Gives a company person the credit.fill area (no role holds it by default). */
export const grantCreditFill = async (t: TestApp, admin: string, email: string) =>
  ok(await t.api(surveyAccess.areasUpdate.admin, { changes: [{ userId: await userId(t, email), area: 'credit.fill', granted: true }] }, admin));

/** One distributor's row: RUB m in total, of it RUB m 1–30 days overdue, half the total sold in the period. */
// Days beyond terms: the overdue part (1–30 days) 10 days past due on average.
export const creditRow = (distributorId: number, totalM: number, overdueM = 0, terms = 60, dbt = String((overdueM * 10) / totalM)) => ({
  distributorId,
  receivablesTotal: String(totalM * 1_000_000),
  notDue: String((totalM - overdueM) * 1_000_000),
  overdue1To30: String(overdueM * 1_000_000),
  overdue31To60: '0',
  overdue61To90: '0',
  overdue91To180: '0',
  overdue181Plus: '0',
  netSalesPeriod: String(totalM * 500_000),
  contractualTermsDays: terms,
  daysBeyondTerms: dbt,
});
