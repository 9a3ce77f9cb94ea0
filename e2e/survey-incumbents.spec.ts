import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { E2E_INCUMBENT_COMPANY, login, test } from './fixtures.ts';

test('a general manager uploads an incumbent file built in a spreadsheet, sees the grid’s averages computed from it, and takes one row’s incumbents away', async ({
  page,
}) => {
  await login(page, E2E_INCUMBENT_COMPANY.ceo);
  await page.goto('/ceo/reports/selection/salary?step=positions');
  await expect(page.getByText('No positions yet: match them in the previous step or upload the Excel template.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Incumbents (optional)' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the incumbent template' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Salary survey incumbents \d{4} - Kadry Pharma\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('Incumbents')!;
  expect(sheet.getRow(2).values).toEqual([
    undefined,
    'position_code',
    'region_code',
    'base_salary',
    'guaranteed_extra_annual',
    'bonus_target_pct',
    'bonus_actual',
  ]);
  expect(workbook.getWorksheet('Codes')!.getColumn(1).values).toContain('SAL-01');
  // One line per person, no names: three representatives in Moscow (one without a bonus), one in Saint Petersburg, an HR manager.
  const lines = [
    ['SAL-01', 'MOW', 100000, 0, 20, 240000],
    ['SAL-01', 'MOW', 110000, 0, 20, 264000],
    ['SAL-01', 'MOW', 120000, 0, 0, 0],
    ['SAL-01', 'SPB', 'ninety thousand', 0, 20, 216000],
    ['HR-02', 'MOW', 250000, 250000, 15, 450000],
  ];
  for (const line of lines) sheet.addRow(line);
  const upload = async () => {
    await page.getByLabel('Filled incumbent file').setInputFiles({
      name: 'incumbents.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    await page.getByRole('button', { name: 'Check the incumbent file' }).click();
  };

  await upload();
  await expect(page.getByText('5 incumbents read for 2 grid rows (2 new, 0 no longer listed): 1 errors, 0 warnings.')).toBeVisible();
  const report = page.getByRole('table', { name: 'What the incumbent check found' });
  await expect(report.getByRole('row').filter({ hasText: 'C (Base salary, RUB/month)' })).toContainText('Enter a number.');
  await expect(page.getByRole('button', { name: 'Save the incumbents' })).toHaveCount(0);

  sheet.getRow(6).getCell(3).value = 90000;
  await upload();
  await expect(page.getByText('5 incumbents read for 3 grid rows (3 new, 0 no longer listed): 0 errors, 0 warnings.')).toBeVisible();
  await page.getByRole('button', { name: 'Save the incumbents' }).click();
  await expect(page.getByText('5 incumbents were saved: the averages of 3 grid rows are computed from them.')).toBeVisible();

  // The grid holds the averages, read-only, and says where they come from.
  const grid = page.getByRole('table', { name: 'Positions grid' });
  const cell = (row: string, column: string) => grid.getByRole('textbox', { name: `${row}: ${column}`, exact: true });
  const moscow = 'Medical Representative, Moscow';
  for (const [column, value] of [
    ['Headcount', '3'],
    ['Base salary, RUB/month', '110000'],
    ['13th salary etc., RUB/year', '0'],
    ['Bonus eligible, %', '66.67'],
    ['Bonus target, %', '20'],
    ['Bonus paid, RUB/year', '252000'],
  ] as const) {
    await expect(cell(moscow, column)).toHaveValue(value);
    await expect(cell(moscow, column)).toBeDisabled();
  }
  await expect(grid.getByRole('rowheader', { name: /Medical Representative/ }).first()).toContainText('From 3 incumbents');
  await expect(cell('Compensation & Benefits Manager, Moscow', '13th salary etc., RUB/year')).toHaveValue('250000');

  // Taking a row's incumbents away keeps its averages and lets them be typed again.
  const spb = 'Medical Representative, Saint Petersburg';
  await grid.getByRole('button', { name: `Remove the incumbents of ${spb}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the incumbents?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('The incumbents were removed; the averages stay.')).toBeVisible();
  await expect(cell(spb, 'Base salary, RUB/month')).toBeEnabled();
  await expect(cell(spb, 'Base salary, RUB/month')).toHaveValue('90000');
  await expect(cell(moscow, 'Base salary, RUB/month')).toBeDisabled();
});
