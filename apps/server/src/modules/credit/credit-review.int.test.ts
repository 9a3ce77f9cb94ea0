import { creditReview as api, type CreditReview, type CreditReviewRow, type CreditSubmission, credit, surveyAdmin } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDistributor, creditRow, grantCreditFill, INNS, openCreditPeriod } from '../../../test/credit-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, DEMO_COMPANY_ID, logOf } from '../../../test/org-fixtures.ts';
import { ok, withoutDemoSurvey } from '../../../test/survey-admin-fixtures.ts';
import { creditSubmissions, surveyPeriods, users } from '../../db/schema/index.ts';

let t: TestApp;
let staff: string;
let admin: string;
let trusted: string;
let periodId: number;
let alpha: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  await withoutDemoSurvey(t);
  staff = await t.tokenFor('staff@demo.test');
  admin = await t.tokenFor('admin@demo.test');
  periodId = await openCreditPeriod(t, staff);
  alpha = (await addDistributor(t, staff, { nameEn: 'Alpha' })).id;
  beta = (await addDistributor(t, staff, { nameEn: 'Beta', nameRu: 'Бета', inn: INNS[1] })).id;
  await grantCreditFill(t, admin, 'trusted@demo.test');
  trusted = await t.tokenFor('trusted@demo.test');
});
afterAll(async () => {
  await t.close();
});

const target = {
  get periodId() {
    return periodId;
  },
  companyId: DEMO_COMPANY_ID,
};
const mine = async (token = trusted) => ok<CreditSubmission>(await t.api(credit.getSubmission, {}, token));

/** The demo company's trusted person saves two rows and submits them. */
async function submitDemo(): Promise<void> {
  const saved = await ok<CreditSubmission>(
    await t.api(credit.saveSubmission, { periodId, version: 0, entries: [creditRow(alpha, 100, 10), creditRow(beta, 5)] }, trusted),
  );
  await ok(await t.api(credit.submitSubmission, { periodId, version: saved.version }, trusted));
}

const list = async (query: Record<string, unknown> = {}) =>
  ok<{ rows: CreditReviewRow[]; total: number }>(await t.api(api.list.aipm, { periodId, ...query } as never, staff));

describe('the staff’s list of credit submissions', () => {
  it('shows each company’s status, submission time, totals and open questions, filtered, sorted and paged in the database', async () => {
    await submitDemo();
    await addBetaBio(t);
    await grantCreditFill(t, admin, 'trusted@beta.test');
    await ok(
      await t.api(credit.saveSubmission, { periodId, version: 0, entries: [creditRow(alpha, 300, 30)] }, await t.tokenFor('trusted@beta.test')),
    );

    const all = await list();
    expect(all.total).toBe(2);
    expect(all.rows[1]).toMatchObject({
      companyId: DEMO_COMPANY_ID,
      status: 'submitted',
      submittedAt: t.clock.now().toISOString(),
      distributors: 2,
      receivablesTotal: '105000000.00',
      overdueTotal: '10000000.00',
      openIssues: 0,
      staffQuestion: null,
    });
    expect(all.rows[0]).toMatchObject({ status: 'in_progress', submittedAt: null, receivablesTotal: '300000000.00' });
    expect((await list({ status: 'submitted' })).rows.map((r) => r.companyId)).toEqual([DEMO_COMPANY_ID]);
    expect((await list({ sort: 'receivables', order: 'desc', pageSize: 1 })).rows.map((r) => r.receivablesTotal)).toEqual(['300000000.00']);
    expect(await list({ sort: 'receivables', pageSize: 1, page: 3 })).toEqual({ rows: [], total: 2 });
    expect((await list({ search: 'beta' })).rows).toHaveLength(1);
    // The admin's prefix answers the same.
    expect((await ok<{ total: number }>(await t.api(api.list.admin, { periodId }, admin))).total).toBe(2);
  });

  it('is a credit period’s only', async () => {
    const [salary] = await t.database.db
      .insert(surveyPeriods)
      .values({
        kind: 'salary',
        code: 'S-1',
        titleEn: 'Salary',
        titleRu: 'Зарплаты',
        status: 'open',
        opensAt: t.clock.now(),
        closesAt: new Date('2026-04-01T00:00:00Z'),
        effectiveDate: '2026-02-01',
        bonusYear: 2025,
        minimumWage: '0',
      })
      .returning({ id: surveyPeriods.id });
    expect((await t.api(api.list.aipm, { periodId: salary!.id }, staff)).statusCode).toBe(404);
  });
});

