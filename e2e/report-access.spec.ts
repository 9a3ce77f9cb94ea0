import fs from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiAuth, expectToast, login, test } from './fixtures.ts';

/** Staff of this journey only: admin names them for the report_admin data scope here. */
const STAFF = { email: 'renata.reportova@demo.test', name: 'Renata Reportova' };
/** The general manager of Demo Pharma, whose accepted answers are in the demo's period in review. */
const READER = { email: 'ceo@demo.test', name: 'Cyril Directorov', choice: 'Directorov Cyril <ceo@demo.test> — Demo Pharma' };

interface Edition {
  id: number;
  version: number;
  language: 'en' | 'ru';
}

/** Waits until a report task has succeeded. */
async function finished(request: APIRequestContext, headers: Record<string, string>, taskId: number) {
  await expect
    .poll(
      async () => {
        const status = await (await request.get(`/api/aipm/report/checkStatus?taskId=${taskId}`, { headers })).json();
        expect(status.state, `task ${taskId}: ${status.errorCode}`).not.toBe('failed');
        return status.state;
      },
      { timeout: 90_000, intervals: [500, 1000] },
    )
    .toBe('succeeded');
}

/**
 * The full report of the demo's period in review, in English and Russian, built and published through the API as the
 * demo's staff member (who holds every data scope): published to nobody yet, so only the grants made below open it.
 * A full report of its own, so the journeys that publish the general report to the participants do not open it.
 */
async function publishedFullReports(request: APIRequestContext) {
  const headers = await apiAuth(request, 'staff@demo.test');
  const periods: { id: number; status: string; titleEn: string; titleRu: string }[] = await (
    await request.get('/api/aipm/period', { headers })
  ).json();
  const period = periods.find((p) => p.status === 'review' && p.titleEn.startsWith('Salary survey'));
  expect(period, 'the demo period in review').toBeTruthy();
  const periodId = period?.id as number;
  const list = await (await request.get(`/api/aipm/report/list?periodId=${periodId}`, { headers })).json();
  if (list.freezeTaskId) await finished(request, headers, list.freezeTaskId);
  else if (!list.snapshot) {
    const freeze = await request.post('/api/aipm/report/freeze', { headers, data: { periodId } });
    expect(freeze.ok(), await freeze.text()).toBe(true);
    await finished(request, headers, (await freeze.json()).taskId);
  }
  const editions: Edition[] = [];
  for (const language of ['en', 'ru'] as const) {
    const created = await request.post('/api/aipm/create/report/full', { headers, data: { periodId, language } });
    expect(created.ok(), await created.text()).toBe(true);
    const [report] = await created.json();
    const started = await request.post('/api/aipm/report/startGeneration', { headers, data: { reportId: report.id } });
    expect(started.ok(), await started.text()).toBe(true);
    await finished(request, headers, (await started.json()).taskId);
    const published = await request.post('/api/aipm/report/setAccessToReport', { headers, data: { periodId, reportId: report.id, publish: true } });
    expect(published.ok(), await published.text()).toBe(true);
    editions.push({ id: report.id, version: report.version, language });
  }
  return { period: period as NonNullable<typeof period>, editions };
}

/** The ids of the reports a company person finds in their history. */
async function readable(request: APIRequestContext, email: string): Promise<number[]> {
  const list = await (await request.get('/api/user/report/getPublishedReports', { headers: await apiAuth(request, email) })).json();
  return list.map((r: { id: number }) => r.id);
}

/** Adds a grant of one edition to one person on the staff's access screen. */
async function grantEdition(page: Page, edition: string, person: string) {
  const form = page.getByRole('region', { name: 'Give access' });
  await form.getByRole('radio', { name: 'One edition' }).check();
  await form.getByRole('combobox', { name: 'Edition' }).click();
  await page.getByRole('option', { name: edition, exact: true }).click();
  await form.getByRole('radio', { name: 'People' }).check();
  await form.getByRole('combobox', { name: 'Choose people' }).fill('directorov');
  await page.getByRole('option', { name: person }).click();
  await form.getByRole('button', { name: 'Add to the changes' }).click();
  await expect(form.getByText('1 grant added to the changes.')).toBeVisible();
}

