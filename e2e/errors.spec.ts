import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  await expect(page.getByText('404')).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(errors).toEqual([]);
});

test('/not-found shows the same page, in Russian when chosen', async ({ page }) => {
  await page.goto('/not-found');
  await expect(page.getByText('404')).toBeVisible();
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(page.getByRole('link', { name: 'На главную' })).toBeVisible();
});

test('a language prefix of a legacy path sets the language', async ({ page }) => {
  await page.goto('/ru/login');
  await expect(page).toHaveURL('/login');
  await expect(page.getByLabel('Эл. почта')).toBeVisible();
});
