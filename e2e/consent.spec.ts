import { expect } from '@playwright/test';
import { E2E_CONSENT_USER, E2E_POLICY_VERSION, expectToast, login, test } from './fixtures.ts';

test('a person who accepted an older personal data policy is asked to accept the new one before anything else, once', async ({ page }) => {
  await login(page, E2E_CONSENT_USER);
  const prompt = page.getByRole('dialog', { name: 'Please accept the personal data policy' });
  await expect(prompt).toContainText(`(version ${E2E_POLICY_VERSION})`);
  await expect(prompt.getByRole('link', { name: 'Read the personal data processing policy' })).toHaveAttribute('href', /personal-data-policy\.pdf$/);
  // It cannot be waved away: Escape leaves it open.
  await page.keyboard.press('Escape');
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'I accept the policy' }).click();
  await expectToast(page, 'Thank you: your acceptance is recorded.');
  await expect(prompt).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