/** Saves a download and answers its first bytes, to tell an xlsx or zip (both "PK") from an error page. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), magic: fs.readFileSync(file).subarray(0, 2).toString('latin1') };
}

test('admin gives a staff member the report administration scope; she gives one more person a published report, who finds it in his report history in both languages and downloads it and the zip', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { period, editions } = await publishedFullReports(request);
  const [en, ru] = editions as [Edition, Edition];
  const enName = `Full salary report: English, Excel, version ${en.version}`;
  const ruName = `Full salary report: Russian, Excel, version ${ru.version}`;
  // Published, but to nobody: the reader does not have them yet.
  expect(await readable(request, READER.email)).not.toContain(en.id);

  // Admin names the staff member for report administration.
  await login(page, 'admin@demo.test');
  await page.goto('/admin/reports/access-aipm');
  await expect(page.getByRole('tab', { name: 'Staff data access', selected: true })).toBeVisible();
  await expect(page.getByText('Builds, publishes and withdraws reports, and decides who may read them.')).toBeVisible();
  const scope = page.getByRole('checkbox', { name: `Report administration for ${STAFF.name}` });
  await expect(scope).not.toBeChecked();
  await scope.check();
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Access rights changed');
  await expect(scope).toBeChecked();
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeHidden();
  const staffList = await (await request.get('/api/admin/access/staff-data/list', { headers: await apiAuth(request, 'admin@demo.test') })).json();
  expect(staffList.rows.find((p: { email: string }) => p.email === STAFF.email)?.scopes).toEqual(['report_admin']);

  // She gives the general manager both editions, one at a time, and saves them together.
  const staff = await browser.newPage();
  await login(staff, STAFF.email);
  await staff.goto(`/aipm/reports/access-reports?period=${period.id}`);
  await expect(staff.getByRole('heading', { level: 2, name: "Who may read each period's reports" })).toBeVisible();
  await grantEdition(staff, enName, READER.choice);
  await grantEdition(staff, ruName, READER.choice);
  await expect(staff.getByText('2 unsaved changes', { exact: true })).toBeVisible();
  await staff.getByRole('button', { name: 'Save access changes' }).click();
  await expectToast(staff, 'Access rights changed');
  const grants = staff
    .getByRole('table', { name: /^Report access for / })
    .getByRole('row')
    .filter({ hasText: READER.name });
  await expect(grants.filter({ hasText: enName })).toContainText('Given by staff');
  await expect(grants.filter({ hasText: enName })).toContainText(STAFF.name);
  await expect(grants.filter({ hasText: ruName })).toBeVisible();
  await expect(staff.getByText('To be given')).toBeHidden();
  await staff.close();

  // The general manager finds them in his report history, from the navigation.
  const reader = await browser.newPage();
  await login(reader, READER.email);
  await reader.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Report history' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Report history' })).toBeVisible();
  await reader.getByRole('combobox', { name: 'Report' }).click();
  await reader.getByRole('option', { name: 'Full salary report' }).click();
  await expect(reader).toHaveURL(/[?&]type=full/);
  const table = reader.getByRole('table', { name: `Reports of ${period.titleEn}` });
  await expect(table.getByRole('row').filter({ hasText: 'Full salary report' })).toHaveCount(2);
  const file = await downloaded(reader, () =>
    reader.getByRole('button', { name: `Download Full salary report, English, Excel, version ${en.version}` }).click(),
  );
  expect(file.name).toMatch(/\.xlsx$/);
  expect(file.magic).toBe('PK');
  const zip = await downloaded(reader, () => reader.getByRole('button', { name: `Download all reports of ${period.titleEn} as a zip` }).click());
  expect(zip.name).toMatch(/\.zip$/);
  expect(zip.magic).toBe('PK');

  // In Russian, the filter kept.
  await reader.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'История отчётов' })).toBeVisible();
  const tableRu = reader.getByRole('table', { name: `Отчёты периода ${period.titleRu}` });
  await expect(tableRu.getByRole('row').filter({ hasText: 'Полный отчёт по зарплатам' }).filter({ hasText: 'Русский' })).toBeVisible();
  await expect(reader.getByRole('button', { name: `Скачать все отчёты периода ${period.titleRu} архивом` })).toBeVisible();
  // Back to English: the other journeys read this person's pages in English.
  await reader.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Report history' })).toBeVisible();
  await reader.close();
  expect(await readable(request, READER.email)).toEqual(expect.arrayContaining([en.id, ru.id]));
});
