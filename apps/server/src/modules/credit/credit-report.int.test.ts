import { reports as api, type PeriodReports, type Report } from '@portal/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { DEMO_COMPANY_ID, insertCompany } from '../../../test/org-fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { ok, withoutDemoSurvey } from '../../../test/survey-admin-fixtures.ts';
import { creditEntries, creditSubmissions, distributors, surveyPeriods } from '../../db/schema/index.ts';
import type { TableSection } from '../reports/report-document.ts';

/**
 * The credit report's trend and changes on the database: which periods it reads (those before it with counted data,
 * under their own rules), the change since the last of them, and the sections in the generated Excel and PDF files.
 */

let t: TestApp;
let staff: string;
let makers: number[];
let alpha: number;
let pooled: number[];
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  await withoutDemoSurvey(t);
  staff = await t.tokenFor('staff@demo.test');
  makers = [DEMO_COMPANY_ID];
  for (let i = 1; i <= 6; i++) makers.push(await insertCompany(t, `Maker ${i}`));
  const inserted = await t.database.db
    .insert(distributors)
    .values(
      ['7707083893', '7736207543', '7728168971'].map((inn, i) => ({
        nameRu: `Дистрибьютор ${'АБВ'[i]}`,
        nameEn: `Distributor ${'ABC'[i]}`,
        inn,
        type: 'national' as const,
      })),
    )
    .returning({ id: distributors.id });
  [alpha, ...pooled] = inserted.map((d) => d.id) as [number, ...number[]];
});
afterAll(async () => {
  await t.close();
});

/**
 * A credit period as of a date with each maker's receivables (RUB m) on distributor A, 10 % of it 1–30 days overdue at
 * 12 days on average, and RUB 10 m on each pooled distributor from three makers each.
 */
async function creditPeriod(asOf: string, alphaM: number[], status: 'accepted' | 'submitted' = 'accepted'): Promise<number> {
  const [period] = await t.database.db
    .insert(surveyPeriods)
    .values({
      kind: 'credit',
      code: `C-${asOf.slice(0, 7)}`,
      titleEn: `Credit, ${asOf.slice(0, 7)}`,
      titleRu: `Кредит, ${asOf.slice(0, 7)}`,
      // Earlier periods count in the trend once published; the one reported on is published alike here.
      status: 'published',
      opensAt: new Date(`${asOf}T00:00:00Z`),
      closesAt: new Date(`${asOf}T23:00:00Z`),
      effectiveDate: asOf,
      bonusYear: 2026,
      minimumWage: '0',
    })
    .returning({ id: surveyPeriods.id });
  const rub = (m: number) => `${m * 1_000_000}.00`;
  for (const [i, m] of alphaM.entries()) {
    const [s] = await t.database.db
      .insert(creditSubmissions)
      .values({ periodId: period!.id, companyId: makers[i]!, status, submittedAt: t.clock.now() })
      .returning();
    const row = (distributorId: number, total: number) => ({
      submissionId: s!.id,
      distributorId,
      receivablesTotal: rub(total),
      notDue: rub(total * 0.9),
      overdue1To30: rub(total * 0.1),
      overdue31To60: '0',
      overdue61To90: '0',
      overdue91To180: '0',
      overdue181Plus: '0',
      netSalesPeriod: rub(total),
      contractualTermsDays: 60,
      daysBeyondTerms: '1.2',
    });
    await t.database.db.insert(creditEntries).values([row(alpha, m), ...(i < 6 ? [row(pooled[Math.floor(i / 3)]!, 10)] : [])]);
  }
  return period!.id;
}

const table = (doc: { sections: { heading: string }[] }, heading: string) => doc.sections.find((s) => s.heading === heading) as TableSection;

