import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { apiAuth, expectToast, login, test } from './fixtures.ts';

// Names of this journey's own (other journeys and the demo have committees too, one of them "Market Access Committee …").
const COMMITTEE = { nameEn: 'Pharmacy Practice Committee', nameRu: 'Комитет по аптечной практике' };
const GROUP = { nameEn: 'Dispensing Working Group', nameRu: 'Рабочая группа по отпуску лекарств' };
/** The journey's member-to-be (a fixture person no other journey uses): asks to join the group, and staff confirm. */
const APPLICANT = { email: 'boris.biddov@demo.test', name: 'Boris Biddov' };
/** A subscriber the staff add by hand, then a list replaces. */
const SUBSCRIBER = { email: 'employee@demo.test', name: 'Egor Sotrudnikov', search: 'Sotrudnikov' };

/** Fills the admin's committee form (names in both languages) and creates it. */
async function createCommittee(page: Page, names: { nameEn: string; nameRu: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name (English)' }).fill(names.nameEn);
  await dialog.getByRole('textbox', { name: 'Name (Russian)' }).fill(names.nameRu);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

test('admin creates a committee and a working group under it; staff confirm a membership request; the distribution list downloads with the expected addresses; a subscriber upload shows its preview', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Admin: a committee, then a working group of it from its row.
  await login(page, 'admin@demo.test');
  await page.getByRole('link', { name: /^Committees/ }).click();
  await expect(page).toHaveURL(/\/admin\/cwg\/committees$/);
  await page.getByRole('button', { name: 'New committee' }).click();
  await createCommittee(page, COMMITTEE);
  await expectToast(page, `Committee “${COMMITTEE.nameEn}” created`);
  await page.getByRole('button', { name: `Add a working group to ${COMMITTEE.nameEn}`, exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Committee' })).toHaveText(COMMITTEE.nameEn);
  await createCommittee(page, GROUP);
  await expectToast(page, `Working group “${GROUP.nameEn}” created`);
  const table = page.getByRole('table', { name: 'Committees and their working groups' });
  const names = await table.getByRole('row').getByRole('link').allTextContents();
  expect(names.indexOf(GROUP.nameEn)).toBe(names.indexOf(COMMITTEE.nameEn) + 1);

  const all = await (await request.get('/api/admin/committee/all', { headers: await apiAuth(request, 'admin@demo.test') })).json();
  const committee = all.find((c: { nameEn: string }) => c.nameEn === COMMITTEE.nameEn);
  const group = all.find((c: { nameEn: string }) => c.nameEn === GROUP.nameEn);
  expect(group.parentId).toBe(committee.id);

  // An employee asks to join the group.
  const asked = await request.post('/api/user/membership', {
    headers: await apiAuth(request, APPLICANT.email),
    multipart: { committeeId: String(group.id), note: 'Pricing analyst for ten years' },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const requestId = (await asked.json()).id;

  // Staff: the queue, take in progress, confirm.
  const staff = await (await browser.newContext()).newPage();
  await login(staff, 'staff@demo.test');
  await expect(staff.getByTestId('nav-badge-openMembershipRequests')).toBeVisible();
  await staff.getByRole('link', { name: /^Membership requests/ }).click();
  await expect(staff).toHaveURL(/\/aipm\/cwg\/assignments$/);
  const row = staff.getByRole('row').filter({ hasText: APPLICANT.email });
  await expect(row).toContainText(`${COMMITTEE.nameEn} › ${GROUP.nameEn}`);
  await expect(row).toContainText('Pricing analyst for ten years');
  await expect(row).toContainText('New');
  await row.getByRole('button', { name: `Take the request of ${APPLICANT.name} in progress` }).click();
  await expectToast(staff, `Request of ${APPLICANT.name} taken in progress`);
  await expect(row).toContainText('In progress');
  await row.getByRole('button', { name: `Confirm the request of ${APPLICANT.name}` }).click();
  const confirm = staff.getByRole('dialog');
  await expect(confirm).toContainText(`${APPLICANT.name} becomes a member of ${GROUP.nameEn} as Member`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(staff, `Request of ${APPLICANT.name} confirmed`);
  await expect(row).toContainText('Confirmed');
  await expect(row.getByRole('button', { name: `Confirm the request of ${APPLICANT.name}` })).toHaveCount(0);
  // A second decision on the same request is refused.
  const again = await request.post('/api/aipm/committee/requests/remove', {
    headers: await apiAuth(request, 'staff@demo.test'),
    form: { id: String(requestId), reason: 'Too late' },
  });
  expect(again.status()).toBe(409);

  // The group's page: the new member, and a subscriber added by hand.
  await staff.goto(`/aipm/cwg/committees/${group.id}`);
  await expect(staff).toHaveURL(new RegExp(`/aipm/cwg/committees/${group.id}/members$`));
  await expect(staff.getByRole('heading', { level: 1, name: GROUP.nameEn })).toBeVisible();
  await expect(staff.getByRole('row').filter({ hasText: APPLICANT.email })).toContainText('Member');
  await staff.getByRole('tab', { name: 'Subscribers' }).click();
  await staff.getByRole('button', { name: 'Add a subscriber' }).click();
  const add = staff.getByRole('dialog');
  await add.getByRole('combobox', { name: 'Person' }).fill(SUBSCRIBER.search);
  await staff.getByRole('option', { name: new RegExp(SUBSCRIBER.email) }).click();
  await add.getByRole('button', { name: 'Subscribe' }).click();
  await expectToast(staff, `${SUBSCRIBER.name} subscribed`);
  await expect(staff.getByRole('row').filter({ hasText: SUBSCRIBER.email })).toContainText('Receives mailings');

  // The distribution list: both, marked; the CSV holds exactly their addresses.
  await staff.getByRole('tab', { name: 'Distribution list' }).click();
  await expect(staff.getByText('2 addresses')).toBeVisible();
  await expect(staff.getByRole('row').filter({ hasText: APPLICANT.email })).toContainText('Member');
  await expect(staff.getByRole('row').filter({ hasText: SUBSCRIBER.email })).toContainText('Subscriber');
  const downloading = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download CSV' }).click();
  const csv = fs.readFileSync((await (await downloading).path()) ?? '', 'utf8');
  const addresses = csv.match(/[\w.+-]+@[\w.-]+\.\w+/g) ?? [];
  expect([...new Set(addresses)].sort()).toEqual([APPLICANT.email, SUBSCRIBER.email].sort());

  // A list of e-mails from a file: every row previewed with its line and status; nothing saved until confirmed.
  await staff.getByRole('tab', { name: 'Subscribers' }).click();
  await staff.getByRole('button', { name: 'Set from a list' }).click();
  const upload = staff.getByRole('dialog');
  await upload.getByLabel('List of e-mails').setInputFiles({
    name: 'subscribers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['email', 'ceo@demo.test', 'nobody@nowhere.test', 'not-an-address', 'ceo@demo.test'].join('\n')),
  });
  await upload.getByRole('button', { name: 'Check the list' }).click();
  const preview = upload.getByRole('table', { name: 'How each row was read' });
  const line = (n: number) => preview.getByRole('row').filter({ has: staff.getByRole('cell', { name: String(n), exact: true }) });
  await expect(line(2)).toContainText('Found');
  await expect(line(3)).toContainText('Unknown e-mail');
  await expect(line(4)).toContainText('Not an e-mail');
  await expect(line(5)).toContainText('Repeated');
  await expect(upload.getByRole('status')).toHaveText('Rows: 4; people found: 1. Saving adds 1 and removes 1.');
  // Only the preview so far: nothing is saved.
  const saved = await request.get(`/api/aipm/committee/subscribers?committeeId=${group.id}`, { headers: await apiAuth(request, 'staff@demo.test') });
  expect((await saved.json()).rows.map((r: { email: string }) => r.email)).toEqual([SUBSCRIBER.email]);
  await upload.getByRole('button', { name: 'Confirm: add 1, remove 1' }).click();
  await expectToast(staff, `Subscribers of ${GROUP.nameEn} saved: 1 added, 1 removed`);
  const subscribers = staff.getByRole('table', { name: `Subscribers of ${GROUP.nameEn}` });
  await expect(subscribers.getByRole('row').filter({ hasText: 'ceo@demo.test' })).toBeVisible();
  await expect(subscribers.getByRole('row').filter({ hasText: SUBSCRIBER.email })).toHaveCount(0);

  // The statistics count the group's member and subscriber.
  await staff.getByRole('link', { name: /^Committees/ }).click();
  await staff.getByRole('tab', { name: 'Statistics' }).click();
  await expect(staff.getByText('Member companies taking part')).toBeVisible();
  const stat = staff.getByRole('table', { name: 'Members, subscribers and companies represented per committee and group' });
  await expect(stat.getByRole('row').filter({ hasText: GROUP.nameEn })).toContainText(/1\s*1\s*1$/);

  // Admin reads the committees' log and marks it all viewed: the menu's count goes.
  await page.reload();
  await expect(page.getByTestId('nav-badge-unviewedCommitteeLog')).toBeVisible();
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('table', { name: "Committees' log" });
  // Newest first: other journeys confirm requests too, before or after this one.
  const confirmed = log.getByRole('row').filter({ hasText: 'Request confirmed' }).first();
  await expect(confirmed).toContainText('Sergey Staffov');
  await expect(confirmed).toContainText('In progress → Confirmed');
  await page.getByRole('button', { name: 'Mark all as viewed' }).click();
  await expectToast(page, 'All entries marked as viewed');
  await expect(page.getByTestId('nav-badge-unviewedCommitteeLog')).toBeHidden();
});
