import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { E2E_FIXTURE_SURVEY, E2E_REMINDER_COMPANY, expectToast, fillDate, lastMailTo, login, test } from './fixtures.ts';

/** This journey's own period (the fixture period of the review is another). */
const PERIOD = { code: 'E2E-2026', titleEn: 'Journey salary survey 2026', titleRu: 'Опрос о зарплатах 2026 (сценарий)' };

/** An .xlsx in a temporary file, as staff would save it from the template. */
async function workbook(name: string, headers: string[], rows: unknown[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'survey-e2e-')), name);
  await book.xlsx.writeFile(file);
  return file;
}

/** Loads a catalogue file of a kind and applies it once its check finds no errors. */
async function loadAndApply(page: Page, kind: string, file: string) {
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: 'Load and check' }).click();
  await expectToast(page, 'The file is loaded and checked.');
  const name = path.basename(file);
  const row = page.getByRole('table', { name: 'Loaded files' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Checked, no errors');
  await row.getByRole('button', { name: `Apply: ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'The file is applied.');
  await expect(row).toContainText('Applied');
}

test('staff create a period and load its catalogue (opened once the running one closes), follow the completion dashboard, remind a company, extend its deadline, check a submitted response against the market and return it with a question', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'staff@demo.test');
  await page.getByRole('link', { name: 'Salary survey' }).click();
  await expect(page).toHaveURL(/\/aipm\/reports$/);

  // A new period: the publication date too early is refused on its field, then corrected.
  await page.getByRole('button', { name: 'New period' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Code' }).fill(PERIOD.code);
  await dialog.getByRole('textbox', { name: 'Bonus year' }).fill('2025');
  await dialog.getByRole('textbox', { name: 'Title (English)' }).fill(PERIOD.titleEn);
  await dialog.getByRole('textbox', { name: 'Title (Russian)' }).fill(PERIOD.titleRu);
  const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await fillDate(dialog.getByRole('group', { name: 'Deadline' }), `${deadline}T18:00`);
  await fillDate(dialog.getByRole('group', { name: 'Effective date (salaries as of)' }), '2026-04-01');
  await fillDate(dialog.getByRole('group', { name: 'Publish not before' }), '2026-05-01');
  await dialog.getByRole('textbox', { name: 'Minimum wage a month, RUB' }).fill('22440');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Publication may come no earlier than three months after the effective date.')).toBeVisible();
  await fillDate(dialog.getByRole('group', { name: 'Publish not before' }), '2026-07-01');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'The period is created.');
  const periodRow = page.getByRole('table', { name: 'Survey periods' }).getByRole('row').filter({ hasText: PERIOD.code });
  await expect(periodRow).toContainText('Draft');

  // Its catalogue: a file with a missing column shows what is wrong and cannot be applied; good files are applied.
  await periodRow.getByRole('link', { name: /0 regions/ }).click();
  await expect(page.getByRole('heading', { name: `Catalogue files of “${PERIOD.titleEn}”` })).toBeVisible();
  const broken = await workbook('regions-broken.xlsx', ['Code', 'Name (English)'], [['MOW', 'Moscow']]);
  await page.getByLabel('File', { exact: true }).setInputFiles(broken);
  await page.getByRole('button', { name: 'Load and check' }).click();
  const issues = page.getByRole('dialog', { name: 'Issues in “regions-broken.xlsx”' });
  await expect(issues).toContainText('The column “Name (Russian)” is missing.');
  await issues.getByRole('button', { name: 'Close' }).click();
  const brokenRow = page.getByRole('table', { name: 'Loaded files' }).getByRole('row').filter({ hasText: 'regions-broken.xlsx' });
  await expect(brokenRow).toContainText('Has errors');
  await expect(brokenRow.getByRole('button', { name: 'Apply: regions-broken.xlsx' })).toHaveCount(0);
  await loadAndApply(
    page,
    'Regions',
    await workbook(
      'regions.xlsx',
      ['Code', 'Name (English)', 'Name (Russian)'],
      [
        ['MOW', 'Moscow', 'Москва'],
        ['SPB', 'Saint Petersburg', 'Санкт-Петербург'],
      ],
    ),
  );
  await loadAndApply(
    page,
    'Positions catalogue',
    await workbook(
      'positions.xlsx',
      [
        'Job group code',
        'Position code',
        'Title (English)',
        'Title (Russian)',
        'Description (English)',
        'Description (Russian)',
        'Career level',
        'Field position',
      ],
      [
        ['SALES', 'E2E-SR1', 'Sales representative', 'Медицинский представитель', 'Visits doctors', 'Посещает врачей', 'P1', 'yes'],
        ['HR', 'E2E-HRBP', 'HR business partner', 'HR бизнес-партнёр', 'Partners with the business', 'Работает с бизнесом', 'P3', 'no'],
      ],
    ),
  );

  // Opening it waits for the running period (the demo's) to close: one salary period is open at a time.
  await page.getByRole('tab', { name: 'Periods' }).click();
  await expect(periodRow).toContainText('2 regions, 2 positions, 0 cars');
  await periodRow.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('dialog')).toContainText('Its catalogues will be frozen.');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, "Could not change the period's status.", 'Another salary survey period is open. Close it first.');
  await expect(periodRow).toContainText('Draft');

  // The completion dashboard of the running period: the journey's own company has not started; a reminder goes and is counted.
  await page.getByRole('tab', { name: 'Completion' }).click();
  const dashboard = page.getByRole('table', { name: 'Companies and their responses' });
  const demo = dashboard.getByRole('row').filter({ hasText: E2E_REMINDER_COMPANY.name });
  await expect(demo).toContainText('Not started');
  await expect(demo).toContainText('0 sent');
  await demo.getByRole('button', { name: `Remind ${E2E_REMINDER_COMPANY.name}` }).click();
  await expectToast(page, 'Reminders sent to 1 companies');
  await expect(demo).toContainText('1 sent');
  expect(await lastMailTo(E2E_REMINDER_COMPANY.ceo, /Salary survey/)).toContain('/ceo/reports/selection/salary');

  // A deadline of its own moves the row too.
  await demo.getByRole('button', { name: `Actions for ${E2E_REMINDER_COMPANY.name}` }).click();
  await page.getByRole('menuitem', { name: 'Change the deadline' }).click();
  const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await fillDate(page.getByRole('dialog').getByRole('group', { name: 'Deadline' }), `${later}T18:00`);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Done.');
  await expect(demo).toContainText('extended');

  // The review: the fixture period holds Demo Pharma's submitted response; staff return it with a question.
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: new RegExp(E2E_FIXTURE_SURVEY.code) }).click();
  const submitted = page.getByRole('table', { name: 'Companies and their responses' }).getByRole('row').filter({ hasText: 'Demo Pharma' });
  await expect(submitted).toContainText('Submitted');
  // The market check first: the Moscow representatives are 3.5× the median of the five other companies; the general
  // manager's cell, which two others answered, is too thin to compare.
  await submitted.getByRole('button', { name: 'Actions for Demo Pharma' }).click();
  await page.getByRole('menuitem', { name: 'Check against the market' }).click();
  const market = page.getByRole('dialog', { name: 'Market check: Demo Pharma' });
  await expect(market).toContainText('1 of 2 rows with a base salary could be compared.');
  const flagged = market.getByRole('table', { name: 'Rows off the market median' }).getByRole('row');
  await expect(flagged).toHaveCount(2);
  for (const text of ['Medical Representative (SAL-01)', 'Moscow', '560,000', '160,000', '3.50×', 'above', '5'])
    await expect(flagged.nth(1)).toContainText(text);
  await market.getByRole('button', { name: 'Close' }).click();
  await expect(market).toBeHidden();
  await submitted.getByRole('button', { name: 'Actions for Demo Pharma' }).click();
  await page.getByRole('menuitem', { name: 'Return with a question' }).click();
  const ask = page.getByRole('dialog', { name: 'Return the response of Demo Pharma' });
  await ask.getByRole('combobox', { name: 'Section' }).click();
  await page.getByRole('option', { name: 'Turnover' }).click();
  await ask.getByRole('textbox', { name: 'Question to the company' }).fill('Please check the voluntary leavers of the sales force.');
  await ask.getByRole('button', { name: 'Return' }).click();
  await expectToast(page, 'Done.');
  await expect(submitted).toContainText('Returned');
  await expect(submitted.getByRole('cell').last().locator('..')).toContainText('1');
  const mail = await lastMailTo('ceo@demo.test', /voluntary leavers/);
  expect(mail).toContain('Please check the voluntary leavers of the sales force.');
  expect(mail).toContain('Turnover');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the survey periods and the completion dashboard stay within the screen', async ({ page }) => {
    await login(page, 'staff@demo.test');
    for (const [path, button] of [
      ['/aipm/reports', 'New period'],
      ['/aipm/reports/company', 'Download Excel'],
    ] as const) {
      await page.goto(path);
      const action = page.getByRole('button', { name: button });
      await expect(action).toBeVisible();
      const box = await action.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});
