import { expect, type Page } from '@playwright/test';
import { apiAuth, expectAccessible, HOMES, login, startedVoting, test } from './fixtures.ts';

/**
 * axe on every page: the public ones, the public voting form, and every page each role reaches from its navigation
 * (with a voting's own page for staff and voters, the staff's committee tabs, a committee's pages and admin's template form). No serious or critical violation of WCAG 2.1 A/AA.
 */
async function expectLoadedAccessible(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
  await expectAccessible(page, what);
}

/** The pages a person's navigation links to, as paths. */
async function navigationPaths(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Menu' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
}

test('the public pages and the public voting form', async ({ page, request }) => {
  // The unsubscribe page of a mailing's link, here with a link that is not one (a real link is checked in committees-mail.spec.ts).
  for (const path of ['/login', '/signup', '/reset-password', '/404', '/unsubscribe?token=not-a-token']) {
    await page.goto(path);
    await expectLoadedAccessible(page, path);
  }
  const voting = await startedVoting(request, { title: 'Accessible voting' });
  await page.goto(`/voting-form/${voting.slug}`);
  await expectLoadedAccessible(page, 'the public voting form');
});

const PREFIX = { employee: '', trusted: '/trusted', ceo: '/ceo', staff: '/aipm', admin: '/admin' } as const;

for (const role of Object.keys(HOMES) as (keyof typeof HOMES)[]) {
  test(`every page of the ${role}'s navigation`, async ({ page, request }) => {
    const voting = await startedVoting(request, { title: `Accessible voting for ${role}` });
    await login(page, `${role}@demo.test`);
    const paths = await navigationPaths(page);
    const prefix = PREFIX[role];
    const staff = role === 'staff' || role === 'admin';
    // The voting's own pages and the staff's voting tabs, and the company's committee tabs, which the navigation reaches through other pages.
    if (staff) paths.push(...['create', 'archive', 'log', `results/${voting.id}`, `edit/${voting.id}`].map((p) => `${prefix}/voting/${p}`));
    else paths.push(`${prefix}/voting/list/${voting.id}`, `${prefix}/voting/results`, `${prefix}/cwg/membership`, `${prefix}/cwg/subscriptions`);
    // The staff's committee tabs, and a committee's own pages, which the committees' list links to.
    if (staff) {
      const [committee] = await (await request.get('/api/committee/list', { headers: await apiAuth(request, `${role}@demo.test`) })).json();
      const tabs = [
        'cwg/stat',
        'cwg/log',
        'cwg/template',
        'cwg/settings',
        ...['members', 'subscribers', 'distribution', 'mailings'].map((tab) => `cwg/committees/${committee.id}/${tab}`),
      ];
      paths.push(...tabs.map((p) => `${prefix}/${p}`));
      // The survey's and reports' access matrices, the distributors, and admin's staff data scopes.
      paths.push(`${prefix}/reports/access-surveys`, `${prefix}/reports/access-reports`, `${prefix}/reports/distributors`);
      if (role === 'admin') paths.push(`${prefix}/reports/access-aipm`);
      // The survey's dashboard and a period's catalogue files, which the periods' list links to.
      const [period] = await (await request.get(`/api${prefix}/period`, { headers: await apiAuth(request, `${role}@demo.test`) })).json();
      paths.push(`${prefix}/reports/company`, `${prefix}/reports/period/${period.id}`);
      // The period's statistics and reports, its interactive cut, and the participants' company reports.
      paths.push(
        `${prefix}/reports/period/${period.id}/reports`,
        `${prefix}/reports/period/${period.id}/cut`,
        `${prefix}/reports/company?view=reports`,
      );
      // Admin's template form, new and of a built-in template.
      if (role === 'admin') {
        const [template] = await (await request.get('/api/admin/template/list', { headers: await apiAuth(request, 'admin@demo.test') })).json();
        paths.push(`${prefix}/cwg/template/create`, `${prefix}/cwg/template/edit/${template.id}`);
      }
    }
    // Staff reach some forty pages: the time grows with them (a page takes one to three seconds, axe included).
    test.setTimeout(60_000 + paths.length * 10_000);
    for (const path of paths) {
      await page.goto(path);
      await expectLoadedAccessible(page, `${role}: ${path}`);
    }
  });
}

// The salary survey's screens (reached from the reports' selection, not the navigation), as the demo company's trusted
// person sees them, partly filled: every step, the review and, for the employee without the area, the no-access page.
test('every screen of the salary survey', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'trusted@demo.test');
  const steps = [
    'info',
    'contact',
    'page:company_profile',
    'matching',
    'positions',
    'turnover',
    'benchmarks',
    'page:car_policy',
    'page:benefits',
    'page:comments',
    'review',
  ];
  for (const step of steps) {
    await page.goto(`/trusted/reports/selection/salary?step=${encodeURIComponent(step)}`);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await expectLoadedAccessible(page, `the salary survey: ${step}`);
  }
});
