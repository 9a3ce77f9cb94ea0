import fs from 'node:fs';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAuth, fillDate, login, test } from './fixtures.ts';

test('staff filter the history by author and area, and download what they see as Excel', async ({ page, request }) => {
  const company = await request.post('/api/admin/company/add', {
    headers: await apiAuth(request, 'admin@demo.test'),
    data: { name: 'History Journey Pharma', domain: 'history-journey.test', status: 'confirmed' },
  });
  expect(company.ok(), await company.text()).toBe(true);

  await login(page, 'staff@demo.test');
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/aipm\/history$/);
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await page.getByLabel('Author').click();
  await page.getByRole('option', { name: 'Anna Adminova' }).click();
  await page.getByLabel('Area').click();
  await page.getByRole('option', { name: 'People and companies' }).click();
  const table = page.getByRole('table', { name: 'Every change across the portal' });
  const row = table.getByRole('row').filter({ hasText: 'History Journey Pharma' });
  await expect(row).toContainText('Company added');
  await expect(row).toContainText('Anna Adminova');
  // Only the admin's changes of people and companies are listed.
  for (const author of await table.getByRole('row').locator('td:nth-child(2)').allTextContents()) expect(author).toBe('Anna Adminova');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^history-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync((await download.path()) ?? '') as unknown as ArrayBuffer);
  const rows = (book.worksheets[0]?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
  expect(rows[0]).toEqual(expect.arrayContaining(['Area', 'Author', 'Action', 'Object']));
  expect(rows.slice(1).every((r) => r.includes('Anna Adminova') && r.includes('People and companies'))).toBe(true);
  expect(rows.some((r) => r.includes('History Journey Pharma') && r.includes('Company added'))).toBe(true);
});

test('in Russian the date filters show and take days as dd.MM.yyyy, and their calendar is Russian', async ({ page }) => {
  await login(page, 'irina.istorikova@demo.test');
  await page.goto('/aipm/history');
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'История', level: 1 })).toBeVisible();
  const from = page.getByRole('group', { name: 'С', exact: true });
  await from.click();
  await expect(from).toContainText('ДД.ММ.ГГГГ');

  // The browser's zone is UTC here, so today's day is the same for the page and the server.
  const today = new Date();
  const day = today.toISOString().slice(0, 10);
  const [y, m, d] = day.split('-');
  const filtered = page.waitForRequest((r) => new URL(r.url()).searchParams.get('from') === day);
  await fillDate(from, day);
  await filtered;
  await expect(from).toContainText(`${d}.${m}.${y}`);

  await from.getByRole('button', { name: /^Выберите дату/ }).click();
  const month = new Intl.DateTimeFormat('ru', { month: 'long', timeZone: 'UTC' }).format(today);
  await expect(page.getByRole('dialog')).toContainText(`${month} ${y}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('admin reads a refused passkey sign-in in the security log, its reason in words, in English and in Russian', async ({ page, request }) => {
  // Someone answers the challenge with a passkey the portal does not know.
  const { challenge } = await (await request.post('/api/login/passkeyStart')).json();
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: 'http://127.0.0.1' })).toString('base64url');
  const refused = await request.post('/api/login/passkey', {
    data: {
      response: {
        id: 'ZTJlLXVua25vd24',
        rawId: 'ZTJlLXVua25vd24',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' },
      },
    },
  });
  expect((await refused.json()).code).toBe('PASSKEY_UNKNOWN');

  await login(page, 'sergei.securov@demo.test');
  await page.goto('/admin/history');
  await page.getByLabel('Area').click();
  await page.getByRole('option', { name: 'Sign-ins and accounts (security log)' }).click();
  const table = page.getByRole('table', { name: 'Every change across the portal' });
  const row = table.getByRole('row').filter({ hasText: 'Passkey sign-in refused' }).first();
  await expect(row).toContainText('A passkey the portal does not know');
  // The table's name changes with the language: found again by its rows.
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  const russian = page.getByRole('row').filter({ hasText: 'Вход с ключом доступа отклонён' }).first();
  await expect(russian).toContainText('Ключ доступа, неизвестный порталу');
});
