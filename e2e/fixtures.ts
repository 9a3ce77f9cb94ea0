import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './playwright.config.ts';

export const PASSWORD = 'Demo12345';

/**
 * Every journey's `test`: besides Playwright's own, it listens on every page the journey opens for a
 * Content-Security-Policy violation and fails the journey on any (a page must never break its own policy), and prints
 * what the pages report as errors, so a journey that meets the error page says why in the log.
 */
export const test = base.extend<{ policyViolations: undefined; pageErrors: undefined }>({
  pageErrors: [
    async ({ context }, use) => {
      context.on('weberror', (e) => console.log(`page error: ${e.error().stack ?? e.error().message}`));
      // The console's errors, less the failed requests that journeys provoke on purpose (a 4xx answer is logged so).
      context.on('console', (m) => {
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) console.log(`console error: ${m.text()}`);
      });
      await use(undefined);
    },
    { auto: true },
  ],
  policyViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeFunction('__reportPolicyViolation', (text: string) => violations.push(text));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __reportPolicyViolation: (text: string) => void }).__reportPolicyViolation;
          void report(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} on ${location.pathname}`);
        });
      });
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export const MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');

/** A company only the deactivation journey switches off. */
export const E2E_FIXTURE_COMPANY = { name: 'Switch-off Pharma', domain: 'switchoff.test' };

/**
 * People only the journeys use, one per journey that changes an account; `company: 'fixture'` puts them in the company above,
 * `company: null` in the association (staff).
 */
export const E2E_FIXTURE_USERS: {
  email: string;
  name: string;
  surname: string;
  role: 'employee' | 'staff' | 'admin';
  company: 'demo' | 'fixture' | null;
  /** The saved language, when not English (the e-mails a person gets are in it). */
  locale?: 'ru';
}[] = [
  { email: 'reset.journey@demo.test', name: 'Rita', surname: 'Resetova', role: 'employee', company: 'demo' },
  { email: 'olga@switchoff.test', name: 'Olga', surname: 'Offova', role: 'employee', company: 'fixture' },
  // Voters only the responses journeys (voting-responses.spec.ts) use, each in votings of its own; their receipts go to nobody else.
  { email: 'pavel.paperov@demo.test', name: 'Pavel', surname: 'Paperov', role: 'employee', company: 'demo' },
  { email: 'roman.rejectov@demo.test', name: 'Roman', surname: 'Rejectov', role: 'employee', company: 'demo' },
  { email: 'dina.deletova@demo.test', name: 'Dina', surname: 'Deletova', role: 'employee', company: 'demo' },
  { email: 'fedor.firstov@demo.test', name: 'Fedor', surname: 'Firstov', role: 'employee', company: 'demo' },
  { email: 'sofia.secondova@demo.test', name: 'Sofia', surname: 'Secondova', role: 'employee', company: 'demo' },
  // Staff whose saved language (Russian) no other journey relies on.
  { email: 'raisa.russkova@demo.test', name: 'Raisa', surname: 'Russkova', role: 'staff', company: null },
  // The audit-fixes journeys (audit-fixes.spec.ts): a voter whose response is rejected, one whose vote goes with its voting,
  // and staff who act (and switch to Russian) there only.
  { email: 'lev.logov@demo.test', name: 'Lev', surname: 'Logov', role: 'employee', company: 'demo' },
  { email: 'gleb.goneov@demo.test', name: 'Gleb', surname: 'Goneov', role: 'employee', company: 'demo' },
  { email: 'lidia.logova@demo.test', name: 'Lidia', surname: 'Logova', role: 'staff', company: null },
  // The digest journey's reader, who switches to Russian there only.
  { email: 'dmitry.digestov@demo.test', name: 'Dmitry', surname: 'Digestov', role: 'employee', company: 'demo' },
  // The help journey's reader, who switches to Russian there only.
  { email: 'hanna.helpova@demo.test', name: 'Hanna', surname: 'Helpova', role: 'employee', company: 'demo' },
  // The code of practice journey's reader, who switches to Russian there only.
  { email: 'kira.kodexova@demo.test', name: 'Kira', surname: 'Kodexova', role: 'employee', company: 'demo' },
  // The history journey's staff, who switch to Russian there only.
  { email: 'irina.istorikova@demo.test', name: 'Irina', surname: 'Istorikova', role: 'staff', company: null },
  // The calendar journey's committee member (who registers and switches to Russian there only) and a member of no committee.
  { email: 'mark.memberov@demo.test', name: 'Mark', surname: 'Memberov', role: 'employee', company: 'demo' },
  { email: 'nina.nonmemberova@demo.test', name: 'Nina', surname: 'Nonmemberova', role: 'employee', company: 'demo' },
  // The credit journey (credit.spec.ts): staff who keep the distributors and switch to Russian there only, and the company's
  // credit controller who is given credit.fill there.
  { email: 'dora.distributova@demo.test', name: 'Dora', surname: 'Distributova', role: 'staff', company: null },
  { email: 'kirill.kreditov@demo.test', name: 'Kirill', surname: 'Kreditov', role: 'employee', company: 'demo' },
  // The wide-screen journey's staff (wide-screen.spec.ts), who switch to Russian there only.
  { email: 'shirin.shirokov@demo.test', name: 'Shirin', surname: 'Shirokov', role: 'staff', company: null },
  // The company committees journey's employee (committees-company.spec.ts), who asks to join and switches to Russian there only.
  { email: 'cora.committeeva@demo.test', name: 'Cora', surname: 'Committeeva', role: 'employee', company: 'demo' },
  // The staff's committees journey's applicant (committees-staff.spec.ts), who asks to join a working group there only.
  { email: 'boris.biddov@demo.test', name: 'Boris', surname: 'Biddov', role: 'employee', company: 'demo' },
  // The committees' mail journeys (committees-mail.spec.ts): a Russian-speaking person who asks for a password reset after
  // admin changed its template, and a subscriber who unsubscribes through a mailing's link.
  { email: 'rostislav.resetov@demo.test', name: 'Rostislav', surname: 'Sbrosov', role: 'employee', company: 'demo', locale: 'ru' },
  { email: 'ursula.unsubova@demo.test', name: 'Ursula', surname: 'Unsubova', role: 'employee', company: 'demo' },
  // The survey access journey's employee (survey-access.spec.ts), whose areas staff change there only.
  { email: 'ada.accessova@demo.test', name: 'Ada', surname: 'Accessova', role: 'employee', company: 'demo' },
  // The survey access journey's staff, who switch to Russian there only.
  { email: 'stas.accessov@demo.test', name: 'Stas', surname: 'Accessov', role: 'staff', company: null },
  // The report access journey's staff (report-access.spec.ts), to whom admin gives the report_admin data scope there only.
  { email: 'renata.reportova@demo.test', name: 'Renata', surname: 'Reportova', role: 'staff', company: null },
  // The credit review journeys' staff (credit-review.spec.ts), who answer distributor requests and review credit data there only.
  { email: 'vera.vozvratova@demo.test', name: 'Vera', surname: 'Vozvratova', role: 'staff', company: null },
  // The sessions journey's employee (sessions.spec.ts), signed in from two browsers, one ending the other, there only.
  { email: 'sasha.sessionova@demo.test', name: 'Sasha', surname: 'Sessionova', role: 'employee', company: 'demo' },
  // The two-factor journey's admin (two-factor.spec.ts), who turns two-factor sign-in on and off there only.
  { email: 'tanya.totpova@demo.test', name: 'Tanya', surname: 'Totpova', role: 'admin', company: null },
  // The second-factor reset journey's employee (two-factor.spec.ts), who turns it on and loses the phone there only.
  { email: 'lev.lostov@demo.test', name: 'Lev', surname: 'Lostov', role: 'employee', company: 'demo' },
  // The security log journey's admin (history.spec.ts), who switches to Russian there only.
  { email: 'sergei.securov@demo.test', name: 'Sergei', surname: 'Securov', role: 'admin', company: null },
  // The erasure journey's employees (erasure.spec.ts): one asks and is erased there, the other asks in Russian and is refused.
  { email: 'erik.erasov@demo.test', name: 'Erik', surname: 'Erasov', role: 'employee', company: 'demo' },
  { email: 'olga.otkazova@demo.test', name: 'Olga', surname: 'Otkazova', role: 'employee', company: 'demo', locale: 'ru' },
  // The consent journey's employee (consent.spec.ts), who accepted an older personal data policy.
  { email: 'polina.politikova@demo.test', name: 'Polina', surname: 'Politikova', role: 'employee', company: 'demo' },
];

/** The personal data policy's version the e2e server runs with, and the person asked to accept it at sign-in. */
export const E2E_POLICY_VERSION = '2026-11';
export const E2E_CONSENT_USER = 'polina.politikova@demo.test';

/** The salary-survey journey's second company, whose trusted person fills the positions grid from Excel (salary-survey.spec.ts). */
/** The staff survey journey's company (survey-staff.spec.ts): reminded and given a later deadline there only. */
export const E2E_REMINDER_COMPANY = { name: 'Reminder Pharma', domain: 'reminder.test', ceo: 'rimma.remindova@reminder.test' };

/** The credit review journeys' company (credit-review.spec.ts) and its credit controller, given credit.fill there. */
export const E2E_CREDIT_COMPANY = { name: 'Kredit Pharma', domain: 'kredit.test', controller: 'kostya.kontrolov@kredit.test' };

export const E2E_SURVEY_COMPANY = { name: 'Tablica Pharma', domain: 'tablica.test', trusted: 'tamara.tablova@tablica.test' };

/** The incumbent upload journey's company and its general manager (survey-incumbents.spec.ts), whose grid starts empty. */
export const E2E_INCUMBENT_COMPANY = { name: 'Kadry Pharma', domain: 'kadry.test', ceo: 'karina.kadrova@kadry.test' };

/** The committee the calendar journey plans an event for, and its one member. */
export const E2E_FIXTURE_COMMITTEE = {
  nameEn: 'Regulatory Affairs Committee',
  nameRu: 'Комитет по регуляторным вопросам',
  member: 'mark.memberov@demo.test',
};

/**
 * A closed survey period only the survey staff journey reviews, with Demo Pharma's response submitted (the questionnaire's
 * own journeys use their own). Five of the demo market's companies answered it too (accepted), so the market check has a
 * median: Demo Pharma's Moscow medical representatives are 3.5× it; its general manager's cell has too few companies.
 */
export const E2E_FIXTURE_SURVEY = {
  code: 'E2E-REVIEW',
  titleEn: 'Review journey survey',
  titleRu: 'Опрос для проверки анкет',
  company: 'Demo Pharma',
  grid: [
    ['SAL-01', 'MOW', 560_000],
    ['GM-01', 'MOW', 1_500_000],
  ] as [position: string, region: string, base: number][],
  market: [
    [
      'Aurora Pharma',
      [
        ['SAL-01', 'MOW', 150_000],
        ['GM-01', 'MOW', 1_400_000],
      ],
    ],
    [
      'Baikal Medica',
      [
        ['SAL-01', 'MOW', 155_000],
        ['GM-01', 'MOW', 1_600_000],
      ],
    ],
    ['Caspian Health', [['SAL-01', 'MOW', 160_000]]],
    ['Dvina Biologics', [['SAL-01', 'MOW', 165_000]]],
    ['Elbrus Therapeutics', [['SAL-01', 'MOW', 170_000]]],
  ] as [company: string, grid: [position: string, region: string, base: number][]][],
};

export const HOMES = {
  employee: '/home',
  trusted: '/trusted/home',
  ceo: '/ceo/home',
  staff: '/aipm/employees/companies',
  admin: '/admin/index',
} as const;

/**
 * The open credit period the credit journeys share (one period of a kind may be open at once): made as of yesterday and
 * opened by the first journey that needs it, through the staff's periods calls.
 */
export async function openCreditPeriod(request: APIRequestContext, staff: { authorization: string }): Promise<{ id: number; titleEn: string }> {
  const periods: { id: number; kind: string; status: string; titleEn: string }[] = await (
    await request.get('/api/aipm/period', { headers: staff })
  ).json();
  const open = periods.find((p) => p.kind === 'credit' && p.status === 'open');
  if (open) return open;
  const created = await request.post('/api/aipm/period/create', {
    headers: staff,
    data: {
      kind: 'credit',
      code: 'E2E-CREDIT',
      titleEn: 'Credit data, journey',
      titleRu: 'Кредитные данные, проверка',
      closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      effectiveDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      bonusYear: 2026,
      minimumWage: '0',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const period = await created.json();
  const opened = await request.post('/api/aipm/period/setStatus', { headers: staff, data: { id: period.id, from: 'draft', to: 'open' } });
  expect(opened.ok(), await opened.text()).toBe(true);
  return period;
}

/** Gives a company person the credit.fill area (no role holds it by default). */
export async function grantCreditFill(request: APIRequestContext, staff: { authorization: string }, email: string): Promise<void> {
  const people = await request.post('/api/aipm/access/areas/list', { headers: staff, data: { search: email } });
  const userId = (await people.json()).rows[0].userId;
  const granted = await request.post('/api/aipm/access/areas/update', {
    headers: staff,
    data: { changes: [{ userId, area: 'credit.fill', granted: true }] },
  });
  expect(granted.ok(), await granted.text()).toBe(true);
}

/** Logs in through the form and waits until the portal has let the user in. */
export async function login(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The Authorization header of a session opened through the API, for setting up data as that person. */
export async function apiAuth(request: APIRequestContext, email: string, password = PASSWORD): Promise<{ authorization: string }> {
  const response = await request.post('/api/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return { authorization: `Bearer ${(await response.json()).token}` };
}

export interface StartedVoting {
  id: number;
  slug: string;
  title: string;
  options: { id: number; seq: number; name: string }[];
}

/** A voting created through the API as staff and started at once (it began a minute ago, ends in an hour). */
export async function startedVoting(request: APIRequestContext, over: Record<string, unknown> = {}): Promise<StartedVoting> {
  const headers = await apiAuth(request, 'staff@demo.test');
  const now = Date.now();
  const created = await request.post('/api/aipm/vote/create', {
    headers,
    data: {
      title: 'Выбор председателя',
      question: 'Кто возглавит комитет?',
      language: 'ru',
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      unit: 'person',
      options: [
        { seq: 1, name: 'Анна' },
        { seq: 2, name: 'Борис' },
      ],
      ...over,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const voting = await created.json();
  const started = await request.post('/api/aipm/vote/nextStatus', { headers, data: { id: voting.id, from: 'planned' } });
  expect(started.ok(), await started.text()).toBe(true);
  return { id: voting.id, slug: voting.link.split('/').at(-1), title: voting.title, options: voting.options };
}

/** A voter answers a voting in the portal, through the API. */
export async function castVote(request: APIRequestContext, email: string, voting: StartedVoting, optionName: string): Promise<void> {
  const option = voting.options.find((o) => o.name === optionName);
  expect(option, `no option ${optionName}`).toBeTruthy();
  const response = await request.post('/api/vote/sendResponse', {
    headers: await apiAuth(request, email),
    data: { votingId: voting.id, optionIds: [option?.id] },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Opens the voting log; answers its entries of one voting and one action (an action's words, or any text of the entry). */
export async function openVotingLog(page: Page, prefix: 'aipm' | 'admin', votingTitle: string, tableName = 'Voting log') {
  await page.goto(`/${prefix}/voting/log`);
  const rows = page.getByRole('table', { name: tableName, exact: true }).getByRole('row').filter({ hasText: votingTitle });
  return (action: string) => rows.filter({ hasText: action });
}

/** A datetime-local value, minutes from now, in the browser's (UTC) time zone. */
export const localInput = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

/**
 * Enters a date ('YYYY-MM-DD') or a date and time ('YYYY-MM-DDTHH:mm', as localInput gives) into a date picker field,
 * found as `getByRole('group', { name: label })`: MUI X fields are sections, not one input that takes `fill`, so this selects
 * them all and types the value as the page's language writes it (MM/DD/YYYY hh:mm AM in English, DD.MM.YYYY HH:mm in Russian).
 */
export async function fillDate(field: Locator, value: string): Promise<void> {
  const parts = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (!parts) throw new Error(`fillDate: not a date: ${value}`);
  const [, y, mo, d, h, mi] = parts;
  const page = field.page();
  const ru = (await page.evaluate(() => document.documentElement.lang)) === 'ru';
  let text = ru ? `${d}.${mo}.${y}` : `${mo}/${d}/${y}`;
  if (h !== undefined) {
    const hour = Number(h);
    text += ru ? ` ${h}:${mi}` : ` ${String(hour % 12 || 12).padStart(2, '0')}:${mi} ${hour < 12 ? 'AM' : 'PM'}`;
  }
  await field.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/**
 * Expects a toast with this text (and detail, when given), then closes it with Escape so that the next one shows
 * at once (Escape would also close an open dialog: call it once the dialog's work is done).
 */
export async function expectToast(page: Page, text: string, detail?: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  if (detail) await expect(toast).toContainText(detail);
  await page.keyboard.press('Escape');
  await expect(toast).toBeHidden();
}

/**
 * The newest .eml written to `to` (and containing `contains`, when given), decoded: each part's quoted-printable or base64
 * body and the headers' encoded words as UTF-8 text (so Russian e-mails read as written).
 */
export async function lastMailTo(to: string, contains?: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(MAIL_DIR)) return false;
        const files = fs.readdirSync(MAIL_DIR).sort().reverse();
        for (const file of files) {
          const text = decodeMail(fs.readFileSync(path.join(MAIL_DIR, file), 'utf8'));
          if (new RegExp(`^To: ${to}$`, 'mi').test(text) && (!contains || contains.test(text))) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found ?? '';
}

/** Quoted-printable's bytes (soft breaks removed, escapes read), as a Buffer. */
const quotedPrintableBytes = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );

/** A run of a header's encoded words (=?UTF-8?B?…?=), folded or not: decoded together, as a character may span two. */
const ENCODED_WORDS = /=\?utf-8\?[bq]\?[^?]*\?=(?:\s+=\?utf-8\?[bq]\?[^?]*\?=)*/gi;
const ENCODED_WORD = /=\?utf-8\?([bq])\?([^?]*)\?=/gi;

/**
 * A part: its header block naming its transfer encoding, the blank line, and its body up to the next boundary line of
 * the message (or its end). A body may hold lines of dashes of its own, so only the boundaries the message names end it.
 */
const encodedPart = (raw: string) => {
  const boundaries = [...raw.matchAll(/boundary="?([^"\s;]+)"?/gi)].map(([, b]) => (b ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const end = boundaries.length > 0 ? `(?=\\r?\\n--(?:${boundaries.join('|')})|$)` : '$';
  return new RegExp(`(Content-Transfer-Encoding:\\s*(base64|quoted-printable)\\b[\\s\\S]*?\\r?\\n\\r?\\n)([\\s\\S]*?)${end}`, 'gi');
};

/** A raw message with every part's body and the headers' encoded words decoded as UTF-8. */
export const decodeMail = (raw: string): string =>
  raw
    .replace(encodedPart(raw), (_, head: string, encoding: string, body: string) =>
      encoding.toLowerCase() === 'base64'
        ? head + Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : head + quotedPrintableBytes(body).toString('utf8'),
    )
    .replace(ENCODED_WORDS, (run) =>
      Buffer.concat(
        [...run.matchAll(ENCODED_WORD)].map(([, encoding, data]) =>
          encoding?.toLowerCase() === 'b' ? Buffer.from(data ?? '', 'base64') : quotedPrintableBytes((data ?? '').replaceAll('_', ' ')),
        ),
      ).toString('utf8'),
    );

/** Opens the staff's new-voting form and fills what every voting needs: title, question, dates (minutes from now), options. */
export async function fillNewVoting(
  page: Page,
  v: { title: string; question: string; startsIn: number; endsIn: number; options: string[] },
): Promise<void> {
  await page.goto('/aipm/voting/create');
  await page.getByLabel('Title').fill(v.title);
  await page.getByLabel('Question').fill(v.question);
  await fillDate(page.getByRole('group', { name: 'Start' }), localInput(v.startsIn));
  await fillDate(page.getByRole('group', { name: 'End' }), localInput(v.endsIn));
  for (const [i, name] of v.options.entries()) {
    if (i >= 2) await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel(`Option ${i + 1} name`).fill(name);
  }
}

/** No serious or critical WCAG 2.1 A/AA violation (axe) on the page as it stands; `what` names it in a failure. */
export async function expectAccessible(page: Page, what = 'the page'): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${what} (${page.url()})`).toEqual([]);
}
