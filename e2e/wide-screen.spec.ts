import { expect, type Locator, type Page } from '@playwright/test';
import { login, test } from './fixtures.ts';

const WIDTH = 1366;
test.use({ viewport: { width: WIDTH, height: 768 } });

/** Staff of this journey only: they switch to Russian, which is saved to their account. */
const STAFF = 'shirin.shirokov@demo.test';

/** An applicant with long words and a long address, the widest a row of the applications is likely to get. */
const APPLICANT = {
  company: 'Konstantinopolskaya Farmatsevticheskaya Kompaniya',
  name: 'Konstantin',
  surname: 'Konstantinopolsky',
  position: 'Head of Regulatory Affairs and Market Access',
  phone: '+7 495 123-45-67',
  email: 'konstantin.konstantinopolsky@wide-screen-pharma.test',
  consent: true,
};
const APPLICANT_NAME = `${APPLICANT.name} ${APPLICANT.surname}`;

/** The words of the screens this journey reads, in each language. */
const WORDS = [
  {
    switchTo: null,
    applications: 'Applications',
    reject: 'Reject',
    employees: 'Employees',
    managers: 'General managers',
    active: 'Active',
    actions: 'Actions',
    usersLog: "Users' log",
    changes: 'Changes',
    history: 'Every change across the portal',
  },
  {
    switchTo: 'RU',
    applications: 'Заявки',
    reject: 'Отклонить',
    employees: 'Сотрудники',
    managers: 'Генеральные директора',
    active: 'Активен',
    actions: 'Действия',
    usersLog: 'Журнал пользователей',
    changes: 'Изменения',
    history: 'Все изменения на портале',
  },
] as const;

/** The element lies wholly inside the 1366 px screen. */
async function expectOnScreen(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'bounding box').not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(WIDTH);
}

/**
 * The table fits its container, so nothing in it is cut off or hidden behind a sideways scroll (a cell past the container's
 * edge can still lie inside the screen), and the page itself does not scroll sideways either.
 */
async function expectWholeTable(page: Page, table: Locator): Promise<void> {
  const overflow = await table.evaluate((element) => {
    const container = element.parentElement as HTMLElement;
    return container.scrollWidth - container.clientWidth;
  });
  expect(overflow, 'the table scrolls sideways inside its container').toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

/**
 * Each field is marked required (the input's `required`, an asterisk after its label) and keeps its accessible name: the
 * asterisk is hidden from assistive technology (Playwright's getByLabel reads the label's whole text, asterisk included, so
 * the journeys find these fields by role and name).
 */
async function expectRequired(scope: Locator, names: readonly string[], role: 'textbox' | 'checkbox' = 'textbox'): Promise<void> {
  for (const name of names) {
    const field = scope.getByRole(role, { name, exact: true });
    await expect(field).toHaveJSProperty('required', true);
    // A text field's label points at it; a checkbox's label holds it.
    const id = await field.getAttribute('id');
    const label = id
      ? scope.locator(`label[for="${id}"]`)
      : scope.locator('label').filter({ has: scope.page().getByRole(role, { name, exact: true }) });
    await expect(label).toHaveText(`${name}\u2009*`);
    await expect(label.getByText('*', { exact: true })).toBeVisible();
  }
}

test('the sign-up form marks every field the server requires', async ({ page }) => {
  await page.goto('/signup');
  const form = page.locator('form');
  await expectRequired(form, ['Company', 'Name', 'Surname', 'Position', 'Phone', 'E-mail']);
  await expectRequired(form, ['I agree to the processing of my personal data'], 'checkbox');
  await expect(form.getByText('*', { exact: true })).toHaveCount(7);
});

test('at 1366 px staff see every column and row action of the applications, the people and the logs, in English and in Russian', async ({
  page,
  request,
}) => {
  const sent = await request.post('/api/signup', { data: APPLICANT });
  expect(sent.status(), await sent.text()).toBe(202);

  await login(page, STAFF);
  // The profile marks what the server requires (not the region, the job group or the digest), and so does the password change.
  await page.goto('/aipm/profile');
  const [information, password] = [page.locator('form').first(), page.locator('form').last()];
  await expectRequired(information, ['Name', 'Surname', 'Position', 'Phone']);
  await expect(information.getByText('*', { exact: true })).toHaveCount(4);
  await expectRequired(password, ['Current password', 'New password', 'Confirm the password']);
  await expect(password.getByText('*', { exact: true })).toHaveCount(3);

  for (const words of WORDS) {
    if (words.switchTo) await page.getByRole('button', { name: words.switchTo, exact: true }).click();

    await page.goto('/aipm/applications');
    const applications = page.getByRole('table', { name: words.applications, exact: true });
    // The row's last action: Reject, after Approve.
    await expectOnScreen(applications.getByRole('button', { name: `${words.reject} ${APPLICANT_NAME}`, exact: true }));
    await expectWholeTable(page, applications);

    for (const [path, name] of [
      ['/aipm/employees/emp', words.employees],
      ['/aipm/employees/gma', words.managers],
    ] as const) {
      await page.goto(path);
      const people = page.getByRole('table', { name, exact: true });
      await expectOnScreen(people.getByRole('columnheader', { name: words.active, exact: true }));
      await expectOnScreen(people.getByRole('columnheader', { name: words.actions, exact: true }));
      await expectOnScreen(people.getByRole('row').nth(1).getByRole('button').last());
      await expectWholeTable(page, people);
    }

    await page.goto('/aipm/employees/log');
    const log = page.getByRole('table', { name: words.usersLog, exact: true });
    await expect(log.getByRole('row').filter({ hasText: APPLICANT.email })).not.toHaveCount(0);
    await expectOnScreen(log.getByRole('columnheader', { name: words.actions, exact: true }));
    // The changes keep a readable width (14rem), so their words wrap whole instead of being cut letter by letter.
    const changes = await log.getByRole('columnheader', { name: words.changes, exact: true }).boundingBox();
    expect(changes?.width ?? 0).toBeGreaterThanOrEqual(224);
    await expectWholeTable(page, log);

    await page.goto('/aipm/history');
    const history = page.getByRole('table', { name: words.history, exact: true });
    await expect(history.getByRole('row').nth(1)).toBeVisible();
    await expectOnScreen(history.getByRole('columnheader', { name: words.changes, exact: true }));
    await expectWholeTable(page, history);
  }
});
