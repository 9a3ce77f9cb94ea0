import { expect } from '@playwright/test';
import { samplePdf } from '../apps/server/test/pdf-files.ts';
import { apiAuth, login, startedVoting, test } from './fixtures.ts';

test('a member lands on their home: the votings open to them with their deadlines and the newest digest issues, in cards', async ({
  page,
  request,
}) => {
  // The card shows the five soonest deadlines: this one closes before the other journeys' votings.
  const voting = await startedVoting(request, { title: 'Home page voting', language: 'en', endsAt: new Date(Date.now() + 3 * 60_000).toISOString() });
  const issue = await request.post('/api/admin/digest/create', {
    headers: await apiAuth(request, 'admin@demo.test'),
    multipart: { file: { name: 'Home page digest.pdf', mimeType: 'application/pdf', buffer: await samplePdf('Home page digest') } },
  });
  expect(issue.ok(), await issue.text()).toBe(true);
  const startsAt = new Date(Date.now() + 60 * 60_000).toISOString();
  const event = await request.post('/api/aipm/calendar/create', {
    headers: await apiAuth(request, 'staff@demo.test'),
    data: {
      titleEn: 'Home page event',
      titleRu: 'Мероприятие для главной',
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 60 * 60_000).toISOString(),
    },
  });
  expect(event.ok(), await event.text()).toBe(true);

  await login(page, 'ceo@demo.test');
  await expect(page).toHaveURL('/ceo/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
  const votings = page.getByRole('region', { name: 'Open votings' });
  await expect(votings.getByRole('link', { name: 'Home page voting' })).toBeVisible();
  await expect(votings).toContainText('Not voted yet');
  await expect(page.getByRole('region', { name: 'Next events' }).getByRole('link', { name: 'Home page event' })).toBeVisible();
  const digest = page.getByRole('region', { name: 'Media digest' });
  await expect(digest.getByRole('button', { name: 'Home page digest.pdf' })).toBeVisible();

  await votings.getByRole('link', { name: 'Home page voting' }).click();
  await expect(page).toHaveURL(`/ceo/voting/list/${voting.id}`);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await digest.getByRole('link', { name: 'All issues' }).click();
  await expect(page).toHaveURL('/ceo/digest');
});

test('the admin’s home shows without waiting for the kit the other pages share, which then loads in the background', async ({
  page,
  browser,
  baseURL,
}) => {
  await login(page, 'admin@demo.test');
  // A browser with the session and nothing cached opens the home, with the kit held back until the page is up.
  const fresh = await browser.newContext({ baseURL, storageState: await page.context().storageState() });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await fresh.route(/\/assets\/kit-/, async (route) => {
    await released;
    await route.continue();
  });
  const home = await fresh.newPage();
  const kitLoaded = home.waitForResponse(/\/assets\/kit-/);
  await home.goto('/admin/index');
  await expect(home.getByRole('heading', { level: 1 })).toBeVisible();
  release();
  expect((await kitLoaded).ok()).toBe(true);
  await fresh.close();
});
