import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './playwright.config.ts';

export const PASSWORD = 'Demo12345';
export const MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');

/** A company only the deactivation journey switches off. */
export const E2E_FIXTURE_COMPANY = { name: 'Switch-off Pharma', domain: 'switchoff.test' };

/** People only the journeys use, one per journey that changes an account; `company: 'fixture'` puts them in the company above. */
export const E2E_FIXTURE_USERS = [
  { email: 'reset.journey@demo.test', name: 'Rita', surname: 'Resetova', role: 'employee' as const, company: 'demo' as const },
  { email: 'olga@switchoff.test', name: 'Olga', surname: 'Offova', role: 'employee' as const, company: 'fixture' as const },
];

export const HOMES = {
  employee: '/voting/list',
  trusted: '/trusted/voting/list',
  ceo: '/ceo/voting/list',
  staff: '/aipm/employees/companies',
  admin: '/admin/index',
} as const;

/** Logs in through the form and waits until the portal has let the user in. */
export async function login(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The newest .eml written to `to` (and containing `contains`, when given), decoded (quoted-printable soft breaks and escapes removed). */
export async function lastMailTo(to: string, contains?: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(MAIL_DIR)) return false;
        const files = fs.readdirSync(MAIL_DIR).sort().reverse();
        for (const file of files) {
          const text = decodeQuotedPrintable(fs.readFileSync(path.join(MAIL_DIR, file), 'utf8'));
          if (new RegExp(`^To: ${to}$`, 'mi').test(text) && (!contains || contains.test(text))) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found ?? '';
}

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
