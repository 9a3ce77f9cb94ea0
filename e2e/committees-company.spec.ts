import { expect } from '@playwright/test';
import { samplePdf } from '../apps/server/test/pdf-files.ts';
import { apiAuth, E2E_FIXTURE_COMPANY, expectToast, fillDate, login, test } from './fixtures.ts';

/** The employee of this journey, who switches to Russian here only (E2E_FIXTURE_USERS). */
const EMPLOYEE = { email: 'cora.committeeva@demo.test', name: 'Cora Committeeva' };

test('an employee requests membership with a letter and sees it New, then the membership once staff confirm it, in Russian too; a ceo sets the subscribers from a CSV after its preview and never sees another company’s people', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now();
  const nameEn = `Market Access Committee ${stamp}`;
  const nameRu = `Комитет по доступу на рынок ${stamp}`;
  const admin = await apiAuth(request, 'admin@demo.test');
  const created = await request.post('/api/admin/committee/add', {
    headers: admin,
    form: { nameEn, nameRu, detailsEn: 'Pricing and reimbursement.\nMeets monthly.', detailsRu: 'Цены и возмещение.' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const committee = (await created.json()) as { id: number };

  // The employee asks to join, with a nomination letter; the request is New.
  await login(page, EMPLOYEE.email);
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Committees' }).click();
  await expect(page).toHaveURL('/cwg');
  const section = page.getByRole('region', { name: nameEn, exact: true });
  await expect(section).toContainText('Meets monthly.');
  await section.getByRole('button', { name: 'Request membership' }).click();
  const dialog = page.getByRole('dialog', { name: `Request membership of ${nameEn}` });
  await dialog.getByLabel('Note').fill('I lead our pricing work.');
  await dialog.getByLabel('Nomination letter (PDF)').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
  await expect(dialog.getByText('The letter must be a PDF file.')).toBeVisible();
  await dialog
    .getByLabel('Nomination letter (PDF)')
    .setInputFiles({ name: 'Nomination.pdf', mimeType: 'application/pdf', buffer: await samplePdf('Nomination letter') });
  await expect(dialog.getByText('Nomination.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send the request' }).click();
  await expectToast(page, `Membership of ${nameEn} requested`);
  await expect(section.getByText('Your request: New')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Request membership' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Membership' }).click();
  await expect(page).toHaveURL('/cwg/membership');
  const requests = page.getByRole('table', { name: 'My requests' });
  const row = requests.getByRole('row').filter({ hasText: nameEn });
  await expect(row).toContainText('New');
  await expect(row).toContainText('I lead our pricing work.');
  const letter = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download the nomination letter for ${nameEn}` }).click();
  expect((await letter).suggestedFilename()).toBe('Nomination.pdf');
  await expect(page.getByRole('table', { name: 'My memberships' })).toContainText('You are not in any committee yet');

  // Staff confirm it (through the API); the employee sees the membership, on the page and on the home page.
  const staff = await apiAuth(request, 'staff@demo.test');
  const open = await request.get(`/api/aipm/committee/requests?committeeId=${committee.id}`, { headers: staff });
  expect(open.ok(), await open.text()).toBe(true);
  const [asked] = (await open.json()).rows as { id: number; status: string; hasLetter: boolean }[];
  expect(asked).toMatchObject({ status: 'new', hasLetter: true });
  const confirmed = await request.post('/api/aipm/committee/requests/confirm', { headers: staff, form: { id: asked!.id } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);

  await page.reload();
  await expect(page.getByRole('table', { name: 'My memberships' }).getByRole('row').filter({ hasText: nameEn })).toContainText(/Member\s*since /);
  await expect(row).toContainText('Confirmed');
  await expect(row.getByRole('button', { name: `Withdraw the request for ${nameEn}` })).toHaveCount(0);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('region', { name: 'My committees' })).toContainText(nameEn);
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Мои комитеты' })).toContainText(nameRu);
  await page.goto('/cwg');
  await expect(page.getByRole('region', { name: nameRu })).toContainText('Вы член: Член, с ');
  await page.getByRole('button', { name: 'EN', exact: true }).click();

  // The ceo sets the company's subscribers from a CSV file: every row previewed, nothing saved until confirmed.
  const ceoContext = await browser.newContext();
  const ceo = await ceoContext.newPage();
  await login(ceo, 'ceo@demo.test');
  await ceo.goto('/ceo/cwg/subscriptions');
  const companySubscribers = ceo.getByRole('table', { name: "Your company's subscribers" });
  const subscribersRow = companySubscribers.getByRole('row').filter({ hasText: nameEn });
  await expect(subscribersRow).toContainText('None yet');
  await subscribersRow.getByRole('button', { name: `Set the subscribers of ${nameEn}` }).click();
  const list = ceo.getByRole('dialog', { name: `Subscribers of ${nameEn}` });
  await list.getByLabel('A CSV or Excel file').check();
  const csv = ['email', 'employee@demo.test', 'trusted@demo.test', 'nobody@demo.test', 'not-an-email', `olga@${E2E_FIXTURE_COMPANY.domain}`].join(
    '\n',
  );
  await list.getByLabel('List of e-mails').setInputFiles({ name: 'subscribers.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`) });
  await list.getByRole('button', { name: 'Check the list' }).click();
  await expect(list.getByRole('status')).toHaveText('Rows: 5; people found: 2. Saving adds 2 and removes 0.');
  const preview = list.getByRole('table', { name: 'How each row was read' });
  await expect(preview.getByRole('row').filter({ hasText: 'employee@demo.test' })).toContainText('Found');
  await expect(preview.getByRole('row').filter({ hasText: 'employee@demo.test' })).toContainText('Egor Sotrudnikov');
  await expect(preview.getByRole('row').filter({ hasText: 'nobody@demo.test' })).toContainText('Unknown e-mail');
  await expect(preview.getByRole('row').filter({ hasText: 'not-an-email' })).toContainText('Not an e-mail');
  await expect(preview.getByRole('row').filter({ hasText: `olga@${E2E_FIXTURE_COMPANY.domain}` })).toContainText('Another company');
  await expect(preview.getByRole('row').filter({ hasText: `olga@${E2E_FIXTURE_COMPANY.domain}` })).not.toContainText('Offova');
  // Nothing is saved by the preview.
  const ceoApi = await apiAuth(request, 'ceo@demo.test');
  const before = await request.get('/api/ceo/committee/users', { headers: ceoApi });
  expect(((await before.json()) as { id: number; subscribers: unknown[] }[]).find((c) => c.id === committee.id)?.subscribers).toEqual([]);
  await list.getByRole('button', { name: 'Confirm: add 2, remove 0' }).click();
  await expectToast(ceo, `Subscribers of ${nameEn} saved: 2 added, 0 removed`);
  await expect(subscribersRow).toContainText('Egor Sotrudnikov');
  await expect(subscribersRow).toContainText('Tatiana Doverova');

  // The ceo's person picker offers the company's own people only.
  await ceo.goto('/ceo/cwg');
  const ceoSection = ceo.getByRole('region', { name: nameEn });
  await expect(ceoSection).toContainText(`${EMPLOYEE.name} — Member, since `);
  // The association keeps this committee's members: the company asks, and is offered nothing more.
  await expect(ceoSection.getByRole('button', { name: 'Add a member' })).toHaveCount(0);
  await expect(ceoSection.getByRole('button', { name: `Remove ${EMPLOYEE.name}` })).toHaveCount(0);
  await ceoSection.getByRole('button', { name: 'Request membership for a colleague' }).click();
  const forColleague = ceo.getByRole('dialog', { name: `Request membership of ${nameEn} for a colleague` });
  const picker = forColleague.getByRole('combobox', { name: 'Person of your company' });
  await picker.fill('Offova');
  await expect(ceo.getByText('No active person of your company matches')).toBeVisible();
  await picker.fill('Sotrudnikov');
  await expect(ceo.getByRole('option', { name: /Sotrudnikov Egor/ })).toBeVisible();
  await forColleague.getByRole('button', { name: 'Cancel' }).click();
  const others = await request.get('/api/ceo/company/users?search=offova', { headers: ceoApi });
  expect((await others.json()).total).toBe(0);
  await ceoContext.close();
});

