import { expect } from '@playwright/test';
import { expectAccessible, expectToast, lastMailTo, login, test } from './fixtures.ts';

const ERIK = 'erik.erasov@demo.test';
const OLGA = 'olga.otkazova@demo.test';

test('a person asks to be erased from their profile, staff erase them from the queue, and their browser is sent to login', async ({
  page,
  browser,
}, testInfo) => {
  const own = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const erik = await own.newPage();
  await login(erik, ERIK);
  await erik.goto('/profile');
  await erik.getByRole('button', { name: 'Ask for erasure' }).click();
  const confirm = erik.getByRole('dialog', { name: 'Erase your personal data?' });
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Ask for erasure' }).click();
  await expectToast(erik, 'Your request was sent. The association will answer soon.');
  await expect(erik.getByText(/You asked for erasure on .+\. The association's staff will confirm or refuse your request\./)).toBeVisible();
  await expect(erik.getByRole('button', { name: 'Withdraw my request' })).toBeVisible();

  await login(page, 'staff@demo.test');
  await page.goto('/aipm/applications');
  await page.getByRole('tab', { name: 'Erasure requests' }).click();
  await expect(page).toHaveURL('/aipm/applications?queue=erasure');
  const table = page.getByRole('table', { name: 'Erasure requests' });
  const row = table.getByRole('row').filter({ hasText: ERIK });
  await expect(row).toContainText('Erik Erasov');
  await expect(row).toContainText('Waiting');
  // The erasure queue is a tab of a page in the staff's navigation, so the navigation's axe pass does not reach it.
  await expectAccessible(page, 'the erasure queue');
  await row.getByRole('button', { name: 'Erase Erik Erasov' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase the personal data of Erik Erasov?' });
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expectToast(page, 'The personal data of Erik Erasov was erased');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Erased' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Erased person #' })).toContainText(/erased-\d+@erased\.invalid/);
  await expect(table).not.toContainText('Erasov');

  // The erased person's browser learns it on its next click.
  await erik.getByRole('link', { name: 'Home' }).first().click();
  await expect(erik).toHaveURL(/\/login/);
  await own.close();
});

test('a refusal reads in Russian in the profile and comes by e-mail with its reason', async ({ page, browser }, testInfo) => {
  const own = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const olga = await own.newPage();
  await login(olga, OLGA);
  await olga.goto('/profile');
  await olga.getByRole('button', { name: 'Попросить об удалении' }).click();
  await olga.getByRole('dialog').getByRole('button', { name: 'Попросить об удалении' }).click();
  await expectToast(olga, 'Запрос отправлен. Ассоциация скоро ответит.');

  await login(page, 'staff@demo.test');
  await page.goto('/aipm/applications?queue=erasure');
  await page.getByRole('button', { name: 'Refuse the request of Olga Otkazova' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refuse the request of Olga Otkazova' });
  await dialog.getByRole('button', { name: 'Refuse' }).click();
  await expect(dialog.getByText('You must enter a value.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Your committee votes are under audit until March.');
  await dialog.getByRole('button', { name: 'Refuse' }).click();
  await expectToast(page, 'The request of Olga Otkazova was refused');

  const mail = await lastMailTo(OLGA, /В удалении ваших персональных данных отказано/);
  expect(mail).toContain('Your committee votes are under audit until March.');
  await olga.reload();
  await expect(olga.getByText(/Ваш запрос от .+ отклонён: Your committee votes are under audit until March\./)).toBeVisible();
  await expect(olga.getByRole('button', { name: 'Попросить об удалении' })).toBeVisible();
  await own.close();
});
