import { expect } from '@playwright/test';
import { lastMailTo, login, test } from './fixtures.ts';
import { E2E_URL } from './playwright.config.ts';

const EMAIL = 'reset.journey@demo.test';

test('a password is reset through the e-mailed link, which works once', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/reset-password');
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Check your e-mail')).toBeVisible();

  const mail = await lastMailTo(EMAIL, /reset-password\?code=/);
  const link = mail.match(new RegExp(`${E2E_URL}/reset-password\\?code=[\\w-]+`))?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await page.getByLabel('New password').fill('Changed123');
  await page.getByLabel('Confirm the password').fill('Changed124');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm the password').fill('Changed123');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password has been set')).toBeVisible();

  await page.goto(link ?? '');
  await expect(page.getByText('The link you followed is invalid or has expired.')).toBeVisible();

  await login(page, EMAIL, 'Changed123');
  await expect(page).toHaveURL('/home');
});
