import { expect } from '@playwright/test';
import { expectToast, lastMailTo, login, test } from './fixtures.ts';

const SASHA = 'sasha.sessionova@demo.test';

test('a person sees where they are signed in, ends another browser’s session, and that browser is sent to login on its next click', async ({
  page,
  browser,
}, testInfo) => {
  // The other browser: a context of its own (no cookies, no storage), signed in first.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const phone = await other.newPage();
  await login(phone, SASHA);
  await expect(phone).toHaveURL('/home');

  await login(page, SASHA);
  // This browser is new to the account: the person is told by e-mail, with what to do if it was not them.
  const mail = await lastMailTo(SASHA, /New sign-in to your AIPM portal account/);
  expect(mail).toMatch(/Chrome \d+ on \w+, address 127\.0\.0\.1, /);
  expect(mail).toContain('/profile');

  await page.goto('/profile');
  const list = page.getByRole('list', { name: 'Where you are signed in' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const here = list.getByRole('listitem').filter({ hasText: 'This browser' });
  await expect(here).toContainText(/Chrome \d+ on \w+/);
  await expect(here.getByRole('button')).toHaveCount(0);

  await list.getByRole('button', { name: /^End session: Chrome \d+ on \w+$/ }).click();
  // The password again: a wrong one is said so and ends nothing.
  const dialog = page.getByRole('dialog', { name: /^End session: Chrome \d+ on \w+$/ });
  await dialog.getByLabel('Current password').fill('Wrong12345');
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expect(dialog.getByText('The current password is incorrect.')).toBeVisible();
  await dialog.getByLabel('Current password').fill('Demo12345');
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expectToast(page, 'Session ended.');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'End all other sessions' })).toBeHidden();

  // The ended browser learns it on its next click and lands on login.
  await phone.getByRole('link', { name: 'Profile' }).first().click();
  await expect(phone).toHaveURL(/\/login/);
  await other.close();
});

test('the list of sessions reads in Russian, and ending every other session leaves this one', async ({ page, browser }, testInfo) => {
  const others = await Promise.all(
    [0, 1].map(async () => {
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      const other = await context.newPage();
      await login(other, SASHA);
      return { context, page: other };
    }),
  );
  await login(page, SASHA);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  const list = page.getByRole('list', { name: 'Где выполнен вход' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Этот браузер' })).toHaveCount(1);
  expect(await list.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
  await page.getByRole('button', { name: 'Завершить все другие сеансы' }).click();
  const dialog = page.getByRole('dialog', { name: 'Завершить все другие сеансы' });
  await dialog.getByLabel('Текущий пароль').fill('Demo12345');
  await dialog.getByRole('button', { name: 'Завершить все другие сеансы' }).click();
  await expectToast(page, 'Все другие сеансы завершены.');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  for (const other of others) {
    await other.page.reload();
    await expect(other.page).toHaveURL(/\/login/);
    await other.context.close();
  }
  await page.getByRole('button', { name: 'EN', exact: true }).click();
});
