import { expect } from '@playwright/test';
import { login, test } from './fixtures.ts';

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

test('a logged-in person on an unknown path sees the 404 inside the portal, with the navigation and Log out', async ({ page }) => {
  await login(page, 'ceo@demo.test');
  await page.goto('/ceo/no-such-page');
  await expect(page).toHaveURL('/ceo/no-such-page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).not.toHaveURL(/no-such-page/);
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
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
