import { expect } from '@playwright/test';
import { apiAuth, expectToast, login, test } from './fixtures.ts';

const PERSON = { email: 'ada.accessova@demo.test', name: 'Accessova Ada' };
/** Staff of this journey only: it switches to Russian. */
const STAFF = 'stas.accessov@demo.test';

test('staff give an employee the salary survey, in bulk take away a report area, and the employee finds the surveys open to her', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // Before: the employee has no survey area.
  const before = await browser.newPage();
  await login(before, PERSON.email);
  await before.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(before).toHaveURL(/\/reports\/selection$/);
  await expect(before.getByText('You have no access to the surveys.', { exact: false })).toBeVisible();
  await before.close();

  await login(page, STAFF);
  await page.goto('/aipm/reports/access-surveys');
  await expect(page.getByRole('tab', { name: 'Survey access', selected: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('accessova');
  const cell = page.getByRole('checkbox', { name: `Salary fill for ${PERSON.name}` });
  await expect(cell).not.toBeChecked();
  await cell.check();
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeVisible();
  // Leaving now asks first.
  await page.getByRole('link', { name: 'Events calendar' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Access rights changed');
  await expect(cell).toBeChecked();

  // The reports' areas, in bulk: the employee selected, car reports given, then taken away again before saving.
  await page.getByRole('tab', { name: 'Report access' }).click();
  // The report areas' page is in (not the survey areas' one still on screen while it loads).
  await expect(page.getByRole('columnheader', { name: 'Car reports' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('accessova');
  await page.getByRole('checkbox', { name: `Select ${PERSON.name}` }).check();
  await page.getByRole('combobox', { name: 'Area' }).click();
  await page.getByRole('option', { name: 'Car reports' }).click();
  await page.getByRole('button', { name: 'Give', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: `Car reports for ${PERSON.name}` })).toBeChecked();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Access rights changed');

  const list = await request.post('/api/aipm/access/areas/list', {
    headers: await apiAuth(request, STAFF),
    data: { search: PERSON.email },
  });
  expect((await list.json()).rows[0].areas).toEqual(['salary.fill', 'car.reports']);

  // In Russian.
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Доступ к отчётам', selected: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Отчёты по автомобилям: ${PERSON.name}` })).toBeChecked();

  // The employee now may fill the surveys and read the car reports.
  const after = await browser.newPage();
  await login(after, PERSON.email);
  await after.goto('/reports/selection');
  await expect(after.getByRole('heading', { level: 2, name: 'Surveys to fill in' })).toBeVisible();
  await expect(after.getByText('You have no access to the surveys.', { exact: false })).toBeHidden();
  await expect(after.getByText('You may read: Car reports.')).toBeVisible();
  await after.close();
});
