import { expect } from '@playwright/test';
import { login, test } from './fixtures.ts';

test('a Russian choice survives a reload and is kept after login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(page.getByLabel('Эл. почта')).toBeVisible();
  await expect(page.getByLabel('Пароль', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Эл. почта')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

  await page.getByLabel('Эл. почта').fill('trusted@demo.test');
  await page.getByLabel('Пароль', { exact: true }).fill('Demo12345');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL('/trusted/home');
  await page.getByRole('link', { name: 'Профиль' }).click();
  await expect(page.getByRole('heading', { name: 'Профиль' })).toBeVisible();
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
});

test('the language saved for a user comes back at the next login in a new browser', async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await login(page, 'staff@demo.test');
  await page.goto('/aipm/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Профиль' })).toBeVisible();
  await first.close();

  const second = await browser.newContext();
  const fresh = await second.newPage();
  await login(fresh, 'staff@demo.test');
  await expect(fresh.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await fresh.goto('/aipm/profile');
  await expect(fresh.getByRole('heading', { name: 'Профиль' })).toBeVisible();
  await fresh.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(fresh.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await second.close();
});
