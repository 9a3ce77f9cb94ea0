import fs from 'node:fs';
import { expect } from '@playwright/test';
import { samplePdf } from '../apps/server/test/pdf-files.ts';
import { login, test } from './fixtures.ts';

test('admin publishes a document for general managers; a general manager downloads it and an employee never sees it', async ({ page, browser }) => {
  const pdf = await samplePdf('Remuneration policy for general managers');
  await login(page, 'admin@demo.test');
  await page.getByRole('link', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/admin\/documents$/);
  await page.getByRole('button', { name: 'Publish a document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish a document' });
  await dialog.getByLabel('Title in English').fill('Remuneration policy');
  await dialog.getByLabel('Title in Russian').fill('Политика вознаграждения');
  for (const role of ['Employee', 'Authorised person']) await dialog.getByLabel(role).uncheck();
  await dialog.getByLabel('General manager').uncheck();
  await dialog.getByLabel('PDF file, at most 10 MB').setInputFiles({ name: 'Remuneration policy.pdf', mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByRole('button', { name: 'Publish a document' }).click();
  await expect(dialog.getByText('Choose who the document is meant for.')).toBeVisible();
  await dialog.getByLabel('General manager').check();
  await dialog.getByRole('button', { name: 'Publish a document' }).click();
  await expect(page.getByText('Document “Remuneration policy” saved')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Remuneration policy' })).toContainText('General manager');

  const ceo = await browser.newContext();
  const ceoPage = await ceo.newPage();
  await login(ceoPage, 'ceo@demo.test');
  await ceoPage.getByRole('link', { name: 'Documents' }).click();
  await expect(ceoPage).toHaveURL(/\/ceo\/documents$/);
  const downloading = ceoPage.waitForEvent('download');
  await ceoPage.getByRole('button', { name: 'Download “Remuneration policy”' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Remuneration policy.pdf');
  expect(fs.readFileSync((await download.path()) ?? '').equals(pdf)).toBe(true);
  await ceo.close();

  const employee = await browser.newContext();
  const employeePage = await employee.newPage();
  await login(employeePage, 'employee@demo.test');
  await employeePage.getByRole('link', { name: 'Documents' }).click();
  await expect(employeePage.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expect(employeePage.getByText('Remuneration policy')).toHaveCount(0);
  await employee.close();
});
