import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAuth, E2E_FIXTURE_USERS, expectToast, lastMailTo, login, test } from './fixtures.ts';
import { E2E_URL } from './playwright.config.ts';

test('an applicant signs up, staff approve, and the applicant sets a password from the e-mail and logs in', async ({ page, browser }) => {
  await page.goto('/signup');
  await page.getByLabel('Company').fill('Gamma Therapeutics');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Galina');
  await page.getByLabel('Surname').fill('Gammova');
  await page.getByLabel('Position').fill('Market Access Lead');
  await page.getByLabel('Phone').fill('+7 495 222-33-44');
  await page.getByLabel('E-mail').fill('galina@gamma.test');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Your request has been sent')).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await login(staff, 'staff@demo.test');
  await staff.getByRole('link', { name: /Applications/ }).click();
  await staff.getByRole('button', { name: 'Approve Galina Gammova' }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'New company' }).check();
  await dialog.getByLabel('New company name').fill('Gamma Therapeutics');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByRole('button', { name: 'Approve Galina Gammova' })).toHaveCount(0);

  const mail = await lastMailTo('galina@gamma.test', /reset-password\?code=/);
  const link = mail.match(new RegExp(`${E2E_URL}/reset-password\\?code=[\\w-]+`))?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await expect(page.getByText('Set your password')).toBeVisible();
  await page.getByLabel('New password').fill('Gamma2026');
  await page.getByLabel('Confirm the password').fill('Gamma2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password has been set')).toBeVisible();
  await login(page, 'galina@gamma.test', 'Gamma2026');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('an admin switches a company off and its user is logged out on the next click', async ({ page, browser }) => {
  const member = await (await browser.newContext()).newPage();
  await login(member, 'olga@switchoff.test');
  await expect(member.getByRole('button', { name: 'Log out' })).toBeVisible();

  await login(page, 'admin@demo.test');
  await page.goto('/admin/employees/companies');
  await page.getByLabel('Search').fill('Switch-off');
  await page.getByRole('button', { name: 'Deactivate Switch-off Pharma' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('sessions');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('button', { name: 'Activate Switch-off Pharma' })).toBeVisible();

  await member.getByRole('link', { name: 'Profile' }).click();
  await expect(member).toHaveURL(/\/login/);
});

test('a ceo adds an employee to their company', async ({ page }) => {
  await login(page, 'ceo@demo.test');
  await page.goto('/ceo/employees');
  await page.getByRole('button', { name: 'Add employee' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Nikita');
  await dialog.getByLabel('Surname').fill('Novenky');
  await dialog.getByLabel('E-mail').fill('nikita.novenky@demo.test');
  await dialog.getByLabel('Phone').fill('+7 495 111-22-33');
  await dialog.getByLabel('Position').fill('Junior Analyst');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('cell', { name: 'nikita.novenky@demo.test' })).toBeVisible();
  const mail = await lastMailTo('nikita.novenky@demo.test', /reset-password\?code=/);
  expect(mail).toContain('/reset-password?code=');

  // Editing: the ceo changes the position; the status is the association's to set, so it is not offered.
  await page.getByRole('button', { name: 'Edit Nikita Novenky' }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByLabel('Role')).toBeVisible();
  await expect(edit.getByLabel('Status')).toHaveCount(0);
  await expect(edit.getByText('Status', { exact: true })).toHaveCount(0);
  await edit.getByLabel('Position').fill('Analyst');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Nikita Novenky saved');
  await expect(edit).toBeHidden();
  const nikita = page.getByRole('row').filter({ hasText: 'nikita.novenky@demo.test' });
  // The name cell shows the position under the name.
  await expect(nikita.getByRole('cell', { name: 'Novenky Nikita Analyst', exact: true })).toBeVisible();
  await expect(nikita).not.toContainText('Junior Analyst');
  // The ceo is still logged in: the page stays, and a reload still shows their company's people.
  await expect(page).toHaveURL(/\/ceo\/employees$/);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/ceo\/employees$/);
  await expect(nikita.getByRole('cell', { name: 'Novenky Nikita Analyst', exact: true })).toBeVisible();
});

test('an Excel download of the people opens with the expected rows', async ({ page }) => {
  await login(page, 'staff@demo.test');
  await page.goto('/aipm/employees/emp');
  await page.getByLabel('Search').fill('Sotrudnikov');
  await expect(page.getByRole('cell', { name: 'employee@demo.test' })).toBeVisible();
  await page.getByRole('button', { name: 'Download Excel' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'People' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync((await download.path()) ?? '') as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows = sheet?.getSheetValues().filter(Boolean) as unknown[][];
  expect(rows[0]).toContain('Surname');
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain('employee@demo.test');
});

/** The users' log table and the author of each of its entries. */
function usersLog(page: Page): { table: Locator; entries: Locator } {
  const table = page.getByRole('table', { name: "Users' log", exact: true });
  return { table, entries: table.getByRole('row').filter({ has: page.getByRole('cell') }) };
}

test("the users' log filters by author: the association's staff are offered, and only the chosen one's entries show", async ({ page, request }) => {
  const add = async (prefix: 'aipm' | 'admin', by: string, who: { name: string; surname: string; email: string }) => {
    const response = await request.post(`/api/${prefix}/company/addNewEmployee`, {
      headers: await apiAuth(request, by),
      data: { ...who, position: 'Analyst', phone: '+7 495 000-00-02', role: 'employee', companyId: 1 },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  await add('aipm', 'staff@demo.test', { name: 'Stepan', surname: 'ByStaffov', email: 'stepan.bystaffov@demo.test' });
  await add('admin', 'admin@demo.test', { name: 'Alla', surname: 'ByAdminova', email: 'alla.byadminova@demo.test' });

  await login(page, 'staff@demo.test');
  await page.goto('/aipm/employees/log');
  const { entries } = usersLog(page);
  await expect(entries.filter({ hasText: 'stepan.bystaffov@demo.test' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'alla.byadminova@demo.test' })).toHaveCount(1);

  await page.getByRole('combobox', { name: 'Author' }).click();
  const staff = [
    'Anna Adminova',
    'Sergey Staffov',
    ...E2E_FIXTURE_USERS.filter((u) => u.role === 'staff' || u.role === 'admin').map((u) => `${u.name} ${u.surname}`),
  ].sort((a, b) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!));
  await expect(page.getByRole('option')).toHaveText(['All', ...staff]);
  await page.getByRole('option', { name: 'Anna Adminova' }).click();
  await expect(entries.filter({ hasText: 'alla.byadminova@demo.test' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'stepan.bystaffov@demo.test' })).toHaveCount(0);
  await expect(entries.filter({ hasNotText: 'Anna Adminova' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Author' }).click();
  await page.getByRole('option', { name: 'Sergey Staffov' }).click();
  await expect(entries.filter({ hasText: 'stepan.bystaffov@demo.test' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'alla.byadminova@demo.test' })).toHaveCount(0);
  await expect(entries.filter({ hasNotText: 'Sergey Staffov' })).toHaveCount(0);
});
