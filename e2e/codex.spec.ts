import { expect } from '@playwright/test';
import { login, test } from './fixtures.ts';

test('staff write the code of practice in both languages; a member reads it, and in Russian once the language is switched', async ({
  page,
  browser,
}) => {
  await login(page, 'staff@demo.test');
  await page.getByRole('link', { name: 'Code of practice' }).click();
  await expect(page).toHaveURL(/\/aipm\/codex$/);
  await page.getByRole('button', { name: 'Edit the text' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit the code of practice' });
  await dialog.getByLabel('Text in English').fill('## Fair promotion\n\nMembers promote medicines truthfully.');
  await dialog.getByLabel('Text in Russian').fill('## Честное продвижение\n\nУчастники продвигают лекарства правдиво.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Code of practice saved')).toBeVisible();

  const context = await browser.newContext();
  const member = await context.newPage();
  await login(member, 'kira.kodexova@demo.test');
  await member.getByRole('link', { name: 'Code of practice' }).click();
  await expect(member.getByRole('heading', { name: 'Fair promotion', level: 2 })).toBeVisible();
  await expect(member.getByText('Members promote medicines truthfully.')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Edit the text' })).toHaveCount(0);
  await member.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(member.getByRole('heading', { name: 'Кодекс', level: 1 })).toBeVisible();
  await expect(member.getByRole('heading', { name: 'Честное продвижение', level: 2 })).toBeVisible();
  await expect(member.getByText('Участники продвигают лекарства правдиво.')).toBeVisible();
  await context.close();
});
