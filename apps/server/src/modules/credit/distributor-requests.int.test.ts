import { distributorRequests as api, credit, type DistributorRequest } from '@portal/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDistributor, distributorInput, grantCreditFill, INNS } from '../../../test/credit-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, DEMO_COMPANY_ID, logOf } from '../../../test/org-fixtures.ts';
import { ok } from '../../../test/survey-admin-fixtures.ts';
import { distributorRequests, distributors } from '../../db/schema/index.ts';

let t: TestApp;
let staff: string;
let admin: string;
let trusted: string;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  staff = await t.tokenFor('staff@demo.test');
  admin = await t.tokenFor('admin@demo.test');
  await grantCreditFill(t, admin, 'trusted@demo.test');
  trusted = await t.tokenFor('trusted@demo.test');
});
afterAll(async () => {
  await t.close();
});

const REQUEST = { name: 'Волжский фармсклад', inn: INNS[2]!, city: 'Самара', comment: 'Ships to the Volga region.' };
const ask = async (token = trusted, body: Partial<typeof REQUEST> = {}) =>
  ok<DistributorRequest>(await t.api(api.create, { ...REQUEST, ...body }, token));
const queue = async (query: Record<string, unknown> = {}) =>
  ok<{ rows: DistributorRequest[]; total: number }>(await t.api(api.list.aipm, query as never, staff));
/** Staff add the requested distributor with the request's name and INN, as the screen prefills them. */
const addFrom = (request: DistributorRequest, token = staff) =>
  t.api(
    api.add.aipm,
    { ...distributorInput({ nameRu: request.name, nameEn: 'Volga Pharma Warehouse', inn: request.inn }), requestId: request.id },
    token,
  );

