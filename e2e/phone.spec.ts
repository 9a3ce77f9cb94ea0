import { expect, type Locator, type Page } from '@playwright/test';
import { login, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Whether an element lies wholly inside the screen's width. */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return !!box && box.x >= 0 && box.x + box.width <= width;
}

test('on a 390 px phone the shell keeps Log out and the language on the screen, and the menu starts below the bar', async ({ page }) => {
  await login(page, 'staff@demo.test');
  const logout = page.getByRole('button', { name: 'Log out' });
  await expect(logout).toBeVisible();
  expect(await onScreen(page, logout)).toBe(true);
  expect(await onScreen(page, page.getByRole('button', { name: 'RU', exact: true }))).toBe(true);

  await page.getByRole('button', { name: 'Menu' }).click();
  const first = page.getByRole('navigation', { name: 'Menu' }).getByRole('link').first();
  await expect(first).toBeVisible();
  // The first entry starts below the app bar (which stays above the drawer), once the drawer has slid in.
  const barBottom = async () => {
    const bar = await page.locator('header').first().boundingBox();
    return (bar?.y ?? 0) + (bar?.height ?? 0);
  };
  await expect.poll(async () => ((await first.boundingBox())?.x ?? -1) >= 0).toBe(true);
  expect((await first.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(await barBottom());
});

test('on a 390 px phone a staff list keeps its page buttons on the screen', async ({ page }) => {
  await login(page, 'staff@demo.test');
  await page.goto('/aipm/employees/emp');
  const next = page.getByRole('button', { name: /next page/i });
  await expect(next).toBeVisible();
  expect(await onScreen(page, next)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a 390 px phone the calendar opens as the month’s list, within the screen', async ({ page }) => {
  await login(page, 'staff@demo.test');
  await page.goto('/aipm/calendar');
  await expect(page.getByRole('tab', { name: 'List view' })).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a 390 px phone the salary survey shows its steps as a list to choose from, the progress and Next, and scrolls the grid within itself', async ({
  page,
}) => {
  await login(page, 'trusted@demo.test');
  await page.goto('/trusted/reports/selection/salary?step=positions');
  const steps = page.getByRole('combobox', { name: 'Survey steps' });
  await expect(steps).toBeVisible();
  expect(await onScreen(page, steps)).toBe(true);
  expect(await onScreen(page, page.getByText(/sections complete/))).toBe(true);
  expect(await onScreen(page, page.getByRole('button', { name: 'Next' }))).toBe(true);
  await expect(page.getByRole('table', { name: 'Positions grid' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
