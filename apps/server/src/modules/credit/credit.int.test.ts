import { credit, type DistributorInput, surveyAccess, surveyAdmin } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as fx from '../../../test/credit-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, DEMO_COMPANY_ID, insertCompany, logOf } from '../../../test/org-fixtures.ts';
import { ok, withoutDemoSurvey } from '../../../test/survey-admin-fixtures.ts';
import { companies, creditEntries, creditSubmissions, distributors, surveyPeriods } from '../../db/schema/index.ts';
import { seedCreditDemo } from '../../demo-credit.ts';

let t: TestApp;
let staff: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  await withoutDemoSurvey(t);
  staff = await t.tokenFor('staff@demo.test');
  admin = await t.tokenFor('admin@demo.test');
});
afterAll(async () => {
  await t.close();
});

const distributorInput = fx.distributorInput;
const INNS = fx.INNS;
const addDistributor = (over: Partial<DistributorInput> = {}) => fx.addDistributor(t, staff, over);

describe('distributors', () => {
  it('are added with a checked INN and logged; a wrong checksum or a duplicate INN is refused in the caller’s language', async () => {
    const added = await addDistributor({ inn: '7707 083 893', legalName: 'ПАО Фарм' });
    expect(added).toMatchObject({ inn: '7707083893', status: 'active', entries: 0, version: 1 });
    expect((await logOf(t, 'survey')).map((e) => e.action)).toEqual(['distributor.created']);

    const wrong = await t.api(credit.createDistributor.aipm, distributorInput({ inn: '7707083894' }), staff);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { inn: "This INN's check digits are wrong." } });
    const wrongRu = await t.api(credit.createDistributor.aipm, distributorInput({ inn: '123' }), staff, { headers: { 'accept-language': 'ru' } });
    expect(wrongRu.json()).toMatchObject({ fields: { inn: 'ИНН состоит из 10 или 12 цифр.' } });

    const duplicate = await t.api(credit.createDistributor.admin, distributorInput({ nameRu: 'Другой' }), admin);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'DISTRIBUTOR_INN_TAKEN',
      message: 'A distributor with this INN already exists.',
      fields: { inn: 'A distributor with this INN already exists.' },
    });
    expect(await t.database.db.select().from(distributors)).toHaveLength(1);
  });

  it('are listed paged, sorted and searched by name, INN and holding in the database', async () => {
    const group = await ok<{ id: number }>(
      await t.api(credit.createDistributorGroup.aipm, { nameRu: 'Холдинг Восток', nameEn: 'East Holding' }, staff),
    );
    await addDistributor({ nameRu: 'Бета', nameEn: 'Beta', inn: INNS[1], type: 'regional', groupId: group.id });
    await addDistributor({ nameRu: 'Альфа', nameEn: 'Alpha', inn: INNS[2] });
    await addDistributor({ nameRu: 'Гамма', nameEn: 'Gamma', inn: INNS[3], status: 'in_bankruptcy' });
    type Page = { rows: { nameEn: string }[]; total: number };
    const names = async (query: Record<string, unknown>) => {
      const page = await ok<Page>(await t.api(credit.distributors.aipm, query as never, staff));
      return { names: page.rows.map((r) => r.nameEn), total: page.total };
    };
    expect(await names({})).toEqual({ names: ['Alpha', 'Beta', 'Gamma'], total: 3 });
    expect(await names({ sort: 'name', order: 'desc', pageSize: 2 })).toEqual({ names: ['Gamma', 'Beta'], total: 3 });
    expect(await names({ pageSize: 2, page: 2 })).toEqual({ names: ['Gamma'], total: 3 });
    expect(await names({ search: INNS[2]!.slice(0, 6) })).toEqual({ names: ['Alpha'], total: 1 });
    expect(await names({ search: 'east' })).toEqual({ names: ['Beta'], total: 1 });
    expect(await names({ status: 'in_bankruptcy' })).toEqual({ names: ['Gamma'], total: 1 });
    expect(await names({ type: 'regional' })).toEqual({ names: ['Beta'], total: 1 });
    expect(await names({ sort: 'group' })).toEqual({ names: ['Beta', 'Alpha', 'Gamma'], total: 3 });
    const groups = await ok<{ nameEn: string; distributors: number }[]>(await t.api(credit.distributorGroups.aipm, undefined, staff));
    expect(groups).toEqual([expect.objectContaining({ nameEn: 'East Holding', distributors: 1 })]);
  });

  it('are edited with a version check; a stale edit or another’s INN is refused', async () => {
    const a = await addDistributor();
    const b = await addDistributor({ inn: INNS[1], nameRu: 'Б' });
    const edited = await ok<fx.DistributorView>(
      await t.api(credit.updateDistributor.aipm, { ...distributorInput({ nameEn: 'Renamed' }), id: a.id, version: a.version }, staff),
    );
    expect(edited.version).toBe(2);
    const stale = await t.api(credit.updateDistributor.aipm, { ...distributorInput(), id: a.id, version: 1 }, staff);
    expect(stale.statusCode).toBe(409);
    const taken = await t.api(credit.updateDistributor.aipm, { ...distributorInput({ inn: INNS[0] }), id: b.id, version: b.version }, staff);
    expect(taken.json()).toMatchObject({ code: 'DISTRIBUTOR_INN_TAKEN' });
  });

  it('holdings are named once', async () => {
    const g = await ok<{ id: number }>(await t.api(credit.createDistributorGroup.aipm, { nameRu: 'Север', nameEn: 'North' }, staff));
    const again = await t.api(credit.createDistributorGroup.aipm, { nameRu: 'север', nameEn: 'North 2' }, staff);
    expect(again.statusCode).toBe(409);
    const renamed = await ok<{ nameEn: string }>(
      await t.api(credit.updateDistributorGroup.aipm, { id: g.id, nameRu: 'Север-2', nameEn: 'North 2' }, staff),
    );
    expect(renamed.nameEn).toBe('North 2');
    expect((await logOf(t, 'survey')).map((e) => e.action)).toEqual(['distributorGroup.created', 'distributorGroup.updated']);
  });
});

