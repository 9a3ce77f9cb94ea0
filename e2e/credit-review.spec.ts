import { expect } from '@playwright/test';
import {
  apiAuth,
  E2E_CREDIT_COMPANY,
  expectAccessible,
  expectToast,
  grantCreditFill,
  lastMailTo,
  login,
  openCreditPeriod,
  test,
} from './fixtures.ts';

const STAFF = 'vera.vozvratova@demo.test';
const CONTROLLER = E2E_CREDIT_COMPANY.controller;
test('a company’s credit controller asks for a missing distributor, staff add it, and the controller can then choose it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await apiAuth(request, STAFF);
  await openCreditPeriod(request, staff);
  await grantCreditFill(request, staff, CONTROLLER);

  // The controller searches by INN, finds nothing and asks for the distributor (a wrong check digit is refused first).
  const company = await (await browser.newContext()).newPage();
  await login(company, CONTROLLER);
  await company.goto('/reports/selection/credit');
  const searched = company.waitForResponse((r) => r.url().includes('/api/user/credit/distributors?search=7728168971'));
  await company.getByRole('combobox', { name: 'Add a distributor' }).fill('7728168971');
  expect(await (await searched).json()).toEqual([]);
  await expect(company.getByText('No distributor found.')).toBeVisible();
  await company.getByRole('button', { name: 'Request a missing distributor' }).click();
  const ask = company.getByRole('dialog', { name: 'Request a distributor' });
  await expect(ask.getByLabel('INN')).toHaveValue('7728168971');
  await ask.getByLabel('Distributor').fill('Уральский фармсклад');
  await ask.getByLabel('City').fill('Екатеринбург');
  await ask.getByLabel('INN').fill('7728168972');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask.getByText("This INN's check digits are wrong.")).toBeVisible();
  await expectAccessible(company);
  await ask.getByLabel('INN').fill('7728168971');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expectToast(company, 'Request sent');
  const mine = company.getByRole('region', { name: 'Your requests' });
  await expect(mine).toContainText('Уральский фармсклад');
  await expect(mine).toContainText('Open');

  // Staff find it among the requests and add it, its name and INN prefilled.
  await login(page, STAFF);
  await page.goto('/aipm/reports/distributors');
  await page.getByRole('tab', { name: 'Requests' }).click();
  const queue = page.getByRole('table', { name: 'Distributor requests' });
  const row = queue.getByRole('row').filter({ hasText: '7728168971' });
  await expect(row).toContainText('Kredit Pharma');
  await row.getByRole('button', { name: 'Add Уральский фармсклад' }).click();
  const add = page.getByRole('dialog', { name: 'Add the requested distributor' });
  await expect(add.getByLabel('Name (Russian)')).toHaveValue('Уральский фармсклад');
  await expect(add.getByLabel('INN')).toHaveValue('7728168971');
  await add.getByLabel('Name (English)').fill('Ural Pharma Warehouse');
  await add.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Distributor added; the requester is told');
  // The queue shows the open requests; the answered one is under its answer.
  await expect(queue.getByRole('row').filter({ hasText: '7728168971' })).toBeHidden();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Added' }).click();
  await expect(queue.getByRole('row').filter({ hasText: '7728168971' })).toContainText('Added as Ural Pharma Warehouse');

  // The controller is e-mailed, sees the answer and chooses the distributor.
  expect(await lastMailTo(CONTROLLER, /Ural Pharma Warehouse/)).toContain('7728168971');
  await company.reload();
  await expect(mine).toContainText('Added as Ural Pharma Warehouse');
  await company.getByRole('combobox', { name: 'Add a distributor' }).fill('7728168971');
  await company.getByRole('option', { name: /Ural Pharma Warehouse/ }).click();
  await expect(company.getByRole('region', { name: 'Ural Pharma Warehouse' })).toBeVisible();
});

test('staff return a company’s credit data with a question, the company sees it and submits again, and staff accept it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await apiAuth(request, STAFF);
  const period = await openCreditPeriod(request, staff);
  await grantCreditFill(request, staff, CONTROLLER);
  // A distributor of the journey's own, and the controller's data on it submitted through the API.
  const created = await request.post('/api/aipm/distributors/create', {
    headers: staff,
    data: { nameRu: 'Северный склад', nameEn: 'Northern Warehouse', inn: '7724053916', type: 'regional' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const distributor = await created.json();
  const controller = await apiAuth(request, CONTROLLER);
  const current = await (await request.get('/api/user/credit/getSubmission', { headers: controller })).json();
  const saved = await request.post('/api/user/credit/save', {
    headers: controller,
    data: {
      periodId: period.id,
      version: current.version,
      entries: [
        {
          distributorId: distributor.id,
          receivablesTotal: '50000000',
          notDue: '45000000',
          overdue1To30: '5000000',
          overdue31To60: '0',
          overdue61To90: '0',
          overdue91To180: '0',
          overdue181Plus: '0',
          netSalesPeriod: '30000000',
          contractualTermsDays: 60,
          // The overdue tenth, 10 days past due on average.
          daysBeyondTerms: '1',
        },
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const submitted = await request.post('/api/user/credit/submit', {
    headers: controller,
    data: { periodId: period.id, version: (await saved.json()).version },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);

  // Staff open the company's data from the credit period's dashboard and return it with a question.
  await login(page, STAFF);
  await page.goto(`/aipm/reports/company?period=${period.id}`);
  const table = page.getByRole('table', { name: 'Credit submissions' });
  const row = table.getByRole('row').filter({ hasText: 'Kredit Pharma' });
  await expect(row).toContainText('Submitted');
  await row.getByRole('button', { name: 'Open Kredit Pharma' }).click();
  const dialog = page.getByRole('dialog', { name: 'Credit data of Kredit Pharma' });
  await expect(dialog.getByRole('rowheader', { name: /Northern Warehouse/ })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Return with a question' }).click();
  const question = 'The overdue share looks low against last month. Please check the 1–30 days bucket.';
  await dialog.getByLabel('Question to the company').fill(question);
  await dialog.getByRole('button', { name: 'Return', exact: true }).click();
  await expectToast(page, 'Returned; the company is e-mailed');
  await expect(row).toContainText('Returned');
  expect(await lastMailTo(CONTROLLER, /a question from the association/)).toContain(question);

  // The controller sees the question, can change the data again and submits it again.
  const company = await (await browser.newContext()).newPage();
  await login(company, CONTROLLER);
  await company.goto('/reports/selection/credit');
  await expect(company.getByText('The association returned your data with a question:')).toBeVisible();
  await expect(company.getByText(question)).toBeVisible();
  await expectAccessible(company);
  const entry = company.getByRole('region', { name: 'Northern Warehouse' });
  await entry.getByLabel('Not due', { exact: true }).fill('44000000');
  await entry.getByLabel('1–30 days overdue').fill('6000000');
  await company.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(company, 'Saved');
  await company.getByRole('button', { name: 'Submit to the association' }).click();
  await expectToast(company, 'Credit data submitted');
  await expect(company.getByText(question)).toBeHidden();

  // Staff see it submitted again, with the question in its history, and accept it.
  await page.reload();
  await expect(row).toContainText('Submitted');
  await row.getByRole('button', { name: 'Open Kredit Pharma' }).click();
  await expect(dialog.getByRole('list', { name: 'History' })).toContainText(question);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog.getByText('Accept the credit data of Kredit Pharma? Accepted data feeds the credit report.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expectToast(page, 'Credit data accepted');
  await expect(row).toContainText('Accepted');
});
