import { expect, type Page } from '@playwright/test';
import { startedVoting, test } from './fixtures.ts';

/** What a crawler, a link preview and a browser tab read of the public pages. */
async function head(page: Page) {
  return {
    robots: await page.locator('meta[name="robots"]').getAttribute('content'),
    description: await page.locator('meta[name="description"]').getAttribute('content'),
    lang: await page.locator('html').getAttribute('lang'),
    title: await page.title(),
  };
}

test('the HTML of a voting link names the portal and "Voting", never the meeting, and is not for indexing', async ({ request }) => {
  const voting = await startedVoting(request, { title: 'Secret merger vote', question: 'Shall we merge with Globex?' });
  const res = await request.get(`/voting-form/${voting.slug}`);
  expect(res.headers()['x-robots-tag']).toBe('noindex, nofollow');
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
  expect(html).toContain('<title>Voting · AIPM</title>');
  expect(html).not.toContain('Secret merger');
  expect(html).not.toContain('Globex');
});

test('the login page and the public voting form say who they are in both languages, and are not for indexing', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await head(page)).toEqual({
    robots: 'noindex, nofollow',
    description: expect.stringContaining("members' portal"),
    lang: 'en',
    title: expect.stringContaining("AIPM Members' Portal"),
  });
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  // The title and description follow the words, which load with the language.
  await expect
    .poll(() => head(page))
    .toEqual({
      robots: 'noindex, nofollow',
      description: expect.stringContaining('Портал членов'),
      lang: 'ru',
      title: expect.stringContaining('Портал членов AIPM'),
    });

  const voting = await startedVoting(request, { title: 'Board chair' });
  await page.goto(`/voting-form/${voting.slug}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  expect(await head(page)).toMatchObject({ robots: 'noindex, nofollow', description: expect.stringContaining('Голосование'), lang: 'ru' });
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect
    .poll(() => head(page))
    .toMatchObject({ description: expect.stringContaining('A voting of the AIPM'), lang: 'en', title: 'Board chair · Voting' });
});

test('the tab shows the portal’s own icon and the manifest names it', async ({ page, request }) => {
  await page.goto('/login');
  const icon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
  expect((await request.get(icon ?? '')).headers()['content-type']).toMatch(/^image\/svg\+xml/);
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', 'any']);
});