// ---- credit data

const openCreditPeriod = (effectiveDate?: string) => fx.openCreditPeriod(t, staff, effectiveDate);
const grantCreditFill = (email: string) => fx.grantCreditFill(t, admin, email);
const entry = fx.creditRow;

type Submission = { status: string; version: number; editable: boolean; entries: { distributor: { id: number }; receivablesTotal: string }[] };

describe('credit data', () => {
  it('is only for company people holding credit.fill: the ceo is refused until given the area', async () => {
    await openCreditPeriod();
    const ceo = await t.tokenFor('ceo@demo.test');
    expect((await t.api(credit.getSubmission, {}, ceo)).statusCode).toBe(403);
    expect((await t.api(credit.searchDistributors, { search: '' }, ceo)).statusCode).toBe(403);
    await grantCreditFill('ceo@demo.test');
    expect(await ok<Submission>(await t.api(credit.getSubmission, {}, ceo))).toMatchObject({
      status: 'not_started',
      version: 0,
      editable: true,
      entries: [],
    });
  });

  it('answers null when no credit period runs', async () => {
    await grantCreditFill('trusted@demo.test');
    expect(await ok(await t.api(credit.getSubmission, {}, await t.tokenFor('trusted@demo.test')))).toBeNull();
  });

  it('is saved with a version check, 409 with the newer data on a stale save, then submitted and closed to changes', async () => {
    const periodId = await openCreditPeriod();
    const a = await addDistributor();
    const b = await addDistributor({ inn: INNS[1], nameRu: 'Б' });
    await grantCreditFill('trusted@demo.test');
    await grantCreditFill('ceo@demo.test');
    const trusted = await t.tokenFor('trusted@demo.test');
    const ceo = await t.tokenFor('ceo@demo.test');

    const options = await ok<{ id: number }[]>(await t.api(credit.searchDistributors, { search: INNS[1] }, trusted));
    expect(options.map((o) => o.id)).toEqual([b.id]);

    const first = await ok<Submission>(await t.api(credit.saveSubmission, { periodId, version: 0, entries: [entry(a.id, 100, 10)] }, trusted));
    expect(first).toMatchObject({ status: 'in_progress', version: 1, entries: [{ distributor: { id: a.id }, receivablesTotal: '100000000.00' }] });

    // The ceo saves from a screen read before the trusted person's save.
    const stale = await t.api(credit.saveSubmission, { periodId, version: 0, entries: [entry(b.id, 5)] }, ceo);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CREDIT_STALE', details: { version: 1, entries: [{ distributor: { id: a.id } }] } });

    const same = await t.api(credit.saveSubmission, { periodId, version: 1, entries: [entry(a.id, 100, 10)] }, ceo);
    expect(same.json()).toMatchObject({ code: 'NOTHING_TO_SAVE' });

    const second = await ok<Submission>(
      await t.api(credit.saveSubmission, { periodId, version: 1, entries: [entry(a.id, 100, 10), entry(b.id, 5)] }, ceo),
    );
    expect(second.version).toBe(2);
    const submitted = await ok<Submission>(await t.api(credit.submitSubmission, { periodId, version: 2 }, ceo));
    expect(submitted).toMatchObject({ status: 'submitted', editable: false, version: 3 });
    const late = await t.api(credit.saveSubmission, { periodId, version: 3, entries: [entry(a.id, 1)] }, ceo);
    expect(late.json()).toMatchObject({ code: 'CREDIT_READ_ONLY', message: 'The credit data can no longer be changed.' });
    expect((await logOf(t, 'survey')).filter((e) => e.entity === 'creditSubmission').map((e) => e.action)).toEqual([
      'creditSubmission.saved',
      'creditSubmission.saved',
      'creditSubmission.submitted',
    ]);
  });

  it('refuses buckets that do not add up, negative amounts, a merged distributor and an empty submission, saving nothing', async () => {
    const periodId = await openCreditPeriod();
    const a = await addDistributor();
    await grantCreditFill('trusted@demo.test');
    const trusted = await t.tokenFor('trusted@demo.test');
    const mismatch = await t.api(credit.saveSubmission, { periodId, version: 0, entries: [{ ...entry(a.id, 100), notDue: '1' }] }, trusted);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ fields: { 'entries.0.receivablesTotal': 'Not due and the overdue buckets must add up to the total.' } });
    const negative = await t.api(credit.saveSubmission, { periodId, version: 0, entries: [{ ...entry(a.id, 1), netSalesPeriod: '-1' }] }, trusted);
    expect(negative.json()).toMatchObject({ fields: { 'entries.0.netSalesPeriod': 'Cannot be negative.' } });
    const unknown = await t.api(credit.saveSubmission, { periodId, version: 0, entries: [entry(999_999, 1)] }, trusted);
    expect(unknown.json()).toMatchObject({ fields: { 'entries.0.distributorId': 'This distributor is merged or unknown; choose another.' } });
    const empty = await t.api(credit.submitSubmission, { periodId, version: 0 }, trusted);
    expect(empty.json()).toMatchObject({ code: 'CREDIT_EMPTY' });
    expect(await t.database.db.select().from(creditSubmissions)).toEqual([]);
  });

  it('refuses data as of a day that has not come, in the caller’s language', async () => {
    const periodId = await openCreditPeriod('2026-03-31');
    const a = await addDistributor();
    await grantCreditFill('trusted@demo.test');
    const res = await t.api(credit.saveSubmission, { periodId, version: 0, entries: [entry(a.id, 1)] }, await t.tokenFor('trusted@demo.test'), {
      headers: { 'accept-language': 'ru' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CREDIT_AS_OF_FUTURE',
      message: 'Кредитные данные можно вводить только после отчётной даты (2026-03-31).',
    });
  });

  it('shows the running credit period on the selection page to a person with credit.fill', async () => {
    const periodId = await openCreditPeriod();
    await grantCreditFill('employee@demo.test');
    const got = await ok<{ areas: string[]; surveys: { periodId: number; kind: string; responseStatus: string }[] }>(
      await t.api(surveyAccess.getAvailableReports, undefined, await t.tokenFor('employee@demo.test')),
    );
    expect(got.areas).toEqual(['credit.fill']);
    expect(got.surveys).toEqual([expect.objectContaining({ periodId, kind: 'credit', responseStatus: 'not_started' })]);
    const periods = await ok<{ id: number; kind: string; counts: { companies: number; notStarted: number } }[]>(
      await t.api(surveyAdmin.periods.aipm, undefined, staff),
    );
    expect(periods.find((p) => p.id === periodId)).toMatchObject({ kind: 'credit', counts: { notStarted: 1 } });
  });
});