describe('the credit report over time', () => {
  it('reads the periods before it that have counted data, oldest first, and the change since the last of them', async () => {
    await creditPeriod('2025-11-30', [50, 50, 50, 50, 50, 50], 'submitted');
    await creditPeriod('2025-12-31', [40, 40, 40]);
    await creditPeriod('2026-01-31', [40, 40, 40, 40, 40, 40]);
    const february = await creditPeriod('2026-02-28', [50, 50, 50, 50, 50, 50, 50]);
    await creditPeriod('2026-03-31', [90, 90, 90, 90, 90, 90, 90]);

    const doc = await t.app.services.creditReport.document(february, 'en');
    const trend = table(doc, 'Market trend');
    // November's data was never accepted and March comes after: neither is in the trend.
    expect(trend.rows.map((r) => r.asOf)).toEqual(['2025-12-31', '2026-01-31', '2026-02-28']);
    // December: three makers, hidden under the rules; January and February: the market (A and the pool).
    expect(trend.rows[0]?.receivables).toEqual({ suppressed: 'min_companies', label: 'n<5' });
    expect(trend.rows[1]).toEqual({ asOf: '2026-01-31', manufacturers: 6, receivables: 300, overdue: 30, overdueShare: 10, dso: 31, dbt: 1.2 });
    expect(trend.rows[2]).toMatchObject({ manufacturers: 7, receivables: 410, overdue: 41, dso: 28, dbt: 1.2 });

    const market = table(doc, 'Market totals');
    expect(market.rows[1]).toEqual({ metric: 'Receivables, RUB m', value: 410, last: 300, change: 110, changePct: 36.7 });
    // DSO: 410 ÷ 410 × 28 days against 300 ÷ 300 × 31.
    expect(market.rows[4]).toEqual({ metric: 'DSO, days', value: 28, last: 31, change: -3, changePct: -9.7 });
    const changes = table(doc, 'By distributor: change since 2026-01-31');
    expect(changes.rows).toEqual([
      expect.objectContaining({ distributor: 'Distributor A', receivables: 110, receivablesPct: 45.8, dbt: 0, dbtPct: 0 }),
      expect.objectContaining({ distributor: 'Other distributors', receivables: 0, receivablesPct: 0 }),
    ]);
  });

  it('has nothing to compare with in the first period with data', async () => {
    const first = await creditPeriod('2026-01-31', [40, 40, 40, 40, 40, 40]);
    const doc = await t.app.services.creditReport.document(first, 'ru');
    expect(table(doc, 'Итоги по рынку').notes).toEqual(['Нет более раннего кредитного периода с данными для сравнения.']);
    expect(table(doc, 'Итоги по рынку').columns).toHaveLength(2);
    expect(table(doc, 'Динамика рынка').rows.map((r) => r.asOf)).toEqual(['2026-01-31']);
    expect(doc.sections.some((s) => s.heading.startsWith('По дистрибьюторам: изменение'))).toBe(false);
  });

  it('gives no change from a last period whose market the rules hid, saying so', async () => {
    await creditPeriod('2025-12-31', [40, 40, 40]);
    const january = await creditPeriod('2026-01-31', [40, 40, 40, 40, 40, 40]);
    const doc = await t.app.services.creditReport.document(january, 'en');
    const hiddenThen = { suppressed: 'min_companies', label: 'hidden last period' };
    expect(table(doc, 'Market totals').rows[1]).toEqual({
      metric: 'Receivables, RUB m',
      value: 300,
      last: { suppressed: 'min_companies', label: 'n<5' },
      change: hiddenThen,
      changePct: hiddenThen,
    });
    expect(table(doc, 'By distributor: change since 2025-12-31').rows[0]).toMatchObject({ distributor: 'Distributor A', receivables: hiddenThen });
  });

  it('is generated with its trend and changes as sheets of the Excel file and pages of the PDF', async () => {
    await creditPeriod('2026-01-31', [40, 40, 40, 40, 40, 40]);
    const february = await creditPeriod('2026-02-28', [50, 50, 50, 50, 50, 50, 50]);
    const [xlsx] = await ok<Report[]>(await t.api(api.createCreditReport.aipm, { periodId: february, language: 'en' }, staff));
    await ok(await t.api(api.startGeneration.aipm, { reportId: xlsx!.id }, staff));
    await t.app.services.reportJobs.drain();
    const file = await t.api(api.download.aipm, { reportId: xlsx!.id }, staff);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Cover',
      'Market totals',
      'Market trend',
      'Ageing of receivables',
      'By distributor',
      'Changes by distributor',
      'Contractual payment terms (mark',
    ]);
    const market = book.getWorksheet('Market totals')!;
    expect(market.getRow(2).values).toEqual([undefined, 'Measure', 'As of 2026-02-28', 'As of 2026-01-31', 'Change', 'Change, %']);
    expect(market.getRow(4).values).toEqual([undefined, 'Receivables, RUB m', 410, 300, 110, 36.7]);
    // Whole figures show whole, the others to 0.1.
    expect(market.getRow(4).getCell(2).numFmt).toBe('#,##0');
    expect(market.getRow(6).getCell(2)).toMatchObject({ value: 10, numFmt: '#,##0' });
    expect(market.getRow(8).values).toEqual([undefined, 'DBT, days', 1.2, 1.2, 0, 0]);
    expect(market.getRow(8).getCell(2).numFmt).toBe('#,##0.0');
    const trend = book.getWorksheet('Market trend')!;
    expect(trend.getRow(3).values).toEqual([undefined, '2026-01-31', 6, 300, 30, 10, 31, 1.2]);
    expect(trend.getRow(4).getCell(1).value).toBe('2026-02-28');
    const changes = book.getWorksheet('Changes by distributor')!;
    expect(changes.getCell(1, 1).value).toBe('By distributor: change since 2026-01-31');
    expect(changes.getRow(3).getCell(1).value).toBe('Distributor A');
    expect(changes.getRow(3).getCell(2).value).toBe(110);
    expect(book.getWorksheet('By distributor')!.getRow(2).getCell(8).value).toBe('DBT, days');

    await ok(await t.api(api.convertToPdf.aipm, { reportId: xlsx!.id }, staff));
    await t.app.services.reportJobs.drain();
    const periodReports = await ok<PeriodReports>(await t.api(api.periodReports.aipm, { periodId: february }, staff));
    const pdf = periodReports.reports.find((r) => r.format === 'pdf')!;
    const text = await pdfText((await t.api(api.download.aipm, { reportId: pdf.id }, staff)).rawPayload);
    // The headings, January's line of the trend and distributor A's change as the pages print them.
    for (const line of ['Market trend', '2026-01-31 6 300 30 10.0 31.0 1.2', 'By distributor: change since 2026-01-31', 'Distributor A 110 45.8'])
      expect(text).toContain(line);
  }, 90_000);
});
