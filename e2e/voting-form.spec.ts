import { expect } from '@playwright/test';
import { lastMailTo, startedVoting, test } from './fixtures.ts';
import { E2E_URL } from './playwright.config.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('the Russian public form shows Russian messages and never a blank page', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const { slug } = await startedVoting(request);
  await page.goto(`/voting-form/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Выбор председателя' })).toBeVisible();
  await page.getByLabel('Эл. почта').fill('nobody@demo.test');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByRole('alert')).toContainText('Эта эл. почта не может голосовать в этом голосовании');

  await page.context().addCookies([{ name: 'locale', value: 'ru', url: E2E_URL }]);
  await page.goto('/voting-form/no-such-voting');
  await expect(page.getByRole('alert')).toContainText('Голосование не существует');
  expect(errors).toEqual([]);
});

test('a voter answers on a phone with a one-time code from the e-mail and gets a receipt', async ({ page, request }) => {
  const { slug } = await startedVoting(request, {
    language: 'en',
    title: 'Committee chair',
    question: 'Who should chair the committee?',
    options: [
      { seq: 1, name: 'Anna' },
      { seq: 2, name: 'Boris' },
    ],
  });
  await page.goto(`/voting-form/${slug}`);
  await page.getByLabel('E-mail').fill('trusted@demo.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Confirmation code' })).toBeVisible();
  const mail = await lastMailTo('trusted@demo.test', /code/i);
  const code = mail.match(/Subject: .*?(\d{6})/)?.[1];
  expect(code).toBeTruthy();
  await page.getByLabel('6-digit code').fill(code ?? '');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: 'Boris' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Your response is final. Send it?')).toBeVisible();
  await page.getByRole('button', { name: 'Send response' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! Your response has been received.' })).toBeVisible();
  await expect(page.getByText('Boris')).toHaveCount(0);
});