describe('merging distributors', () => {
  it('moves every credit entry to the survivor in one step, adding rows of one submission together', async () => {
    const periodId = await openCreditPeriod();
    const survivor = await addDistributor();
    const duplicate = await addDistributor({ inn: INNS[1], nameRu: 'Дубль' });
    const other = await addDistributor({ inn: INNS[2], nameRu: 'Другой' });
    await grantCreditFill('trusted@demo.test');
    const beta = await addBetaBio(t);
    await grantCreditFill('trusted@beta.test');
    await ok(
      await t.api(
        credit.saveSubmission,
        { periodId, version: 0, entries: [entry(survivor.id, 100, 0, 30), entry(duplicate.id, 300, 30, 90)] },
        await t.tokenFor('trusted@demo.test'),
      ),
    );
    await ok(
      await t.api(
        credit.saveSubmission,
        { periodId, version: 0, entries: [entry(duplicate.id, 50), entry(other.id, 5)] },
        await t.tokenFor('trusted@beta.test'),
      ),
    );
    const merged = await ok<{ survivor: fx.DistributorView; movedEntries: number }>(
      await t.api(credit.mergeDistributors.aipm, { duplicateId: duplicate.id, survivorId: survivor.id }, staff),
    );
    expect(merged).toMatchObject({ movedEntries: 2, survivor: { id: survivor.id, entries: 2 } });
    const rows = await t.database.db.select().from(creditEntries).where(eq(creditEntries.distributorId, survivor.id));
    // Terms and days beyond terms weighted by receivables: (30 × 100 + 90 × 300) / 400 and (0 × 100 + 1 × 300) / 400.
    expect(rows.map((r) => [r.receivablesTotal, r.overdue1To30, r.contractualTermsDays, r.daysBeyondTerms]).sort()).toEqual([
      ['400000000.00', '30000000.00', 75, '0.8'],
      ['50000000.00', '0.00', 60, '0.0'],
    ]);
    const [dup] = await t.database.db.select().from(distributors).where(eq(distributors.id, duplicate.id));
    expect(dup).toMatchObject({ status: 'merged', mergedIntoId: survivor.id });
    expect(beta.id).toBeGreaterThan(0);
    // A merged distributor is no longer offered, edited or merged again; its INN is free for the list again.
    expect(
      (await ok<{ id: number }[]>(await t.api(credit.searchDistributors, { search: INNS[1] }, await t.tokenFor('trusted@demo.test')))).length,
    ).toBe(0);
    const again = await t.api(credit.mergeDistributors.aipm, { duplicateId: other.id, survivorId: duplicate.id }, staff);
    expect(again.json()).toMatchObject({ code: 'DISTRIBUTOR_MERGED' });
    const edit = await t.api(
      credit.updateDistributor.aipm,
      { ...distributorInput({ inn: INNS[1] }), id: duplicate.id, version: dup!.version },
      staff,
    );
    expect(edit.statusCode).toBe(409);
    expect((await logOf(t, 'survey')).filter((e) => e.action === 'distributor.merged')).toHaveLength(1);
  });

  it('changes nothing when it is refused', async () => {
    const a = await addDistributor();
    const b = await addDistributor({ inn: INNS[1], nameRu: 'Б' });
    const c = await addDistributor({ inn: INNS[2], nameRu: 'В' });
    await ok(await t.api(credit.mergeDistributors.aipm, { duplicateId: b.id, survivorId: a.id }, staff));
    const before = await t.database.db.select().from(distributors);
    const res = await t.api(credit.mergeDistributors.aipm, { duplicateId: c.id, survivorId: b.id }, staff);
    expect(res.statusCode).toBe(409);
    expect(await t.database.db.select().from(distributors)).toEqual(before);
    expect((await t.api(credit.mergeDistributors.aipm, { duplicateId: a.id, survivorId: a.id }, staff)).statusCode).toBe(400);
  });
});

