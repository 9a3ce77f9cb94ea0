import { expect } from '@playwright/test';
import { samplePdf } from '../apps/server/test/pdf-files.ts';
import { login, test } from './fixtures.ts';

test('staff add a question in both languages and publish the user instruction; a member reads them in English and Russian', async ({
  page,
  browser,
}) => {
  await login(page, 'staff@demo.test');
  await page.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/aipm\/help$/);
  await page.getByRole('button', { name: 'Add a question' }).click();
  const dialog = page.getByRole('dialog', { name: 'A new question' });
  await dialog.getByLabel('Question in English').fill('How do I vote from my phone?');
  await dialog.getByLabel('Answer in English').fill('Scan the QR code.\nThen ask for a code by e-mail.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Both languages are required.
  await expect(dialog.getByText('You must enter a value.')).toHaveCount(2);
  await dialog.getByLabel('Question in Russian').fill('Как проголосовать с телефона?');
  await dialog.getByLabel('Answer in Russian').fill('Отсканируйте QR-код.\nЗатем запросите код по почте.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Question saved')).toBeVisible();
  await page.getByLabel('Publish the instruction (PDF)').setInputFiles({
    name: 'User instruction.pdf',
    mimeType: 'application/pdf',
    buffer: await samplePdf('How to use the portal'),
  });
  await expect(page.getByText('User instruction published')).toBeVisible();

  const context = await browser.newContext();
  const member = await context.newPage();
  await login(member, 'hanna.helpova@demo.test');
  await member.getByRole('link', { name: 'Help' }).click();
  await member.getByRole('button', { name: 'How do I vote from my phone?' }).click();
  await expect(member.getByText('Then ask for a code by e-mail.')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Add a question' })).toHaveCount(0);
  await expect(member.getByRole('region', { name: 'Contacts of the association' })).toContainText('staff@demo.test');
  const opening = context.waitForEvent('page');
  await member.getByRole('button', { name: 'Open the user instruction' }).click();
  await expect.poll(async () => (await opening).url()).toMatch(/^blob:/);
  await member.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(member.getByRole('heading', { name: 'Справка', level: 1 })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Как проголосовать с телефона?' })).toBeVisible();
  await context.close();
});
