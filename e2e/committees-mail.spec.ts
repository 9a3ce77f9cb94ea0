import { expect } from '@playwright/test';
import { apiAuth, expectAccessible, expectToast, lastMailTo, login, test } from './fixtures.ts';
import { E2E_URL } from './playwright.config.ts';

/** A Russian-speaking person (saved language Russian) whom only this journey sends a reset link. */
const RUSSIAN_READER = 'rostislav.resetov@demo.test';
/** A sentence only this journey adds to the Russian password-reset template. */
const NEW_SENTENCE = 'Если ссылка не открывается, скопируйте её в адресную строку браузера.';

test("admin adds a sentence to the password-reset template's Russian text, and the next Russian reset e-mail has it", async ({ page, browser }) => {
  await login(page, 'admin@demo.test');
  await page.goto('/admin/cwg/template');
  await page.getByRole('combobox', { name: 'Kind of e-mail' }).click();
  await page.getByRole('option', { name: 'Password reset link' }).click();
  const rows = page.getByRole('table', { name: 'Mail templates' }).getByRole('row').filter({ hasText: 'Password reset link' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Built-in');
  // A built-in template is never offered for deletion.
  await expect(rows.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await rows.getByRole('button', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/\/admin\/cwg\/template\/edit\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Kind of e-mail' })).toHaveValue('Password reset link');

  // The Russian text: a new paragraph at its end.
  await page.getByRole('tab', { name: 'Russian' }).click();
  const body = page.getByRole('textbox', { name: 'Text (Russian)' });
  await expect(body).toContainText('{{link}}');
  await body.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(NEW_SENTENCE);
  await expect(body).toContainText(NEW_SENTENCE);

  // The server's preview (sample data, in a sandboxed frame) has it.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByRole('tab', { name: 'Russian', selected: true })).toBeVisible();
  await expect(preview.frameLocator('iframe').locator('body')).toContainText(NEW_SENTENCE);
  await expect(preview.frameLocator('iframe').locator('body')).toContainText('https://portal.example/link');
  await preview.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Template “');
  await expect(page).toHaveURL(/\/admin\/cwg\/template$/);

  // The Russian-speaking person asks for a reset link (from a browser of their own, not logged in).
  const reader = await (await browser.newContext()).newPage();
  await reader.goto('/reset-password');
  await reader.getByLabel('E-mail').fill(RUSSIAN_READER);
  await reader.getByRole('button', { name: 'Send link' }).click();
  await expect(reader.getByText('Check your e-mail')).toBeVisible();
  const mail = await lastMailTo(RUSSIAN_READER, /reset-password\?code=/);
  expect(mail).toContain(NEW_SENTENCE);
  expect(mail).toMatch(new RegExp(`${E2E_URL}/reset-password\\?code=[\\w-]+`));
});

/** This journey's own committee, and a subscriber whom only it sends mailings. */
const COMMITTEE = { nameEn: 'Pharmacovigilance Committee', nameRu: 'Комитет по фармаконадзору' };
const SUBSCRIBER = 'ursula.unsubova@demo.test';
const SUBJECT = { en: 'Pharmacovigilance: the autumn meeting', ru: 'Фармаконадзор: осеннее заседание' };

test("staff send a mailing to a committee's distribution list; a recipient unsubscribes through its link and is off the list", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Admin makes the committee; the subscriber subscribes herself.
  const admin = await apiAuth(request, 'admin@demo.test');
  const created = await request.post('/api/admin/committee/add', { headers: admin, form: COMMITTEE });
  expect(created.ok(), await created.text()).toBe(true);
  const committee = await created.json();
  const subscribed = await request.post('/api/user/committee/subscribes', {
    headers: await apiAuth(request, SUBSCRIBER),
    form: { committeeId: String(committee.id), subscribed: 'true' },
  });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);

  // Staff write the mailing from the mailing template, edit it, and send it after the question.
  await login(page, 'staff@demo.test');
  await page.goto(`/aipm/cwg/committees/${committee.id}/mailings`);
  await expect(page.getByRole('tab', { name: 'Mailings', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'New mailing' }).click();
  await expect(page.getByText('The distribution list has 1 address.')).toBeVisible();
  const subjectEn = page.getByRole('textbox', { name: 'Subject (English)' });
  await expect(subjectEn).not.toHaveValue('');
  await subjectEn.fill(SUBJECT.en);
  const bodyEn = page.getByRole('textbox', { name: 'Text (English)' });
  await bodyEn.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('The committee meets on 14 November. ');
  await page.getByRole('button', { name: 'Bold' }).first().click();
  await page.keyboard.type('Agenda inside.');
  await page.getByRole('tab', { name: 'Russian' }).click();
  await page.getByRole('textbox', { name: 'Subject (Russian)' }).fill(SUBJECT.ru);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send the mailing?' });
  await expect(confirm).toContainText(`It goes to 1 address on the distribution list of “${COMMITTEE.nameEn}”`);
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, `Mailing “${SUBJECT.en}” sent to 1 recipient`);
  const row = page
    .getByRole('table', { name: `Mailings of ${COMMITTEE.nameEn}` })
    .getByRole('row')
    .filter({ hasText: SUBJECT.en });
  await expect(row).toContainText('Sergey Staffov');
  // Sent once the outbox has delivered it: the list reads its counts again by itself.
  await expect(row.getByRole('cell').nth(5)).toHaveText('1', { timeout: 20_000 });

  // The subscriber's e-mail, in English, with the text and the unsubscribe link.
  const mail = await lastMailTo(SUBSCRIBER, new RegExp(SUBJECT.en));
  expect(mail).toContain('The committee meets on 14 November.');
  const link = mail.match(new RegExp(`${E2E_URL}/unsubscribe\\?token=[\\w-]+`))?.[0];
  expect(link, mail).toBeTruthy();

  // The link, in a browser without a session: the page names the committee and the address, and unsubscribes.
  const reader = await (await browser.newContext()).newPage();
  await reader.goto(link ?? '');
  await expect(reader.getByText(`${SUBSCRIBER} receives the mailings of “${COMMITTEE.nameEn}”`)).toBeVisible();
  await expectAccessible(reader, 'the unsubscribe page');
  await reader.getByRole('button', { name: 'Unsubscribe' }).click();
  await expectToast(reader, `Unsubscribed from “${COMMITTEE.nameEn}”`);
  await expect(reader.getByText(`${SUBSCRIBER} will no longer receive the mailings of “${COMMITTEE.nameEn}”.`)).toBeVisible();
  // The link used again says it is done, in the reader's language.
  await reader.reload();
  await reader.getByRole('button', { name: 'RU' }).click();
  await expect(reader.getByText(`Рассылка «${COMMITTEE.nameRu}» больше не будет приходить на адрес ${SUBSCRIBER}.`)).toBeVisible();

  // She is no longer on the distribution list (opened afresh: the page's own copy is up to 30 s old).
  await page.goto(`/aipm/cwg/committees/${committee.id}/distribution`);
  await expect(page.getByText('The list is empty.')).toBeVisible();
  await expect(page.getByRole('table', { name: `Distribution list of ${COMMITTEE.nameEn}` })).not.toContainText(SUBSCRIBER);
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const TEMPLATE = 'Quarterly newsletter';

test('admin makes a mailing template with an image, chooses it in the mail settings, where it cannot be deleted, then deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'admin@demo.test');
  await page.goto('/admin/cwg/template');
  await page.getByRole('link', { name: 'New template' }).click();
  await expect(page).toHaveURL(/\/admin\/cwg\/template\/create$/);
  await page.getByRole('textbox', { name: 'Name' }).fill(TEMPLATE);
  await page.getByRole('textbox', { name: 'Description' }).fill('The committees’ news each quarter');
  await expect(page.getByRole('combobox', { name: 'Kind of e-mail' })).toHaveText('Committee mailing');

  // English: a heading, a placeholder from the menu, and an image; a file that is not an image is refused first.
  await page.getByRole('textbox', { name: 'Subject (English)' }).fill('{{title}}: the quarter');
  const body = page.getByRole('textbox', { name: 'Text (English)' });
  await body.click();
  await page.getByRole('button', { name: 'Heading', exact: true }).first().click();
  await page.keyboard.type('News of the quarter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Dear ');
  await page.getByRole('button', { name: 'Insert placeholder' }).first().click();
  await page.getByRole('menuitem', { name: /\{\{name\}\}/ }).click();
  await page.keyboard.type(', here is the news.');
  const upload = page.locator('input[type=file]').first();
  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expectToast(page, 'Error while trying to add the image', 'Choose a PNG, JPEG, GIF or WebP image.');
  await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expectToast(page, 'Image added');
  await expect(body.locator('img[alt="logo"]')).toHaveAttribute('src', /\/api\/mail\/image\?name=[\w-]+\.png$/);
  await expect(body.locator('h2')).toHaveText('News of the quarter');

  // A placeholder this kind of e-mail does not fill is said on its field before anything is sent.
  await page.getByRole('tab', { name: 'Russian' }).click();
  await page.getByRole('textbox', { name: 'Subject (Russian)' }).fill('{{title}}: квартал');
  await page.getByRole('textbox', { name: 'Text (Russian)' }).click();
  await page.keyboard.type('Новости квартала по ссылке {{link}}');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('This kind of e-mail does not fill these placeholders: {{link}}.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Text (Russian)' }).click();
  for (let i = 0; i < ' по ссылке {{link}}'.length; i++) await page.keyboard.press('Backspace');
  await expect(page.getByText('This kind of e-mail does not fill these placeholders')).toBeHidden();

  // The preview: the server's rendering with sample data, the image in it.
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByTestId('preview-subject')).toHaveText('Market access committee: the quarter');
  const frame = preview.frameLocator('iframe');
  await expect(frame.locator('body')).toContainText('Dear Anna Smirnova, here is the news.');
  await expect(frame.locator('img')).toHaveAttribute('src', /\/api\/mail\/image\?name=/);
  await expect(preview.getByLabel('Plain-text part')).toContainText('Dear Anna Smirnova, here is the news.');
  await preview.getByRole('button', { name: 'Send a test to me' }).click();
  await expectToast(page, 'Test e-mail sent to your address');
  await preview.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, `Template “${TEMPLATE}” created`);
  const mail = await lastMailTo('admin@demo.test', /the quarter/);
  expect(mail).toContain('Dear Anna Smirnova, here is the news.');

  // The settings choose it for new mailings; while they do, it cannot be deleted.
  await page.getByRole('tab', { name: 'Mail settings' }).click();
  await page.getByRole('combobox', { name: 'A new mailing starts from' }).click();
  await page.getByRole('option', { name: TEMPLATE }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Mail settings saved');
  await page.getByRole('tab', { name: 'Mail templates' }).click();
  await page.getByRole('button', { name: `Delete ${TEMPLATE}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Error while trying to delete the template', "This template is chosen in the committees' settings");
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('table', { name: 'Mail templates' })).toContainText(TEMPLATE);

  // The built-in one chosen again, it goes.
  await page.getByRole('tab', { name: 'Mail settings' }).click();
  await page.getByRole('combobox', { name: 'A new mailing starts from' }).click();
  await page.getByRole('option', { name: TEMPLATE }).press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'A new mailing starts from' })).not.toHaveText(TEMPLATE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Mail settings saved');
  await page.getByRole('tab', { name: 'Mail templates' }).click();
  await page.getByRole('button', { name: `Delete ${TEMPLATE}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, `Template “${TEMPLATE}” deleted`);
  await expect(page.getByRole('table', { name: 'Mail templates' })).not.toContainText(TEMPLATE);
});
