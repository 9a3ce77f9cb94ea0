import { expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiAuth, expectToast, HOMES, lastMailTo, login, PASSWORD, test } from './fixtures.ts';

const TANYA = 'tanya.totpova@demo.test';

/** The code an authenticator app would show `aheadMs` from now, for the key the page showed. */
const codeFor = (key: string, aheadMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + aheadMs,
  });

test('an admin turns on two-factor sign-in from the QR page, signs in again with a code, and turns it off with a recovery code', async ({ page }) => {
  await login(page, TANYA);
  await page.goto('/admin/profile');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await page.getByTestId('two-factor-key').textContent()) ?? '';
  expect(key.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByText('The code is incorrect or has already been used.')).toBeVisible();
  await page.getByLabel('Code').fill(codeFor(key));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expectToast(page, 'Two-factor sign-in is on.');

  const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.nth(0).textContent()) ?? '';
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the codes' }).click();
  expect((await download).suggestedFilename()).toBe('aipm-recovery-codes.txt');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Recovery codes left: 10.')).toBeVisible();
  expect(await lastMailTo(TANYA, /Two-factor sign-in is on for your AIPM portal account/)).toContain('/reset-password');

  // Signing in again: the password, then a code (the app's next one: this one was just spent).
  await page.getByRole('button', { name: 'Log out' }).click();
  // The login page, drawn (the profile's own E-mail field may linger a moment after the address changed).
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(TANYA);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is incorrect or has already been used.')).toBeVisible();
  await page.getByLabel('Code').fill(codeFor(key, 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(HOMES.admin);

  // Off again: the password and a recovery code.
  await page.goto('/admin/profile');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Code').fill(recovery);
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expectToast(page, 'Two-factor sign-in is off.');
  await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();

  // The security log, admin's own area of the history, tells it all, with each entry's address.
  await page.goto('/admin/history');
  await page.getByLabel('Area').click();
  await page.getByRole('option', { name: 'Sign-ins and accounts (security log)' }).click();
  const log = page.getByRole('table', { name: 'Every change across the portal' });
  const mine = log.getByRole('row').filter({ hasText: 'Totpova Tanya' });
  for (const action of ['Two-factor sign-in turned on', 'Signed in', 'Two-factor sign-in turned off', 'Wrong second-factor code']) {
    await expect(mine.filter({ hasText: action }).first()).toBeVisible();
  }
  await expect(mine.first()).toContainText('Address 127.0.0.1');
  // One event alone: the wrong codes.
  await page.getByLabel('Event').click();
  await page.getByRole('option', { name: 'Wrong second-factor code' }).click();
  await expect(mine.filter({ hasText: 'Wrong second-factor code' }).first()).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'Two-factor sign-in turned on' })).toHaveCount(0);
});

test('admin turns off the second factor of a person who lost their phone: the password alone signs them in again, and they are told', async ({
  page,
  request,
}) => {
  const LEV = 'lev.lostov@demo.test';
  // Lev turns two-factor sign-in on (through the API, as the profile does).
  const headers = await apiAuth(request, LEV);
  const started = await (await request.post('/api/user/twoFactor/start', { headers })).json();
  expect((await request.post('/api/user/twoFactor/confirm', { headers, form: { code: codeFor(started.secret) } })).ok()).toBe(true);
  const signIn = async () => (await request.post('/api/login', { data: { email: LEV, password: PASSWORD } })).json();
  expect(await signIn()).toMatchObject({ twoFactorRequired: true });

  await login(page, 'admin@demo.test');
  await page.goto('/admin/employees/emp');
  await page.getByLabel('Search').fill('Lostov');
  await page.getByRole('button', { name: 'Turn off the second factor of Lev Lostov' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off the second factor of Lev Lostov?' });
  await expect(dialog).toContainText('their authenticator app and every passkey stop working');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expectToast(page, 'The second factor of Lev Lostov is off');
  expect(await signIn()).toHaveProperty('token');
  expect(await lastMailTo(LEV, /Two-factor sign-in is off for your AIPM portal account/)).toContain('change your password at once');

  // Nothing left to turn off: said so.
  await page.getByRole('button', { name: 'Turn off the second factor of Lev Lostov' }).click();
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expectToast(page, 'Error while trying to turn off the second factor', 'Two-factor sign-in is not on.');
});
