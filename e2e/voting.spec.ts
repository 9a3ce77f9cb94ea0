import { expect } from '@playwright/test';
import { fillNewVoting, lastMailTo, login, test } from './fixtures.ts';

test('staff run a voting: a voter answers from the public link on a phone, staff see it live, stop and publish, the employee sees the results', async ({
  page,
  browser,
}) => {
  await login(page, 'staff@demo.test');
  await fillNewVoting(page, {
    title: 'Annual meeting: chair',
    question: 'Who should chair the annual meeting?',
    startsIn: 5,
    endsIn: 120,
    options: ['Anna Alexeeva', 'Boris Belov', 'Vera Volkova'],
  });
  // Reorder by dragging the third option onto the first.
  const handles = page.getByTitle(/^Drag to reorder/);
  await handles.nth(2).dragTo(page.getByLabel('Option 1 name'));
  await expect(page.getByLabel('Option 1 name')).toHaveValue('Vera Volkova');
  await expect(page.getByLabel('Option 3 sequence number')).toHaveValue('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/aipm\/voting\/results\/\d+$/);
  await page.getByRole('button', { name: 'Start' }).click();
  const link = page.getByTestId('voting-public-link');
  await expect(link).toContainText('/voting-form/');
  // The start notices are followed on the page as they leave the outbox.
  await expect(page.getByTestId('voting-notices')).toContainText(/Notices and reminders: \d+ sent, 0 queued, 0 failed/, { timeout: 15_000 });
  const publicUrl = (await link.textContent()) ?? '';

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const voter = await phone.newPage();
  await voter.goto(publicUrl);
  await expect(voter.getByRole('heading', { level: 1, name: 'Annual meeting: chair' })).toBeVisible();
  await voter.getByLabel('E-mail').fill('employee@demo.test');
  await voter.getByRole('button', { name: 'Continue' }).click();
  const mail = await lastMailTo('employee@demo.test', /Your voting code/);
  const code = mail.match(/Subject: Your voting code: (\d{6})/)?.[1] ?? '';
  await voter.getByLabel('6-digit code').fill(code);
  await voter.getByRole('button', { name: 'Continue' }).click();
  await voter.getByRole('radio', { name: 'Boris Belov' }).check();
  await voter.getByRole('button', { name: 'Continue' }).click();
  await voter.getByRole('button', { name: 'Send response' }).click();
  await expect(voter.getByRole('heading', { name: 'Thank you! Your response has been received.' })).toBeVisible();
  await phone.close();

  // The results page refreshes by itself while the voting runs.
  await expect(page.getByText('employee@demo.test')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('button', { name: 'Publish results' }).click();
  await expect(page.getByRole('button', { name: 'Withdraw results' })).toBeVisible();

  const employee = await (await browser.newContext()).newPage();
  await login(employee, 'employee@demo.test');
  await employee.goto('/voting/results');
  await expect(employee.getByText('Annual meeting: chair')).toBeVisible();
  await expect(employee.getByText('Boris Belov')).toBeVisible();
});