test('where a committee lets companies keep their members, a trusted person adds one of the company’s people, changes the term and removes them', async ({
  page,
  request,
}) => {
  const nameEn = `Digital Health Working Group ${Date.now()}`;
  const admin = await apiAuth(request, 'admin@demo.test');
  const parent = await request.post('/api/admin/committee/add', {
    headers: admin,
    form: { nameEn: `Parent of ${nameEn}`, nameRu: `Комитет ${nameEn}` },
  });
  expect(parent.ok(), await parent.text()).toBe(true);
  const group = await request.post('/api/admin/workingGroup/add', {
    headers: admin,
    form: { parentId: (await parent.json()).id, nameEn, nameRu: `Группа ${nameEn}`, selfService: 'true' },
  });
  expect(group.ok(), await group.text()).toBe(true);

  await login(page, 'trusted@demo.test');
  await page.goto('/trusted/cwg');
  const section = page.getByRole('region', { name: nameEn, exact: true });
  await section.getByRole('button', { name: 'Add a member' }).click();
  const add = page.getByRole('dialog', { name: `Add a member to ${nameEn}` });
  await add.getByRole('combobox', { name: 'Person of your company' }).fill('Sotrudnikov');
  await page.getByRole('option', { name: /Sotrudnikov Egor/ }).click();
  await add.getByRole('combobox', { name: 'Position' }).click();
  await page.getByRole('option', { name: 'Secretary' }).click();
  await add.getByRole('button', { name: 'Add a member' }).click();
  await expectToast(page, `Egor Sotrudnikov added to ${nameEn}`);
  await expect(section).toContainText('Egor Sotrudnikov — Secretary, since ');

  await section.getByRole('button', { name: 'Change the membership of Egor Sotrudnikov' }).click();
  const edit = page.getByRole('dialog', { name: `Change the membership of Egor Sotrudnikov in ${nameEn}` });
  await fillDate(edit.getByRole('group', { name: 'Until' }), '2099-12-31');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, `Membership of Egor Sotrudnikov in ${nameEn} saved`);
  await expect(section).toContainText(/Egor Sotrudnikov — Secretary, .+ – Dec 31, 2099/);

  await section.getByRole('button', { name: 'Remove Egor Sotrudnikov' }).click();
  await page
    .getByRole('dialog', { name: `Remove Egor Sotrudnikov from ${nameEn}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expectToast(page, `Egor Sotrudnikov removed from ${nameEn}`);
});
