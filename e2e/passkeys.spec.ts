import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { type AppServer, startAppServer } from '../apps/server/test/cluster.ts';
import { expectToast, HOMES, login, test } from './fixtures.ts';
import { E2E_PORT } from './playwright.config.ts';

/**
 * Passkeys with Chromium's virtual authenticator (DevTools protocol, WebAuthn domain). WebAuthn refuses an IP address
 * as the relying party, and the journeys' server is http://127.0.0.1, so this journey runs its own app server (fresh
 * demo data, PGlite in a temporary directory) whose PUBLIC_URL is http://localhost: the relying party it names is the
 * origin the browser is on.
 */
const PORT = E2E_PORT + 7;
const ORIGIN = `http://localhost:${PORT}`;
let dataDir = '';
let server: AppServer | undefined;

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Made here, not when the file loads: the runner loads the file in more than one process.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-passkeys-'));
  // Staff must use a second factor here (the employee of the first journey need not).
  server = await startAppServer({ DATA_DIR: dataDir, SEED_DEMO: 'true', PUBLIC_URL: ORIGIN, REQUIRE_2FA_ROLES: 'staff' }, PORT);
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A platform authenticator that holds discoverable credentials and verifies the person at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

test('a person registers a passkey in the profile and signs in with it alone, in English and in Russian', async ({ page, context }) => {
  const authenticator = await addVirtualAuthenticator(page);
  await login(page, 'employee@demo.test');
  await page.goto('/profile');
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill('Chromium test key');
  await dialog.getByLabel('Current password').fill('Demo12345');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Passkey added.');
  const list = page.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Chromium test key');
  await expect(list).toContainText('last used never');
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);
  expect(credential?.rpId).toBe('localhost');

  // A second passkey on the same device is refused by the browser (the server's options exclude the first), and said so.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await dialog.getByLabel('Name').fill('Same device');
  await dialog.getByLabel('Current password').fill('Demo12345');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('This device already holds a passkey for your account');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // Signed out, the passkey alone signs in: no e-mail, no password.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(HOMES.employee);
  await page.goto('/profile');
  await expect(page.getByRole('list', { name: 'Passkeys' })).not.toContainText('last used never');

  // The same in Russian: the login page's button, and the profile's card.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await context.addCookies([{ name: 'locale', value: 'ru', url: ORIGIN }]);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Войти с ключом доступа' }).click();
  await expect(page).toHaveURL(HOMES.employee);
  await page.goto('/profile');
  const russian = page.getByRole('list', { name: 'Ключи доступа' });
  await expect(russian).toContainText('Chromium test key');
  await expect(russian).toContainText('последний вход');
  await expect(page.getByRole('button', { name: 'Добавить ключ доступа' })).toBeVisible();

  // Removed (after a question), the passkey signs nobody in.
  await page.getByRole('button', { name: 'Удалить ключ доступа Chromium test key' }).click();
  await page.getByRole('dialog', { name: 'Удалить ключ доступа?' }).getByRole('button', { name: 'Удалить' }).click();
  await expectToast(page, 'Ключ доступа удалён.');
  await expect(page.getByText('У вас пока нет ключей доступа.')).toBeVisible();
  await page.getByRole('button', { name: 'Выйти' }).click();
  await page.getByRole('button', { name: 'Войти с ключом доступа' }).click();
  await expect(page.getByText('Этот ключ доступа не зарегистрирован на портале.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('staff, whose role requires a second factor, sign in with the password to nothing but enrolling, and a passkey opens the portal', async ({
  page,
  context,
}) => {
  await addVirtualAuthenticator(page);
  await login(page, 'staff@demo.test');
  // The password alone opens only the ways to enrol: no profile to change, no sessions, no data to download.
  await expect(page).toHaveURL('/aipm/profile');
  await expect(page.getByText('Your role requires two-factor sign-in.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your personal data' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill('Office key');
  await dialog.getByLabel('Current password').fill('Demo12345');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Passkey added.');
  // Enrolled in this session, it opens everything.
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible();
  await page.goto(HOMES.staff);
  await expect(page.getByRole('table').first()).toBeVisible();

  // In Russian, the password alone again opens only the enrolling, and cannot add a factor of its own to an account
  // that has a passkey; the passkey opens the portal.
  await page.getByRole('button', { name: 'Log out' }).click();
  await context.addCookies([{ name: 'locale', value: 'ru', url: ORIGIN }]);
  await page.goto('/login');
  await page.getByLabel('Эл. почта').fill('staff@demo.test');
  await page.getByLabel('Пароль', { exact: true }).fill('Demo12345');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL('/aipm/profile');
  await expect(page.getByText('Для вашей роли нужен двухфакторный вход.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Где выполнен вход' })).toHaveCount(0);
  // The passkey is listed, but the password alone can neither rename nor remove it.
  await expect(page.getByRole('list', { name: 'Ключи доступа' })).toContainText('Office key');
  await expect(page.getByRole('button', { name: 'Удалить ключ доступа Office key' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Включить двухфакторный вход' }).click();
  await expect(page.getByText('У вас уже есть второй фактор (ключ доступа или приложение): войдите с ним, чтобы добавить другой.')).toBeVisible();
  await page.getByRole('button', { name: 'Выйти' }).click();
  await page.getByRole('button', { name: 'Войти с ключом доступа' }).click();
  await expect(page).toHaveURL(HOMES.staff);
});