describe('accepting credit data', () => {
  it('takes a submitted submission in: read-only for the company, in its history and the log, and in the credit report', async () => {
    await submitDemo();
    expect(await t.app.services.creditReport.participants(t.database.db, periodId)).toEqual([]);
    await ok(await t.api(api.accept.aipm, target, staff), 204);

    expect(await mine()).toMatchObject({ status: 'accepted', editable: false });
    const review = await ok<CreditReview>(await t.api(api.get.aipm, target, staff));
    expect(review).toMatchObject({
      company: { id: DEMO_COMPANY_ID, name: 'Demo Pharma' },
      // Rows by the distributor's Russian name: Бета, then Фармдистрибьютор.
      submission: { status: 'accepted', entries: [{ distributor: { id: beta } }, { distributor: { id: alpha } }] },
      acceptedAt: t.clock.now().toISOString(),
    });
    expect(review.history.map((e) => [e.action, e.by])).toEqual([
      ['save', 'Tatiana Doverova'],
      ['submit', 'Tatiana Doverova'],
      ['accept', 'Sergey Staffov'],
    ]);
    const [entry] = (await logOf(t, 'survey')).filter((e) => e.action === 'creditSubmission.accepted');
    expect(entry).toMatchObject({ before: { status: 'submitted' }, after: { status: 'accepted', company: 'Demo Pharma' } });
    expect(await t.app.services.creditReport.participants(t.database.db, periodId)).toEqual([DEMO_COMPANY_ID]);

    // Accepted once: a second acceptance or a return is refused, and the company cannot change it.
    expect((await t.api(api.accept.aipm, target, staff)).json()).toMatchObject({ code: 'RESPONSE_MOVE_IMPOSSIBLE' });
    const late = await t.api(credit.saveSubmission, { periodId, version: (await mine()).version, entries: [creditRow(alpha, 1)] }, trusted);
    expect(late.json()).toMatchObject({ code: 'CREDIT_READ_ONLY' });
  });
});

describe('returning credit data with a question', () => {
  it('e-mails the company, which sees the question, changes its data and submits again', async () => {
    await submitDemo();
    const question = 'Beta’s overdue looks low against last month: please check it.';
    await ok(await t.api(api.returnWithQuestion.aipm, { ...target, question }, staff), 204);

    await t.flushMail();
    const mail = t.mail.filter((m) => m.type === 'creditReturned');
    expect(mail.map((m) => m.to)).toEqual(['trusted@demo.test']);
    expect(mail[0]!.text).toContain(question);
    expect(mail[0]!.text).toContain('/trusted/reports/selection/credit');

    const returned = await mine();
    expect(returned).toMatchObject({ status: 'returned', editable: true, staffQuestion: question });
    expect((await list()).rows[0]).toMatchObject({ status: 'returned', openIssues: 1, staffQuestion: question });

    // The company changes a row: the question stays on its screen until it submits again.
    const saved = await ok<CreditSubmission>(
      await t.api(
        credit.saveSubmission,
        { periodId, version: returned.version, entries: [creditRow(alpha, 100, 10), creditRow(beta, 5, 2)] },
        trusted,
      ),
    );
    expect(saved).toMatchObject({ status: 'in_progress', staffQuestion: question });
    const resubmitted = await ok<CreditSubmission>(await t.api(credit.submitSubmission, { periodId, version: saved.version }, trusted));
    expect(resubmitted).toMatchObject({ status: 'submitted', editable: false, staffQuestion: null });
    expect((await list()).rows[0]).toMatchObject({ status: 'submitted', openIssues: 0 });

    const review = await ok<CreditReview>(await t.api(api.get.aipm, target, staff));
    expect(review.history.map((e) => [e.action, e.question])).toEqual([
      ['save', null],
      ['submit', null],
      ['return', question],
      ['save', null],
      ['submit', null],
    ]);
    expect((await logOf(t, 'survey')).filter((e) => e.entity === 'creditSubmission').map((e) => e.action)).toEqual([
      'creditSubmission.saved',
      'creditSubmission.submitted',
      'creditSubmission.returned',
      'creditSubmission.saved',
      'creditSubmission.submitted',
    ]);
    // Now it can be accepted.
    await ok(await t.api(api.accept.admin, target, admin), 204);
  });

  it('writes the e-mail in each person’s language', async () => {
    await submitDemo();
    await grantCreditFill(t, admin, 'ceo@demo.test');
    await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.email, 'trusted@demo.test'));
    await t.database.db.update(users).set({ locale: 'ru' }).where(eq(users.email, 'ceo@demo.test'));
    await ok(await t.api(api.returnWithQuestion.aipm, { ...target, question: 'Проверьте, пожалуйста.' }, staff), 204);
    await t.flushMail();
    const subjects = Object.fromEntries(t.mail.filter((m) => m.type === 'creditReturned').map((m) => [m.to, m.subject]));
    expect(subjects).toEqual({
      'trusted@demo.test': 'Credit, February 2026: a question from the association about your credit data',
      'ceo@demo.test': 'Кредит, февраль 2026: вопрос ассоциации по вашим кредитным данным',
    });
  });
});

