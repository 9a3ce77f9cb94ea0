import { expect } from '@playwright/test';
import { HOMES, login, test } from './fixtures.ts';

for (const [role, home] of Object.entries(HOMES)) {
  test(`${role} logs in, lands on their home, and logs out`, async ({ page }) => {
    await login(page, `${role}@demo.test`);
    await expect(page).toHaveURL(home);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(home);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto(home);
    await expect(page).toHaveURL(/\/login/);
  });
}

test('a wrong password shows the spec message and a guest returns to the page asked for after login', async ({ page }) => {
  await page.goto('/ceo/profile');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('E-mail').fill('ceo@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Wrong12345');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Incorrect login or password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Demo12345');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/ceo/profile');
});

test("a user who opens another role's area is told they have no access", async ({ page }) => {
  await login(page, 'employee@demo.test');
  await expect(page).toHaveURL(HOMES.employee);
  await page.goto('/admin/profile');
  await expect(page).toHaveURL('/forbidden');
  await expect(page.getByText("Sorry, you can't have access to this page")).toBeVisible();
});

test('the login page arrives drawn, in the browser’s language, and what is typed before the app has loaded is kept', async ({ page, request }) => {
  const html = await (await request.get('/login', { headers: { 'accept-language': 'ru' } })).text();
  expect(html).toContain('<html lang="ru">');
  expect(html).toMatch(/<label[^>]*>Пароль/);
  // The app's code (its entry chunk, main-….js) is held back a second, so the person types and presses Enter on the
  // drawn page first.
  let held = 0;
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('E-mail').pressSequentially('employee@demo.test');
  await page.getByLabel('Password', { exact: true }).pressSequentially('Demo12345');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/home');
  expect(held).toBeGreaterThan(0);
});
