import fs from 'node:fs';
import { expect } from '@playwright/test';
import { login, test } from './fixtures.ts';

test('a person downloads everything the portal holds about them from their profile', async ({ page }) => {
  await login(page, 'employee@demo.test');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your personal data' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^aipm-personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = fs.readFileSync((await download.path()) ?? '');
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  for (const name of ['personal-data.json', 'personal-data.pdf']) expect(zip.includes(Buffer.from(name))).toBe(true);
});