describe('refusals', () => {
  it('are clear and change nothing', async () => {
    // Nothing submitted yet: neither accepted nor returned.
    await ok(await t.api(credit.saveSubmission, { periodId, version: 0, entries: [creditRow(alpha, 1)] }, trusted));
    const before = await t.database.db.select().from(creditSubmissions);
    expect((await t.api(api.accept.aipm, target, staff)).json()).toMatchObject({
      code: 'RESPONSE_MOVE_IMPOSSIBLE',
      message: 'The response is not in a state that allows this.',
    });
    expect((await t.api(api.returnWithQuestion.aipm, { ...target, question: 'Why?' }, staff)).statusCode).toBe(409);
    const empty = await t.api(api.returnWithQuestion.aipm, { ...target, question: '  ' }, staff, { headers: { 'accept-language': 'ru' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { question: expect.any(String) } });
    expect((await t.api(api.accept.aipm, { periodId, companyId: 999_999 }, staff)).statusCode).toBe(404);
    expect((await t.api(api.get.aipm, { periodId: 999_999, companyId: DEMO_COMPANY_ID }, staff)).statusCode).toBe(404);
    expect(await t.database.db.select().from(creditSubmissions)).toEqual(before);
  });

  it('refuse returning data the company could no longer answer: after the deadline or once the period is closed', async () => {
    await submitDemo();
    t.clock.set('2026-03-17T09:00:00Z');
    // The test's sessions last an hour: new ones for the new day.
    staff = await t.tokenFor('staff@demo.test');
    trusted = await t.tokenFor('trusted@demo.test');
    const late = await t.api(api.returnWithQuestion.aipm, { ...target, question: 'Why?' }, staff);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'CREDIT_RETURN_CLOSED' });
    await ok(await t.api(surveyAdmin.movePeriod.aipm, { id: periodId, from: 'open', to: 'closed' }, staff));
    expect((await t.api(api.returnWithQuestion.aipm, { ...target, question: 'Why?' }, staff)).json()).toMatchObject({
      code: 'CREDIT_RETURN_CLOSED',
    });
    expect((await mine()).status).toBe('submitted');
    // Accepting still works while staff hold the period.
    await ok(await t.api(api.accept.aipm, target, staff), 204);
    expect((await logOf(t, 'survey')).some((e) => e.action === 'creditSubmission.returned')).toBe(false);
  });

  it('keep company people to their own company’s data and off the staff’s calls', async () => {
    await submitDemo();
    await addBetaBio(t);
    await grantCreditFill(t, admin, 'trusted@beta.test');
    const other = await t.tokenFor('trusted@beta.test');
    // Another company's person sees only their own company's (empty) data, whatever they ask.
    expect(await ok(await t.api(credit.getSubmission, { periodId }, other))).toMatchObject({ status: 'not_started', entries: [] });
    for (const token of [other, trusted, await t.tokenFor('ceo@demo.test')]) {
      expect((await t.api(api.list.aipm, { periodId }, token)).statusCode).toBe(403);
      expect((await t.api(api.get.aipm, target, token)).statusCode).toBe(403);
      expect((await t.api(api.accept.aipm, target, token)).statusCode).toBe(403);
      expect((await t.api(api.returnWithQuestion.aipm, { ...target, question: 'x' }, token)).statusCode).toBe(403);
    }
    // Staff are not admitted under /admin.
    expect((await t.api(api.accept.admin, target, staff)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(creditSubmissions).where(eq(creditSubmissions.companyId, DEMO_COMPANY_ID));
    expect(row!.status).toBe('submitted');
  });
});
