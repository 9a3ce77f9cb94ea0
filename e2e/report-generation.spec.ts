import fs from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { apiAuth, expectToast, login, test } from './fixtures.ts';

/** The demo's salary period in review, whose accepted responses the statistics are frozen from. */
async function periodInReview(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const periods: { id: number; kind: string; status: string; counts: { accepted: number } }[] = await (
    await request.get('/api/aipm/period', { headers })
  ).json();
  const period = periods.find((p) => p.kind === 'salary' && p.status === 'review' && p.counts.accepted > 0);
  expect(period, 'a salary period in review with accepted responses (demo data)').toBeDefined();
  return (period as { id: number }).id;
}

/** The id of the period's frozen statistics, as the server has them now. */
async function snapshotId(request: APIRequestContext, headers: Record<string, string>, periodId: number): Promise<number | null> {
  const list: { snapshot: { id: number } | null } = await (await request.get(`/api/aipm/report/list?periodId=${periodId}`, { headers })).json();
  return list.snapshot?.id ?? null;
}

/** The general report's line in a language. */
const line = (page: Page, language: 'English' | 'Russian'): Locator =>
  page
    .getByRole('table', { name: 'General report' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: language }) });

/** Creates the line's edition (a new one when an older edition stands on earlier statistics) and generates it, following its bar to the end. */
async function createAndGenerate(page: Page, language: 'English' | 'Russian') {
  const row = line(page, language);
  await row.getByRole('button', { name: /^(Create|New edition)$/ }).click();
  await expectToast(page, 'The edition is created. Generate it to build its file.');
  await expect(row.getByText('Draft')).toBeVisible();
  await row.getByRole('button', { name: 'Generate' }).click();
  await expectToast(page, 'Generation has started.');
  // The bar shows the stage while the job runs (a quick one may end before the first poll) and gives way to the chip.
  const bar = row.getByRole('progressbar', { name: `Progress of General report, ${language}, Excel` });
  await expect(bar.or(row.getByText('Ready'))).toBeVisible();
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 60_000 });
  await expect(bar).toBeHidden();
}

test('staff freeze the statistics, generate the general report in both languages with its progress, convert it to PDF, download it, publish it to the participants and find the runs in the history', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = await apiAuth(request, 'staff@demo.test');
  const periodId = await periodInReview(request, headers);
  const before = await snapshotId(request, headers, periodId);
  await login(page, 'staff@demo.test');
  await page.goto(`/aipm/reports/period/${periodId}`);
  await page.getByRole('tab', { name: 'Statistics and reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/aipm/reports/period/${periodId}/reports$`));

  // Freeze: asked first when statistics are already frozen (another journey may have), since new ones replace them for later editions.
  const statistics = page.getByRole('region', { name: 'Frozen statistics' });
  await statistics.getByRole('button', { name: 'Freeze statistics' }).click();
  if (before !== null)
    await page.getByRole('dialog', { name: 'Freeze the statistics again?' }).getByRole('button', { name: 'Freeze statistics' }).click();
  await expectToast(page, 'Freezing the statistics has started.');
  await expect.poll(() => snapshotId(request, headers, periodId), { timeout: 60_000 }).not.toBe(before);
  await expect(statistics.getByText('Responses included')).toBeVisible();
  await expect(statistics.getByText('Sergey Staffov')).toBeVisible();
  await expect(statistics.getByRole('button', { name: 'Freeze statistics' })).toBeVisible();

  await createAndGenerate(page, 'English');
  await createAndGenerate(page, 'Russian');

  // The English edition as PDF, then downloaded.
  const english = line(page, 'English');
  await english.getByRole('button', { name: 'Convert to PDF' }).click();
  await expectToast(page, 'Conversion to PDF has started.');
  await expect(english.getByRole('button', { name: 'Download PDF' })).toBeVisible({ timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await english.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    fs
      .readFileSync((await pdf.path()) ?? '')
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Publication to the participants, after a dialog that says who is told.
  await page.getByRole('region', { name: 'General report' }).getByRole('button', { name: 'Publish to participants' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the General report?' });
  await expect(dialog).toContainText('accepted participant');
  await expect(dialog).toContainText('notified by e-mail');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: /General report: \d+ editions published/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(english.getByText('Published').first()).toBeVisible();
  await expect(line(page, 'Russian').getByText('Published')).toBeVisible();

  // The history has the runs: the freeze, both generations and the conversion, each done.
  const history = page.getByRole('table', { name: 'Generation history' });
  await expect(history.getByRole('row').filter({ hasText: 'PDF conversion' }).filter({ hasText: 'General report, English' }).first()).toContainText(
    'Done',
  );
  for (const language of ['English', 'Russian']) {
    const run = history
      .getByRole('row')
      .filter({ hasText: 'Generation' })
      .filter({ hasText: `General report, ${language}, Excel` })
      .first();
    await expect(run).toContainText('Done');
    await expect(run).toContainText('100%');
    await expect(run).toContainText('Sergey Staffov');
  }
  await expect(history.getByRole('row').filter({ hasText: 'Statistics' }).first()).toContainText('Done');
});
