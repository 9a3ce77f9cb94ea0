import fs from 'node:fs';
import { expect } from '@playwright/test';
import { samplePdf } from '../apps/server/test/pdf-files.ts';
import { login, test } from './fixtures.ts';

const NAME = 'AIPM media digest, journey issue.pdf';

test('admin uploads an issue of the media digest; an employee finds it, opens it and downloads it under its own name', async ({ page, browser }) => {
  const pdf = await samplePdf('The journey issue of the media digest');
  await login(page, 'admin@demo.test');
  await page.goto('/admin/digest');
  await expect(page.getByRole('heading', { name: 'Media digest', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Upload an issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a media digest issue' });
  // A text file renamed .pdf is refused, with the reason on the file.
  await dialog
    .getByLabel('PDF file, at most 10 MB')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Just some notes') });
  await dialog.getByRole('button', { name: 'Upload an issue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a PDF file: this file is not a whole PDF document.');
  await dialog.getByLabel('PDF file, at most 10 MB').setInputFiles({ name: NAME, mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByRole('button', { name: 'Upload an issue' }).click();
  await expect(page.getByText(`Digest “${NAME}” uploaded`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: NAME, exact: true })).toBeVisible();

  const context = await browser.newContext();
  const member = await context.newPage();
  await login(member, 'dmitry.digestov@demo.test');
  await member.getByRole('link', { name: 'Media digest' }).click();
  await expect(member).toHaveURL(/\/digest$/);
  await member.getByLabel('Search').fill('journey');
  await expect(member.getByRole('cell', { name: NAME, exact: true })).toBeVisible();
  // Members read; only admin publishes.
  await expect(member.getByRole('button', { name: 'Upload an issue' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: `Delete “${NAME}”` })).toHaveCount(0);

  const downloading = member.waitForEvent('download');
  await member.getByRole('button', { name: `Download “${NAME}”` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(NAME);
  expect(fs.readFileSync((await download.path()) ?? '').equals(pdf)).toBe(true);

  const opening = context.waitForEvent('page');
  await member.getByRole('button', { name: `Open “${NAME}”` }).click();
  const tab = await opening;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);

  await member.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(member.getByRole('heading', { name: 'Медиадайджест', level: 1 })).toBeVisible();
  await expect(member.getByRole('columnheader', { name: 'Имя файла' })).toBeVisible();
  await context.close();
});
