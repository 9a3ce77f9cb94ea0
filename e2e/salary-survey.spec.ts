import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAuth, E2E_SURVEY_COMPANY, login, test } from './fixtures.ts';

/** Goes to a step through the step list, which saves what is pending first. */
async function openStep(page: Page, name: string | RegExp) {
  await page.getByRole('navigation', { name: 'Survey steps' }).getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(typeof name === 'string' ? name.replace(/^\d+\. /, '') : name);
}
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: /Saved at \d/ })).toBeVisible({ timeout: 10_000 });

test('a ceo fills the whole survey (taking one of last year’s answers), finds every answer after a reload, and completes it; the survey speaks Russian too', async ({
  page,
}) => {
  await login(page, 'ceo@demo.test');
  await page.goto('/ceo/reports/selection/salary');
  await expect(page.getByRole('heading', { level: 1, name: /Salary survey \d{4}/ })).toBeVisible();
  await expect(page.getByText(/of 8 sections complete/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Information' })).toBeVisible();

  // Both languages on the information screen.
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Информация' })).toBeVisible();
  await expect(page.getByText('Конфиденциальность и анонимность')).toBeVisible();
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Information' })).toBeVisible();

  // The contact and the company profile came with the demo; the grid is matched but two rows lack figures.
  await next(page);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Tatiana Doverova');
  // An unsaved change to the contact is not lost by moving on: the survey asks first.
  await page.getByRole('textbox', { name: 'Phone' }).fill('+7 495 000-00-09');
  await next(page);
  const leave = page.getByRole('dialog', { name: 'Leave the survey?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await page.getByRole('button', { name: 'Save the contact' }).click();
  await expect(page.getByText('The contact is saved.')).toBeVisible();
  await next(page);
  await expect(page.getByLabel('Total headcount *')).toHaveValue('180');
  // Last year's answers beside this year's: one is taken over and saved with the page.
  await page.getByLabel("Show last year's answers").check();
  await expect(page.getByText(/^Last year \(\d{4}\): 170$/)).toBeVisible();
  await expect(page.getByText(/^Last year \(\d{4}\): Prescription drugs$/)).toBeVisible();
  const autosaved = page.waitForResponse((r) => r.url().includes('/user/salary/savePageData') && r.ok());
  await page.getByRole('button', { name: "Use last year's answer: Field-force headcount" }).click();
  await expect(page.getByLabel('Field-force headcount *')).toHaveValue('90');
  await expect(page.getByRole('button', { name: "Use last year's answer: Field-force headcount" })).toHaveCount(0);
  await autosaved;
  await next(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Position matching' })).toBeVisible();
  await next(page);

  const grid = page.getByRole('table', { name: 'Positions grid' });
  const cell = (row: string, column: string) => grid.getByRole('textbox', { name: `${row}: ${column}`, exact: true });
  const marketing = 'Product Manager, Moscow';
  await cell(marketing, 'Headcount').fill('4');
  await cell(marketing, 'Base salary, RUB/month').fill('15000');
  await saved(page);
  // Under the minimum wage: the cell says so, and the step has errors.
  await expect(cell(marketing, 'Base salary, RUB/month')).toHaveAttribute('aria-invalid', 'true');
  await cell(marketing, 'Base salary, RUB/month').fill('245000');
  for (const [row, headcount, base] of [
    [marketing, '4', '245000'],
    ['HR Director, Moscow', '1', '650000'],
  ] as const) {
    await cell(row, 'Headcount').fill(headcount);
    await cell(row, 'Base salary, RUB/month').fill(base);
    await cell(row, '13th salary etc., RUB/year').fill('0');
    await cell(row, 'Bonus eligible, %').fill('100');
    await cell(row, 'Bonus target, %').fill('20');
    await cell(row, 'Bonus paid, RUB/year').fill(String(Number(base) * 12 * 0.2));
  }
  await expect(cell(marketing, 'Base salary, RUB/month')).not.toHaveAttribute('aria-invalid', 'true', { timeout: 10_000 });
  const cars = page.getByRole('table', { name: 'Car policy by position' });
  for (const position of ['General Manager', 'Product Manager', 'HR Director']) {
    await cars.getByRole('combobox', { name: `${position}: Car eligibility` }).click();
    await page.getByRole('option', { name: position === 'General Manager' ? 'Company car' : 'None' }).click();
    if (position === 'General Manager') {
      await cars.getByRole('combobox', { name: `${position}: Car class` }).click();
      await page.getByRole('option', { name: 'E', exact: true }).click();
    }
  }
  await saved(page);

  // A reload in the middle finds every answer.
  await page.reload();
  await expect(cell(marketing, 'Base salary, RUB/month')).toHaveValue('245000');
  await expect(cell('HR Director, Moscow', 'Bonus paid, RUB/year')).toHaveValue('1560000');
  await expect(cars.getByRole('combobox', { name: 'General Manager: Car eligibility' })).toHaveText('Company car');
  await expect(page.getByRole('navigation', { name: 'Survey steps' }).getByRole('button', { name: /Positions data/ })).toContainText('Complete');

  await next(page);
  const turnover = page.getByRole('table', { name: 'Turnover' });
  for (const [field, value] of [
    ['Headcount at start', '170'],
    ['Headcount at end', '180'],
    ['Hires', '30'],
    ['Leavers', '20'],
    ['Voluntary leavers', '25'],
    ['Leavers in the first year', '4'],
  ] as const)
    await turnover.getByRole('textbox', { name: `Whole company: ${field}`, exact: true }).fill(value);
  await expect(turnover.getByText('Voluntary leavers cannot exceed total leavers.')).toBeVisible({ timeout: 10_000 });
  await turnover.getByRole('textbox', { name: 'Whole company: Voluntary leavers', exact: true }).fill('12');
  await saved(page);

  await next(page);
  const answer = async (label: string, categories: string[], value: string) => {
    for (const c of categories) {
      const name = `${label}: ${c}`;
      if (value === 'Yes' || value === 'No' || value === 'Quarterly') {
        await page.getByRole('combobox', { name, exact: true }).click();
        await page.getByRole('option', { name: value, exact: true }).click();
      } else await page.getByRole('textbox', { name, exact: true }).fill(value);
    }
  };
  const staff = ['Field force', 'Office', 'Management'];
  await answer('Actual increase budget this year, % of payroll', staff, '5');
  await answer('of which merit increases, %', staff, '3');
  await answer('of which promotions, %', staff, '1');
  await answer('of which market adjustments, %', staff, '1');
  await answer('Planned increase budget next year, % of payroll', staff, '5.5');
  await answer('Month the increase takes effect', ['All staff'], '4');
  await answer('Share of employees receiving an increase, %', ['All staff'], '85');
  await answer('Salary freeze this year', staff, 'No');
  await answer('Bonus pool payout, % of target', ['All staff'], '104');
  await answer('How often the field force bonus is paid', ['Field force'], 'Quarterly');
  await saved(page);

  await next(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Car policy' })).toBeVisible();
  await page.getByLabel('Fleet size (cars) *').fill('70');
  await page.getByRole('radio', { name: 'Operating lease' }).check();
  await page.getByRole('radiogroup', { name: 'Telematics installed *' }).getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('radiogroup', { name: 'An electric-vehicle policy exists *' }).getByRole('radio', { name: 'No' }).check();
  await saved(page);

  await next(page);
  for (const question of ['Voluntary health insurance (VHI) *', 'Life insurance *', 'Meal allowance or canteen *', 'Fitness or sport *'])
    await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('radiogroup', { name: 'VHI covers family members *' }).getByRole('radio', { name: 'No' }).check();
  await page.getByRole('radio', { name: 'Hybrid' }).check();
  await saved(page);

  await openStep(page, /Review and complete/);
  await expect(page.getByText('Everything is answered: the survey can be completed.')).toBeVisible();
  await expect(page.getByText('100 % done · 8 of 8 sections complete')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I confirm that the answers are correct and complete.' }).check();
  await page.getByRole('button', { name: 'Complete the survey' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Completion' })).toBeVisible();
  await expect(page.getByText(/Thank you: the survey was completed on/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download what was submitted (Excel)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Salary survey positions \d{4} - Demo Pharma\.xlsx$/);
  await expect(page.getByRole('button', { name: 'Withdraw to edit' })).toBeVisible();
});

test('a trusted person downloads the positions template, fills it in a spreadsheet and uploads it back with a cell report; a colleague’s save meanwhile is offered, never overwritten', async ({
  page,
  request,
}) => {
  await login(page, E2E_SURVEY_COMPANY.trusted);
  await page.goto('/trusted/reports/selection/salary?step=positions');
  await expect(page.getByText('No positions yet: match them in the previous step or upload the Excel template.')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the template' }).click();
  const file = await (await downloading).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('Positions')!;
  const line = (code: string, region: string) => {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((r) => {
      if (r.getCell(1).value === code && r.getCell(2).value === region) found = r;
    });
    return found!;
  };
  const fill = (code: string, region: string, values: (number | string)[]) => {
    const r = line(code, region);
    values.forEach((v, i) => {
      r.getCell(6 + i).value = v;
    });
  };
  fill('SAL-01', 'MOW', [30, 170000, 0, 100, 25, 510000]);
  fill('SAL-01', 'SPB', [12, 'abc', 0, 100, 25, 450000]);
  fill('HR-02', 'MOW', [2, 280000, 0, 100, 15, 504000]);
  const upload = async () => {
    await page.getByLabel('Filled template').setInputFiles({
      name: 'positions.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    await page.getByRole('button', { name: 'Check the file' }).click();
  };
  await upload();
  await expect(page.getByText('3 rows and 0 car rows read: 1 errors, 0 warnings.')).toBeVisible();
  const report = page.getByRole('table', { name: 'What the check found' });
  await expect(report.getByRole('row').filter({ hasText: 'G (Base salary, RUB/month)' })).toContainText('Enter a number.');
  await expect(page.getByRole('button', { name: "Save the file's answers" })).toHaveCount(0);

  fill('SAL-01', 'SPB', [12, 150000, 0, 100, 25, 450000]);
  await upload();
  await expect(page.getByText('3 rows and 0 car rows read: 0 errors, 0 warnings.')).toBeVisible();
  await page.getByRole('button', { name: "Save the file's answers" }).click();
  await expect(page.getByText('3 rows were saved from the file.')).toBeVisible();
  const grid = page.getByRole('table', { name: 'Positions grid' });
  await expect(grid.getByRole('textbox', { name: 'Medical Representative, Saint Petersburg: Base salary, RUB/month' })).toHaveValue('150000');

  // A colleague saves meanwhile: the next autosave is refused (409) and the newer answers are offered, never overwritten.
  const colleague = await apiAuth(request, E2E_SURVEY_COMPANY.trusted);
  const current = await (await request.get('/api/user/salary/getPositionsData', { headers: colleague })).json();
  const row = current.rows.find((r: { regionId: number; headcount: number }) => r.headcount === 12);
  const overtaken = await request.post('/api/user/salary/savePositions', {
    headers: colleague,
    data: { version: current.version, rows: [{ ...row, headcount: 13 }], cars: [] },
  });
  expect(overtaken.ok(), await overtaken.text()).toBe(true);
  await grid.getByRole('textbox', { name: 'Medical Representative, Saint Petersburg: Headcount' }).fill('14');
  const conflict = page.getByRole('dialog', { name: 'Newer answers on the server' });
  await expect(conflict).toBeVisible({ timeout: 10_000 });
  await conflict.getByRole('button', { name: 'Show the newer answers' }).click();
  await expect(grid.getByRole('textbox', { name: 'Medical Representative, Saint Petersburg: Headcount' })).toHaveValue('13');

  // Another company's people never reach this company's survey.
  const ceo = await apiAuth(request, 'ceo@demo.test');
  const own = await (await request.get('/api/user/salary/getSurvey', { headers: ceo })).json();
  expect(own.company.name).toBe('Demo Pharma');
  const theirs = await request.get(`/api/user/salary/getPositionsData?companyId=${own.company.id + 100}`, { headers: ceo });
  expect(theirs.status()).toBe(403);
});

test('a person without the survey area sees the portal’s no-access page', async ({ page }) => {
  await login(page, 'employee@demo.test');
  await page.goto('/reports/selection/salary');
  await expect(page.getByText("Sorry, you can't have access to this page")).toBeVisible();
  await expect(page).toHaveURL('/reports/selection/salary');
});