describe('a request for a missing distributor', () => {
  it('is sent by a company person with credit.fill, its INN checked, logged and queued for staff', async () => {
    const sent = await ask(trusted, { inn: ' 7728 168 971 ' });
    expect(sent).toMatchObject({
      company: { id: DEMO_COMPANY_ID, name: 'Demo Pharma' },
      requestedBy: 'Tatiana Doverova',
      name: 'Волжский фармсклад',
      inn: '7728168971',
      city: 'Самара',
      status: 'open',
      distributor: null,
      decidedAt: null,
    });
    const wrong = await t.api(api.create, { ...REQUEST, inn: '7728168972' }, trusted, { headers: { 'accept-language': 'ru' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { inn: 'Контрольные цифры ИНН неверны.' } });
    const noCity = await t.api(api.create, { ...REQUEST, city: '' }, trusted);
    expect(noCity.json()).toMatchObject({ fields: { city: 'You must enter a value.' } });

    expect((await ok<DistributorRequest[]>(await t.api(api.mine, undefined, trusted))).map((r) => r.id)).toEqual([sent.id]);
    expect(await queue({ status: 'open' })).toMatchObject({ total: 1, rows: [{ id: sent.id }] });
    expect((await queue({ search: 'самар' })).total).toBe(1);
    expect((await queue({ status: 'refused' })).total).toBe(0);
    expect((await logOf(t, 'survey')).map((e) => e.action)).toEqual(['areas.updated', 'distributorRequest.created']);
  });

  it('is refused, saving nothing, for an INN already listed or already asked for', async () => {
    await addDistributor(t, staff, { inn: INNS[0] });
    const listed = await t.api(api.create, { ...REQUEST, inn: INNS[0]! }, trusted);
    expect(listed.statusCode).toBe(409);
    expect(listed.json()).toMatchObject({
      code: 'DISTRIBUTOR_REQUEST_LISTED',
      fields: { inn: 'A distributor with this INN is already in the list. Search for it by its INN.' },
    });
    await ask();
    await addBetaBio(t);
    await grantCreditFill(t, admin, 'trusted@beta.test');
    const again = await t.api(api.create, { ...REQUEST, name: 'Volga Pharma' }, await t.tokenFor('trusted@beta.test'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'DISTRIBUTOR_REQUEST_OPEN',
      message: 'This distributor has already been asked for; the association will answer soon.',
    });
    expect(await t.database.db.select().from(distributorRequests)).toHaveLength(1);
    // Each company sees its own requests only.
    expect(await ok(await t.api(api.mine, undefined, await t.tokenFor('trusted@beta.test')))).toEqual([]);
  });

  it('is added by staff: the distributor is created from it, the requester is e-mailed and can choose it', async () => {
    const request = await ask();
    const added = await ok<DistributorRequest>(await addFrom(request));
    expect(added).toMatchObject({ status: 'added', distributor: { nameRu: 'Волжский фармсклад', inn: REQUEST.inn }, reason: null });
    expect(added.decidedAt).toBe(t.clock.now().toISOString());

    const options = await ok<{ id: number }[]>(await t.api(credit.searchDistributors, { search: REQUEST.inn }, trusted));
    expect(options.map((o) => o.id)).toEqual([added.distributor!.id]);
    await t.flushMail();
    const mail = t.mail.filter((m) => m.type === 'distributorAdded');
    expect(mail.map((m) => m.to)).toEqual(['trusted@demo.test']);
    expect(mail[0]!.text).toContain(REQUEST.inn);
    expect(mail[0]!.text).toContain('/trusted/reports/selection/credit');
    expect((await logOf(t, 'survey')).map((e) => e.action)).toEqual([
      'areas.updated',
      'distributorRequest.created',
      'distributor.created',
      'distributorRequest.added',
    ]);

    // Answered once: a second answer is refused.
    expect((await addFrom(request, admin)).json()).toMatchObject({
      code: 'DISTRIBUTOR_REQUEST_DECIDED',
      message: 'This request has already been answered.',
    });
    expect((await t.api(api.refuse.aipm, { requestId: request.id, reason: 'No.' }, staff)).statusCode).toBe(409);
    expect(await t.database.db.select().from(distributors)).toHaveLength(1);
  });

  it('is refused by staff with a reason, which the requester is e-mailed; the INN may then be asked for again', async () => {
    const request = await ask();
    const empty = await t.api(api.refuse.aipm, { requestId: request.id, reason: '' }, staff);
    expect(empty.statusCode).toBe(400);
    const reason = 'This is a pharmacy chain, not a distributor.';
    const refused = await ok<DistributorRequest>(await t.api(api.refuse.admin, { requestId: request.id, reason }, admin));
    expect(refused).toMatchObject({ status: 'refused', reason, distributor: null });
    await t.flushMail();
    const [mail] = t.mail.filter((m) => m.type === 'distributorRefused');
    expect(mail).toMatchObject({ to: 'trusted@demo.test' });
    expect(mail!.text).toContain(reason);
    expect((await logOf(t, 'survey')).at(-1)).toMatchObject({ action: 'distributorRequest.refused', after: { status: 'refused', reason } });
    await ask();
    expect((await queue()).total).toBe(2);
  });

  it('adds nothing when the INN was listed meanwhile, and stays open', async () => {
    const request = await ask();
    await addDistributor(t, staff, { inn: REQUEST.inn });
    const res = await addFrom(request);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DISTRIBUTOR_INN_TAKEN', fields: { inn: 'A distributor with this INN already exists.' } });
    expect(await t.database.db.select().from(distributors)).toHaveLength(1);
    expect((await queue({ status: 'open' })).rows.map((r) => r.id)).toEqual([request.id]);
    expect(t.mail).toEqual([]);
  });

  it('is for company people holding credit.fill; the queue is staff’s', async () => {
    const request = await ask();
    const ceo = await t.tokenFor('ceo@demo.test');
    expect((await t.api(api.create, { ...REQUEST, inn: INNS[3]! }, ceo)).statusCode).toBe(403);
    expect((await t.api(api.mine, undefined, ceo)).statusCode).toBe(403);
    expect((await t.api(api.create, { ...REQUEST, inn: INNS[3]! }, staff)).statusCode).toBe(403);
    for (const token of [trusted, ceo]) {
      expect((await t.api(api.list.aipm, {}, token)).statusCode).toBe(403);
      expect((await addFrom(request, token)).statusCode).toBe(403);
      expect((await t.api(api.refuse.aipm, { requestId: request.id, reason: 'x' }, token)).statusCode).toBe(403);
    }
    expect((await t.api(api.refuse.admin, { requestId: request.id, reason: 'x' }, staff)).statusCode).toBe(403);
    expect((await queue({ status: 'open' })).total).toBe(1);
  });
});
