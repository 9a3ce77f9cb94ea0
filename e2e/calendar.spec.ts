import { expect } from '@playwright/test';
import { E2E_FIXTURE_COMMITTEE, expectToast, fillDate, login, test } from './fixtures.ts';

/** Tomorrow at the given hour, as a datetime-local value (always inside the month view's six weeks). */
const tomorrowAt = (hour: number) => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(hour, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
};

test('staff plan an event for a committee; its member sees it in the month view and registers, in Russian too; another member never sees it; staff download the people', async ({
  page,
  browser,
}) => {
  const title = `Committee session ${Date.now()}`;
  await login(page, 'staff@demo.test');
  await page.getByRole('link', { name: 'Events calendar' }).click();
  await expect(page).toHaveURL(/\/aipm\/calendar$/);
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'A new event' });
  await dialog.getByLabel('Title (English)').fill(title);
  await dialog.getByLabel('Title (Russian)').fill(`Заседание комитета ${title.split(' ').at(-1)}`);
  await fillDate(dialog.getByRole('group', { name: 'Starts' }), tomorrowAt(15));
  await fillDate(dialog.getByRole('group', { name: 'Ends' }), tomorrowAt(14));
  await dialog.getByLabel('Place').fill('AIPM office, meeting room 1');
  await dialog.getByRole('combobox', { name: 'For' }).click();
  await page.getByRole('option', { name: E2E_FIXTURE_COMMITTEE.nameEn }).click();
  await dialog.getByLabel('People register for it').check();
  await dialog.getByLabel('Seats').fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The end must come after the start.')).toBeVisible();
  await fillDate(dialog.getByRole('group', { name: 'Ends' }), tomorrowAt(17));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, `Event “${title}” saved`);
  await expect(page.getByText(title)).toBeVisible();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await login(member, E2E_FIXTURE_COMMITTEE.member);
  await member.getByRole('link', { name: 'Events calendar' }).click();
  await expect(member).toHaveURL(/\/calendar$/);
  await member.getByText(title).click();
  const details = member.getByRole('dialog', { name: title });
  await expect(details.getByText(`For: ${E2E_FIXTURE_COMMITTEE.nameEn}`)).toBeVisible();
  await expect(details.getByText('0 of 10 seats taken')).toBeVisible();
  await details.getByRole('button', { name: 'Register' }).click();
  await expect(member.getByText(`You are registered for “${title}”`)).toBeVisible();
  await expect(details.getByText('You have a seat')).toBeVisible();
  await expect(details.getByText('1 of 10 seats taken')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await member.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(member.getByRole('heading', { name: 'Календарь мероприятий', level: 1 })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Сегодня' })).toBeVisible();
  await member.getByText(`Заседание комитета ${title.split(' ').at(-1)}`).click();
  await expect(member.getByRole('dialog').getByText('Вы зарегистрированы')).toBeVisible();
  await memberContext.close();

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await login(other, 'nina.nonmemberova@demo.test');
  const answered = other.waitForResponse((r) => r.url().includes('/api/calendar/events') && r.ok());
  await other.getByRole('link', { name: 'Events calendar' }).click();
  await answered;
  await expect(other.getByRole('tab', { name: 'Month view' })).toBeVisible();
  await expect(other.getByText(title)).toHaveCount(0);
  await otherContext.close();

  await page.reload();
  await page.getByText(title).click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'People' }).click();
  const people = page.getByRole('dialog', { name: `People registered for “${title}”` });
  await expect(people.getByRole('row').filter({ hasText: 'Mark Memberov' })).toContainText('Seat');
  const downloading = page.waitForEvent('download');
  await people.getByRole('button', { name: 'Download Excel' }).click();
  expect((await downloading).suggestedFilename()).toBe(`${title}.xlsx`);
});
