import { expect } from '@playwright/test';
import { lastMailTo, test } from './fixtures.ts';

test("the signup form shows the spec's messages for a bad e-mail and a missing consent", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/signup');
  await page.getByLabel('Company').fill('Acme Pharma');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ivan');
  await page.getByLabel('Surname').fill('Petrov');
  await page.getByLabel('Position').fill('Medical Director');
  await page.getByLabel('Phone').fill('+7 495 123-45-67');
  await page.getByLabel('E-mail').fill('ivan@');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Please enter a valid e-mail.')).toBeVisible();
  await expect(page.getByText('You must agree to the processing of personal data.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the consent links the personal data policy the configuration names, and it opens as a PDF', async ({ page, request }) => {
  await page.goto('/signup');
  const policy = page.getByRole('link', { name: 'processing of my personal data' });
  await expect(policy).toHaveAttribute('href', '/docs/personal-data-policy.pdf');
  const file = await request.get('/docs/personal-data-policy.pdf');
  expect(file.headers()['content-type']).toBe('application/pdf');
});

test('an applicant sends a request and is told what happens next', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await page.getByLabel('Компания').fill('Acme Pharma');
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Ivan');
  await page.getByLabel('Фамилия').fill('Petrov');
  await page.getByLabel('Должность').fill('Медицинский директор');
  await page.getByLabel('Телефон').fill('+7 495 123-45-67');
  await page.getByLabel('Эл. почта').fill('ivan.petrov@acme.test');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Отправить запрос' }).click();
  await expect(page.getByText('Используйте только латинские символы.')).toBeVisible();
  await page.getByLabel('Должность').fill('Medical Director');
  await page.getByRole('button', { name: 'Отправить запрос' }).click();
  await expect(page.getByText('Ваш запрос отправлен')).toBeVisible();
  const mail = await lastMailTo('ivan.petrov@acme.test');
  expect(mail).toContain('Subject:');
});
