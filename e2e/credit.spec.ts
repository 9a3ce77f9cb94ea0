import { expect } from '@playwright/test';
import { apiAuth, expectAccessible, expectToast, grantCreditFill, login, openCreditPeriod, test } from './fixtures.ts';

const STAFF = 'dora.distributova@demo.test';
const CONTROLLER = 'kirill.kreditov@demo.test';
test('staff add a distributor (a wrong INN is refused), a company’s credit controller enters credit data and submits it, and staff accept it and generate the credit report', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The journeys' open credit period (made here if no other journey made it); the controller is given credit.fill.
  const staff = await apiAuth(request, STAFF);
  const period = await openCreditPeriod(request, staff);
  await grantCreditFill(request, staff, CONTROLLER);

  // Staff add a distributor: a wrong check digit is refused on the field, the right INN is taken.
  await login(page, STAFF);
  await page.goto('/aipm/reports/distributors');
  await expect(page.getByRole('tab', { name: 'Distributors', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add distributor' }).click();
  const dialog = page.getByRole('dialog', { name: 'New distributor' });
  await dialog.getByLabel('Name (Russian)').fill('Волжский фармсклад');
  await dialog.getByLabel('Name (English)').fill('Volga Pharma Warehouse');
  await expectAccessible(page);
  await dialog.getByLabel('INN').fill('7736207544');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText("This INN's check digits are wrong.")).toBeVisible();
  await dialog.getByLabel('INN').fill('7736207543');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Distributor added');
  const table = page.getByRole('table', { name: 'Distributors' });
  await expect(table.getByRole('row').filter({ hasText: '7736207543' })).toContainText('Волжский фармсклад');

  // The page in Russian.
  await page.getByRole('button', { name: 'RU' }).click();
  await expect(page.getByRole('tab', { name: 'Дистрибьюторы', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить дистрибьютора' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Дистрибьюторы' }).getByRole('row').filter({ hasText: '7736207543' })).toContainText('Федеральный');

  // The controller finds the credit card on the selection page and enters the data.
  // A context of its own, as axe needs one (a page opened straight from the browser has none).
  const company = await (await browser.newContext()).newPage();
  await login(company, CONTROLLER);
  await company.goto('/reports/selection');
  const card = company.getByRole('article', { name: period.titleEn });
  await card.getByRole('link', { name: 'Start' }).click();
  await expect(company).toHaveURL(/\/reports\/selection\/credit$/);
  await expect(company.getByRole('heading', { name: 'Credit data', level: 1 })).toBeVisible();
  await company.getByRole('combobox', { name: 'Add a distributor' }).fill('7736207543');
  await company.getByRole('option', { name: /Volga Pharma Warehouse/ }).click();
  const entry = company.getByRole('region', { name: 'Volga Pharma Warehouse' });
  await entry.getByLabel('Receivables, total').fill('100000000');
  await entry.getByLabel('Not due', { exact: true }).fill('80000000');
  await entry.getByLabel('1–30 days overdue').fill('15000000');
  for (const bucket of ['31–60 days overdue', '61–90 days overdue', '91–180 days overdue', 'Over 180 days overdue'])
    await entry.getByLabel(bucket).fill('0');
  await entry.getByLabel('Net sales in the period').fill('60000000');
  await entry.getByLabel('Payment terms, days').fill('60');
  // More days beyond terms than 15 m at 1–30 days and 5 m at 31–60 over 100 m can be (7.5 at most).
  await entry.getByLabel('Days beyond terms (DBT)').fill('9');
  // The buckets do not add up yet: said on the total, nothing sent.
  await company.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(entry.getByText('Not due and the overdue buckets must add up to the total.')).toBeVisible();
  await expectAccessible(company);
  await entry.getByLabel('31–60 days overdue').fill('5000000');
  await company.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    entry.getByText('Days beyond terms must fit the ageing: amounts not due count 0 days, each overdue bucket the days it names.'),
  ).toBeVisible();
  await entry.getByLabel('Days beyond terms (DBT)').fill('3,5');
  await company.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(company, 'Saved');
  await company.getByRole('button', { name: 'Submit to the association' }).click();
  await expectToast(company, 'Credit data submitted');
  await expect(company.getByText('The data has been submitted and can no longer be changed.')).toBeVisible();
  await expect(entry.getByLabel('Receivables, total')).toHaveValue('100000000');
  await expect(entry.getByLabel('Days beyond terms (DBT)')).toHaveValue('3.5');

  // Staff accept the company's data (the credit report reads accepted data only) and generate the period's credit report.
  const submissions = await (await request.get(`/api/aipm/credit-submissions?periodId=${period.id}&search=Demo`, { headers: staff })).json();
  const accepted = await request.post('/api/aipm/credit-submissions/accept', {
    headers: staff,
    data: { periodId: period.id, companyId: submissions.rows[0].companyId },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await page.getByRole('button', { name: 'EN' }).click();
  await page.goto(`/aipm/reports/period/${period.id}/reports`);
  const english = page
    .getByRole('table', { name: 'Credit report' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'English' }) });
  await english.getByRole('button', { name: /^(Create|New edition)$/ }).click();
  await expectToast(page, 'The edition is created. Generate it to build its file.');
  await english.getByRole('button', { name: 'Generate' }).click();
  await expect(english.getByText('Ready')).toBeVisible({ timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await english.getByRole('button', { name: 'Download Excel' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/-credit-en-v1\.xlsx$/);
});