describe('the credit report', () => {
  it('reads accepted data of counted companies only, and shows a company its own exposure', async () => {
    const periodId = await openCreditPeriod();
    const a = await addDistributor({ nameEn: 'Alpha' });
    const companyIds = [DEMO_COMPANY_ID];
    for (let i = 1; i <= 5; i++) companyIds.push(await insertCompany(t, `Maker ${i}`, { status: 'confirmed' }));
    const testCompany = await insertCompany(t, 'Trial Co', { status: 'confirmed' });
    await t.database.db.update(companies).set({ isTest: true }).where(eq(companies.id, testCompany));
    const now = t.clock.now();
    for (const [i, companyId] of [...companyIds, testCompany].entries()) {
      const [s] = await t.database.db
        .insert(creditSubmissions)
        .values({ periodId, companyId, status: i === 5 ? 'submitted' : 'accepted', submittedAt: now })
        .returning();
      await t.database.db.insert(creditEntries).values({ submissionId: s!.id, ...entry(a.id, 30) });
    }
    const doc = await t.app.services.creditReport.document(periodId, 'en', DEMO_COMPANY_ID);
    const market = doc.sections.find((s) => s.heading === 'Market totals');
    // Five accepted counted companies of RUB 30 m each; the one not yet accepted and the test company are left out.
    expect(market).toMatchObject({ rows: [{ value: 5 }, { value: 150 }, { value: 0 }, { value: 0 }, { value: 56 }, { value: 0 }] });
    expect(doc.sections.find((s) => s.heading === 'Your exposure')).toMatchObject({
      rows: [{ distributor: 'Alpha', own: 30, market: 150 }],
    });
  });
});

describe('the demo credit data', () => {
  it('gives the credit report a market: three distributors of their own and the rest pooled; seeding twice adds nothing', async () => {
    await seedCreditDemo(t.database.db, t.clock.now());
    await seedCreditDemo(t.database.db, t.clock.now());
    const [period] = await t.database.db.select().from(surveyPeriods).where(eq(surveyPeriods.kind, 'credit'));
    expect(period).toMatchObject({ status: 'open', effectiveDate: '2026-02-28' });
    const doc = await t.app.services.creditReport.document(period!.id, 'en');
    const byDistributor = doc.sections.find((s) => s.heading === 'By distributor');
    expect(byDistributor).toMatchObject({
      rows: [
        { distributor: 'Central Pharma Distribution' },
        { distributor: 'North-West Pharm' },
        { distributor: 'Siberian Pharma Warehouse' },
        { distributor: 'Other distributors' },
      ],
    });
    expect(await t.database.db.select().from(creditSubmissions)).toHaveLength(6);
    // The demo's trusted person may enter the demo company's own data.
    expect(await ok(await t.api(credit.getSubmission, {}, await t.tokenFor('trusted@demo.test')))).toMatchObject({ status: 'not_started' });
  });
});
