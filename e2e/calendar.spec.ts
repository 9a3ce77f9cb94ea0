import { expect, type Locator, type Page } from '@playwright/test';
import { apiAuth, E2E_FIXTURE_COMMITTEE, expectAccessible, expectToast, fillDate, login, test } from './fixtures.ts';

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

/** The centre of an element on the page. */
async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses the mouse at one point and lets it go at another, moving in steps as a hand would. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

test('staff move an event by dragging it to another day and to a later hour, end it later by its lower edge, make it a whole-day event on the whole-day row, lengthen another by its right edge, and select days for a new one; every view passes axe', async ({
  page,
  request,
}) => {
  const title = `Dragged session ${Date.now()}`;
  const day = (offset: number) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + offset));
  const startsAt = new Date(day(2).getTime() + 10 * 3600_000).toISOString();
  const headers = await apiAuth(request, 'staff@demo.test');
  const created = await request.post('/api/aipm/calendar/create', {
    headers,
    data: { titleEn: title, titleRu: `Перенесённое ${title}`, startsAt, endsAt: new Date(Date.parse(startsAt) + 3600_000).toISOString() },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = await created.json();
  const times = async () => {
    const event = await (await request.get(`/api/calendar/event?id=${id}`, { headers })).json();
    return [event.startsAt, event.endsAt];
  };

  // The whole month on the screen: the mouse goes only where the page is shown.
  await page.setViewportSize({ width: 1366, height: 1400 });
  await login(page, 'staff@demo.test');
  // The e-mails' link opens the event's month and the event; closed, the month stays.
  await page.goto(`/aipm/calendar?event=${id}`);
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Close' }).click();
  // Checked once the dialog has gone: while it fades out, the page behind it is still hidden from assistive technology.
  await expect(page.getByRole('dialog', { name: title })).toBeHidden();
  await expectAccessible(page, 'the month view');

  // A day later in the month: the same hours.
  const target = page.locator(`td[data-day="${day(3).toISOString().slice(0, 10)}"]`);
  await drag(page, await centre(page.getByRole('button', { name: title })), await centre(target));
  await expectToast(page, `Event “${title}” moved`);
  await expect.poll(times).toEqual([`${day(3).toISOString().slice(0, 10)}T10:00:00.000Z`, `${day(3).toISOString().slice(0, 10)}T11:00:00.000Z`]);

  // In the week, two half hours lower: an hour later; then its lower edge two half hours down: it ends an hour later.
  await page.getByRole('tab', { name: 'Week view' }).click();
  const box = page.getByRole('button', { name: new RegExp(title) });
  await expect(box).toContainText('10:00 – 11:00');
  await expectAccessible(page, 'the week view');
  const at = await centre(box);
  await drag(page, at, { x: at.x, y: at.y + 48 });
  await expect(box).toContainText('11:00 – 12:00');
  await expect.poll(times).toEqual([`${day(3).toISOString().slice(0, 10)}T11:00:00.000Z`, `${day(3).toISOString().slice(0, 10)}T12:00:00.000Z`]);
  const edge = await box.boundingBox();
  if (!edge) throw new Error('the event is not on the page');
  await drag(page, { x: edge.x + edge.width / 2, y: edge.y + edge.height - 2 }, { x: edge.x + edge.width / 2, y: edge.y + edge.height + 46 });
  await expect(box).toContainText('11:00 – 13:00');
  await expect.poll(times).toEqual([`${day(3).toISOString().slice(0, 10)}T11:00:00.000Z`, `${day(3).toISOString().slice(0, 10)}T13:00:00.000Z`]);

  // Dropped on its day's whole-day row: a whole-day event of that day.
  await drag(page, await centre(box), await centre(page.locator(`[data-day="${day(3).toISOString().slice(0, 10)}"]:not([data-hours])`)));
  await expect.poll(times).toEqual([day(3).toISOString(), day(4).toISOString()]);

  await page.getByRole('tab', { name: 'List view' }).click();
  await expect(page.getByRole('button', { name: title })).toBeVisible();
  await expectAccessible(page, 'the list view');

  // A whole-day event's right edge pulled a day on in the month: it ends a day later.
  const congress = `Congress ${Date.now()}`;
  const whole = await request.post('/api/aipm/calendar/create', {
    headers,
    data: { titleEn: congress, titleRu: `Конгресс ${congress}`, startsAt: day(3).toISOString(), endsAt: day(4).toISOString(), allDay: true },
  });
  expect(whole.ok(), await whole.text()).toBe(true);
  await page.getByRole('tab', { name: 'Month view' }).click();
  const chip = await page.getByRole('button', { name: congress }).boundingBox();
  if (!chip) throw new Error('the whole-day event is not on the page');
  await drag(
    page,
    { x: chip.x + chip.width - 2, y: chip.y + chip.height / 2 },
    await centre(page.locator(`td[data-day="${day(4).toISOString().slice(0, 10)}"]`)),
  );
  // (Its toast waits behind the moves' toasts.)
  await expect(page.getByRole('button', { name: congress })).toHaveCount(2);
  const { id: congressId } = await whole.json();
  await expect
    .poll(async () => {
      const event = await (await request.get(`/api/calendar/event?id=${congressId}`, { headers })).json();
      return [event.startsAt, event.endsAt];
    })
    .toEqual([day(3).toISOString(), day(5).toISOString()]);

  // Three days selected in the month: a whole-day event over them.
  const first = page.locator('td[data-day]').nth(7);
  const last = page.locator('td[data-day]').nth(9);
  const firstDay = await first.getAttribute('data-day');
  const lastDay = await last.getAttribute('data-day');
  const [from, to] = [await first.boundingBox(), await last.boundingBox()];
  if (!from || !to) throw new Error('the month is not on the page');
  // Below the day number and any events: the day itself.
  await drag(page, { x: from.x + 8, y: from.y + from.height - 6 }, { x: to.x + 8, y: to.y + to.height - 6 });
  const dialog = page.getByRole('dialog', { name: 'A new event' });
  await expect(dialog.getByLabel('All day')).toBeChecked();
  const [y1, m1, d1] = (firstDay ?? '').split('-');
  const [y2, m2, d2] = (lastDay ?? '').split('-');
  await expect(dialog.getByRole('group', { name: 'First day' })).toContainText(`${m1}/${d1}/${y1}`);
  await expect(dialog.getByRole('group', { name: 'Last day' })).toContainText(`${m2}/${d2}/${y2}`);
});
