import { committees as api, calendar, organisation } from '@portal/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addBetaBio, DEMO_COMPANY_ID, insertCompany, insertPerson } from '../../../test/org-fixtures.ts';
import { samplePdf } from '../../../test/pdf-files.ts';
import { queryRows } from '../../db/client.ts';
import { actionLog, committeeRequests, committeeSubscribers, users } from '../../db/schema/index.ts';
import { oneWithCounts } from './committees.repository.ts';

let t: TestApp;
let admin: string;
let staff: string;
let ceo: string;
let employee: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  admin = await t.tokenFor('admin@demo.test');
  staff = await t.tokenFor('staff@demo.test');
  ceo = await t.tokenFor('ceo@demo.test');
  employee = await t.tokenFor('employee@demo.test');
});
afterAll(async () => {
  await t.close();
});

const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

const ok = async (res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return (status === 204 ? undefined : res.json()) as never;
};

const addCommittee = async (nameEn: string, over: { position?: number; detailsEn?: string; selfService?: boolean } = {}) =>
  (await ok(await t.api(api.committee.add, { nameEn, nameRu: `${nameEn} (рус.)`, ...over }, admin))) as { id: number };
const addGroup = async (parentId: number, nameEn: string) =>
  (await ok(await t.api(api.workingGroup.add, { parentId, nameEn, nameRu: `${nameEn} (рус.)` }, admin))) as { id: number };
const all = async () =>
  (await ok(await t.api(api.all.aipm, undefined, staff))) as {
    id: number;
    parentId: number | null;
    nameEn: string;
    active: boolean;
    members: number;
    subscribers: number;
    openRequests: number;
    groups: number;
  }[];
const addMember = (
  token: string,
  prefix: keyof typeof api.addMember,
  input: { committeeId: number; userId: number; position?: string; since?: string },
) => t.api(api.addMember[prefix], { position: 'member', since: '2026-01-01', ...input }, token);
const askOwn = async (token: string, committeeId: number, letter?: Buffer) =>
  t.api(
    api.requestOwnMembership,
    { committeeId, note: 'I lead our market access team.' },
    token,
    letter ? { file: { field: 'letter', filename: 'nomination.pdf', content: letter, contentType: 'application/pdf' } } : {},
  );
const logActions = async () =>
  (await t.database.db.select({ action: actionLog.action }).from(actionLog).where(eq(actionLog.domain, 'committee'))).map((r) => r.action);

describe('committees and working groups', () => {
  it('are created, ordered, switched off and deleted by admin; members see only the active ones', async () => {
    const pricing = await addCommittee('Pricing', { position: 2, detailsEn: 'Prices and reimbursement.' });
    const access = await addCommittee('Market access', { position: 1 });
    const hta = await addGroup(access.id, 'HTA');
    expect((await all()).map((c) => c.nameEn)).toEqual(['Market access', 'HTA', 'Pricing']);
    expect((await all()).find((c) => c.id === access.id)?.groups).toBe(1);

    await ok(await t.api(api.committee.setActive, { id: access.id, isActive: false }, admin));
    const own = (await ok(await t.api(api.own, undefined, employee))) as { id: number; detailsEn: string }[];
    // A switched-off committee takes its groups out of members' lists too.
    expect(own.map((c) => c.id)).toEqual([pricing.id]);
    expect(own[0]!.detailsEn).toBe('Prices and reimbursement.');
    expect(((await ok(await t.api(api.workingGroups, undefined, employee))) as unknown[]).length).toBe(0);
    const refused = await askOwn(employee, hta.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('COMMITTEE_INACTIVE');

    await ok(await t.api(api.committee.remove, { id: access.id }, admin), 204);
    expect((await all()).map((c) => c.nameEn)).toEqual(['Pricing']);
    expect(await logActions()).toEqual(['committee.created', 'committee.created', 'committee.created', 'committee.deactivated', 'committee.deleted']);
  });

  it('say the same in the staff’s list (written by the database as JSON) as each read alone', async () => {
    const access = await addCommittee('Market access', { detailsEn: 'Access to the market.', selfService: true });
    await addGroup(access.id, 'HTA');
    await ok(await addMember(admin, 'admin', { committeeId: access.id, userId: await userId('employee@demo.test') }));
    const day = t.clock.now().toISOString().slice(0, 10);
    const list = await all();
    expect(list.length).toBeGreaterThan(1);
    for (const entry of list) expect(await oneWithCounts(t.database.db, day, entry.id)).toEqual(entry);
  });

  it('refuses a working group without a committee, under a group, and a committee asked for as a group', async () => {
    const access = await addCommittee('Market access');
    const hta = await addGroup(access.id, 'HTA');
    const noParent = await t.call('POST', '/api/admin/workingGroup/add', { token: admin, form: { nameEn: 'X', nameRu: 'X' } });
    expect(noParent.statusCode).toBe(400);
    expect(Object.keys(noParent.json().fields)).toEqual(['parentId']);
    const underGroup = await t.api(api.workingGroup.add, { parentId: hta.id, nameEn: 'X', nameRu: 'X' }, admin);
    expect(underGroup.statusCode).toBe(400);
    expect(underGroup.json().fields.parentId).toBe('Choose a committee: a working group cannot hold another group.');
    const wrongKind = await t.api(api.workingGroup.setActive, { id: access.id, isActive: false }, admin);
    expect(wrongKind.statusCode).toBe(404);
    expect((await all()).every((c) => c.active)).toBe(true);
  });
});

describe('deleting a committee', () => {
  it('is refused while it or its groups have events, saying how many', async () => {
    const c = await addCommittee('Regulatory');
    const g = await addGroup(c.id, 'Vigilance');
    await ok(
      await t.api(
        calendar.create.aipm,
        { titleEn: 'Meeting', titleRu: 'Заседание', startsAt: '2026-04-01T07:00:00Z', endsAt: '2026-04-01T09:00:00Z', committeeId: g.id },
        staff,
      ),
    );
    const refused = await t.api(api.committee.remove, { id: c.id }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('(1)');
    expect((await all()).length).toBe(2);
  });

  it('gives up a former member’s places at its coming events, the seat going to the next who waits', async () => {
    const c = await addCommittee('Regulatory');
    const [employeeId, ceoId] = [await userId('employee@demo.test'), await userId('ceo@demo.test')];
    const m = (await ok(await addMember(staff, 'aipm', { committeeId: c.id, userId: employeeId }))) as { id: number };
    await ok(await addMember(staff, 'aipm', { committeeId: c.id, userId: ceoId }));
    const event = (await ok(
      await t.api(
        calendar.create.aipm,
        {
          titleEn: 'Meeting',
          titleRu: 'Заседание',
          startsAt: '2026-04-01T07:00:00Z',
          endsAt: '2026-04-01T09:00:00Z',
          committeeId: c.id,
          registration: true,
          seats: 1,
        },
        staff,
      ),
    )) as { id: number };
    await ok(await t.api(calendar.register, { id: event.id }, employee));
    await ok(await t.api(calendar.register, { id: event.id }, ceo));
    await ok(await t.api(api.removeMember.aipm, { id: m.id }, staff), 204);
    const seen = (await ok(await t.api(calendar.event, { id: event.id }, ceo))) as { mine: string };
    expect(seen.mine).toBe('registered');
    await t.flushMail();
    expect(t.mail.filter((x) => x.type === 'eventSeatGiven').map((x) => x.to)).toEqual(['ceo@demo.test']);
  });
});

describe('members', () => {
  it('are added with a position and a term, refused twice for the same dates, changed, and removed into history', async () => {
    const c = await addCommittee('Regulatory');
    const person = await userId('employee@demo.test');
    const added = (await ok(await addMember(staff, 'aipm', { committeeId: c.id, userId: person, position: 'chair' }))) as {
      id: number;
      current: boolean;
    };
    expect(added.current).toBe(true);
    const twice = await addMember(staff, 'aipm', { committeeId: c.id, userId: person, since: '2026-02-01' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_MEMBER');
    const backwards = await t.api(api.updateMember.aipm, { id: added.id, position: 'secretary', since: '2026-02-01', until: '2026-01-01' }, staff);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields.until).toBe('The end of the term cannot be before its start.');
    await ok(await t.api(api.updateMember.aipm, { id: added.id, position: 'Treasurer', since: '2026-01-01' }, staff));

    const list = async (term: 'current' | 'past') =>
      (await ok(await t.api(api.members.aipm, { committeeId: c.id, term }, staff))) as {
        rows: { position: string; until: string | null }[];
        total: number;
      };
    expect((await list('current')).rows.map((r) => r.position)).toEqual(['Treasurer']);
    await ok(await t.api(api.removeMember.aipm, { id: added.id }, staff), 204);
    expect((await list('current')).total).toBe(0);
    // TEST_NOW is 2 March 2026: the term ends the day before.
    expect((await list('past')).rows).toMatchObject([{ position: 'Treasurer', until: '2026-03-01' }]);
    expect(await logActions()).toEqual(['committee.created', 'member.added', 'member.updated', 'member.removed']);
  });

  it('download as Excel and CSV in the language of the page', async () => {
    const c = await addCommittee('Regulatory');
    await ok(await addMember(staff, 'aipm', { committeeId: c.id, userId: await userId('ceo@demo.test'), position: 'chair' }));
    const csv = await t.api(api.membersDownload.admin, { committeeId: c.id, format: 'csv' }, admin, { headers: { cookie: 'locale=ru' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Фамилия');
    expect(csv.body).toContain('ceo@demo.test');
    expect(csv.body).toContain('Председатель');
    const xlsx = await t.api(api.membersDownload.admin, { committeeId: c.id }, admin);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).getCell(3).value).toBe('ceo@demo.test');
  });

  it('are managed by a company for its own people only, and only where the committee allows it', async () => {
    const beta = await addBetaBio(t);
    const managed = await addCommittee('Managed by the association');
    const open = await addCommittee('Open', { selfService: true });
    const own = await userId('employee@demo.test');
    const refused = await addMember(ceo, 'ceo', { committeeId: managed.id, userId: own });
    // 409, not 403: the pages sign a person out on 403, and a committee switched meanwhile is no reason to.
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('MEMBERS_MANAGED_BY_ASSOCIATION');
    const other = await addMember(ceo, 'ceo', { committeeId: open.id, userId: beta.employee.id });
    expect(other.statusCode).toBe(403);
    const added = (await ok(await addMember(ceo, 'ceo', { committeeId: open.id, userId: own }))) as { id: number };
    const betaCeo = await t.tokenFor('ceo@beta.test');
    expect((await t.api(api.removeMember.ceo, { id: added.id }, betaCeo)).statusCode).toBe(403);
    const view = (await ok(await t.api(api.companyCommittees.ceo, undefined, ceo))) as { id: number; members: { email: string }[] }[];
    expect(view.find((c) => c.id === open.id)?.members.map((m) => m.email)).toEqual(['employee@demo.test']);
    expect(((await ok(await t.api(api.companyCommittees.ceo, undefined, betaCeo))) as { members: unknown[] }[]).flatMap((c) => c.members)).toEqual(
      [],
    );
  });
});

describe('membership requests', () => {
  it('go New → In progress → Confirmed, make the person a member and e-mail the person and the ceo; a second decision is 409', async () => {
    const c = await addCommittee('Regulatory');
    const asked = await askOwn(employee, c.id, await samplePdf('We nominate our colleague.'));
    const request = (await ok(asked)) as { id: number; status: string; hasLetter: boolean };
    expect(request).toMatchObject({ status: 'new', hasLetter: true });
    const again = await askOwn(employee, c.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REQUEST_OPEN');

    const letter = await t.api(api.requestLetter.aipm, { id: request.id }, staff);
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    // Another company's people do not even learn that the request exists.
    await addBetaBio(t);
    const betaCeo = await t.tokenFor('ceo@beta.test');
    expect((await t.api(api.requestLetter.ceo, { id: request.id }, betaCeo)).statusCode).toBe(404);
    expect(((await ok(await t.api(api.requests.ceo, undefined, betaCeo))) as { total: number }).total).toBe(0);
    expect(((await ok(await t.api(api.requests.ceo, undefined, ceo))) as { total: number }).total).toBe(1);

    await ok(await t.api(api.takeRequest.aipm, { id: request.id }, staff));
    const confirmed = (await ok(await t.api(api.confirmRequest.aipm, { id: request.id }, staff))) as {
      status: string;
    };
    expect(confirmed.status).toBe('confirmed');
    const twice = await t.api(api.removeRequest.aipm, { id: request.id, reason: 'Late' }, staff);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REQUEST_DECIDED');

    const mine = (await ok(await t.api(api.approvedMembership.user, undefined, employee))) as {
      committeeId: number;
      since: string;
    }[];
    expect(mine).toMatchObject([{ committeeId: c.id, since: '2026-03-02' }]);
    const own = (await ok(await t.api(api.own, undefined, employee))) as { membership: unknown; request: unknown }[];
    expect(own[0]).toMatchObject({ membership: { position: 'member' }, request: null });

    await t.flushMail();
    const confirmations = t.mail.filter((m) => m.type === 'committeeRequestConfirmed');
    expect(confirmations.map((m) => m.to).sort()).toEqual(['ceo@demo.test', 'employee@demo.test']);
    expect(confirmations[0]!.subject).toBe('Membership confirmed: Regulatory');
    expect(await logActions()).toEqual(['committee.created', 'request.created', 'request.taken', 'member.added', 'request.confirmed']);
  });

  it('are removed with a reason (required), or withdrawn by the person', async () => {
    const c = await addCommittee('Regulatory');
    const request = (await ok(await askOwn(employee, c.id))) as { id: number };
    const noReason = await t.call('POST', '/api/admin/committee/requests/remove', { token: admin, form: { id: String(request.id), reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    const removed = (await ok(await t.api(api.removeRequest.admin, { id: request.id, reason: 'The seats are full.' }, admin))) as {
      status: string;
      reason: string;
    };
    expect(removed).toMatchObject({ status: 'removed', reason: 'The seats are full.' });
    await t.flushMail();
    expect(t.mail.find((m) => m.type === 'committeeRequestRemoved' && m.to === 'employee@demo.test')?.text).toContain('The seats are full.');

    const next = (await ok(await askOwn(employee, c.id))) as { id: number };
    const withdrawn = (await ok(await t.api(api.withdrawRequest.user, { id: next.id }, employee))) as {
      status: string;
    };
    expect(withdrawn.status).toBe('removed');
  });

  it('refuse a letter that is not a PDF, and a ceo asking for another company’s person; nothing is saved', async () => {
    const c = await addCommittee('Regulatory');
    const fake = await askOwn(employee, c.id, Buffer.from('<html>not a pdf</html>'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().fields.letter).toBe('The letter must be a PDF file.');
    const beta = await addBetaBio(t);
    const foreign = await t.api(api.requestMembership.ceo, { committeeId: c.id, userId: beta.employee.id }, ceo);
    expect(foreign.statusCode).toBe(403);
    expect(await t.database.db.select().from(committeeRequests)).toEqual([]);
    const forColleague = await t.api(
      api.requestMembership.ceo,
      { committeeId: c.id, userId: await userId('trusted@demo.test'), position: 'deputy' },
      ceo,
    );
    expect(((await ok(forColleague)) as { person: { email: string }; position: string }).position).toBe('deputy');
  });
});

describe('subscribers and the distribution list', () => {
  const upload = (
    token: string,
    endpoint: typeof api.updateSubscribers.ceo | typeof api.setCommitteeSubscribers.aipm | typeof api.setWorkingGroupSubscribers.aipm,
    committeeId: number,
    csv: string,
    commit = false,
  ) => t.api(endpoint, { committeeId, commit }, token, { file: { filename: 'list.csv', content: csv, contentType: 'text/csv' } });

  it('are set from a file after a preview of every row with its line; nothing is saved until confirmed', async () => {
    const c = await addCommittee('Regulatory');
    await insertPerson(t, DEMO_COMPANY_ID, 'off@demo.test', { isActive: false });
    const csv =
      'Name;E-mail\nEva;employee@demo.test\nX;nobody@nowhere.test\nY;not-an-address\nZ;off@demo.test\nE;EMPLOYEE@demo.test\nT;trusted@demo.test\n';
    const preview = (await ok(await upload(staff, api.setCommitteeSubscribers.aipm, c.id, csv))) as {
      rows: { line: number; status: string }[];
      added: number;
      saved: boolean;
    };
    expect(preview.rows.map((r) => [r.line, r.status])).toEqual([
      [2, 'matched'],
      [3, 'unknown'],
      [4, 'malformed'],
      [5, 'inactive'],
      [6, 'duplicate'],
      [7, 'matched'],
    ]);
    expect(preview).toMatchObject({ added: 2, saved: false });
    expect(await t.database.db.select().from(committeeSubscribers)).toEqual([]);
    const asGroup = await upload(staff, api.setWorkingGroupSubscribers.aipm, c.id, csv);
    expect(asGroup.statusCode).toBe(404);

    expect(((await ok(await upload(staff, api.setCommitteeSubscribers.aipm, c.id, csv, true))) as { saved: boolean }).saved).toBe(true);
    const page = (await ok(await t.api(api.subscribers.aipm, { committeeId: c.id }, staff))) as {
      rows: { email: string }[];
    };
    expect(page.rows.map((r) => r.email).sort()).toEqual(['employee@demo.test', 'trusted@demo.test']);
  });

  it('of a company are set by its ceo, who cannot touch other companies’ subscribers', async () => {
    const c = await addCommittee('Regulatory');
    const beta = await addBetaBio(t);
    await ok(await t.api(api.addSubscriber.aipm, { committeeId: c.id, userId: beta.ceo.id }, staff), 204);
    const csv = 'email\ntrusted@demo.test\nceo@beta.test\n';
    const preview = (await ok(await upload(ceo, api.updateSubscribers.ceo, c.id, csv))) as { rows: { status: string }[] };
    expect(preview.rows.map((r) => r.status)).toEqual(['matched', 'otherCompany']);
    await ok(await upload(ceo, api.updateSubscribers.ceo, c.id, csv, true));
    const rows = await t.database.db.select({ userId: committeeSubscribers.userId }).from(committeeSubscribers);
    expect(rows.map((r) => r.userId).sort()).toEqual([await userId('trusted@demo.test'), beta.ceo.id].sort());
    // An empty typed list clears the company's part of the list, and only that.
    const cleared = await t.api(api.updateSubscribers.ceo, { committeeId: c.id, emails: '', commit: true }, ceo);
    expect(((await ok(cleared)) as { removed: number }).removed).toBe(1);
    expect((await t.database.db.select({ userId: committeeSubscribers.userId }).from(committeeSubscribers)).map((r) => r.userId)).toEqual([
      beta.ceo.id,
    ]);
  });

  it('make the distribution list of members and subscribers, once each, without switched-off people or companies', async () => {
    const c = await addCommittee('Regulatory');
    const beta = await addBetaBio(t);
    await ok(await addMember(staff, 'aipm', { committeeId: c.id, userId: await userId('employee@demo.test') }));
    await ok(await addMember(staff, 'aipm', { committeeId: c.id, userId: beta.employee.id }));
    for (const email of ['employee@demo.test', 'ceo@demo.test', 'ceo@beta.test'])
      await ok(await t.api(api.addSubscriber.aipm, { committeeId: c.id, userId: await userId(email) }, staff), 204);
    type Page = { rows: { email: string; member: boolean; subscriber: boolean }[]; total: number };
    const list = async () => ((await ok(await t.api(api.distribution.aipm, { committeeId: c.id }, staff))) as Page).rows;
    expect((await list()).map((r) => r.email)).toEqual(['employee@beta.test', 'ceo@beta.test', 'ceo@demo.test', 'employee@demo.test']);
    expect((await list()).find((r) => r.email === 'employee@demo.test')).toMatchObject({ member: true, subscriber: true });
    // Paged, sorted and searched in the database; the addresses to copy are all of them.
    const page = (await ok(await t.api(api.distribution.aipm, { committeeId: c.id, sort: 'email', pageSize: 2, page: 2 }, staff))) as Page;
    expect(page).toMatchObject({ total: 4, rows: [{ email: 'employee@beta.test' }, { email: 'employee@demo.test' }] });
    expect(await ok(await t.api(api.distribution.aipm, { committeeId: c.id, page: 9 }, staff))).toEqual({ total: 4, rows: [] });
    const found = (await ok(await t.api(api.distribution.aipm, { committeeId: c.id, search: 'beta bio' }, staff))) as Page;
    expect(found.rows.map((r) => r.email)).toEqual(['employee@beta.test', 'ceo@beta.test']);
    expect(await ok(await t.api(api.distributionAddresses.aipm, { committeeId: c.id }, staff))).toEqual([
      'employee@beta.test',
      'ceo@beta.test',
      'ceo@demo.test',
      'employee@demo.test',
    ]);
    // An empty list is an empty page; a committee that does not exist is 404.
    const empty = await addCommittee('Nobody here');
    expect(await ok(await t.api(api.distribution.aipm, { committeeId: empty.id }, staff))).toEqual({ total: 0, rows: [] });
    expect(await ok(await t.api(api.distributionAddresses.aipm, { committeeId: empty.id }, staff))).toEqual([]);
    expect((await t.api(api.distribution.aipm, { committeeId: 999_999 }, staff)).statusCode).toBe(404);
    expect((await t.api(api.distributionAddresses.aipm, { committeeId: 999_999 }, staff)).statusCode).toBe(404);

    // Switching Beta Bio off removes its subscriptions and open requests in the same transaction; its members leave the list.
    const betaEmployee = await t.tokenFor('employee@beta.test');
    await ok(await askOwn(betaEmployee, c.id));
    await ok(await t.api(organisation.toggleCompany, { id: beta.id, isActive: false }, admin));
    expect((await list()).map((r) => r.email)).toEqual(['ceo@demo.test', 'employee@demo.test']);
    expect(await t.database.db.select().from(committeeSubscribers).where(eq(committeeSubscribers.userId, beta.ceo.id))).toEqual([]);
    const [request] = await t.database.db
      .select()
      .from(committeeRequests)
      .where(and(eq(committeeRequests.companyId, beta.id)));
    expect(request).toMatchObject({ status: 'removed', reason: 'committees.reasons.companyDeactivated' });

    const csv = await t.api(api.distributionDownload.aipm, { committeeId: c.id, format: 'csv' }, staff);
    expect(
      csv.body
        .split('\r\n')
        .slice(1, 3)
        .map((l) => l.split(',')[0]),
    ).toEqual(['ceo@demo.test', 'employee@demo.test']);
  });

  it('are the list the database keeps: after every kind of change it says what the members, subscribers, opt-outs, people and companies say', async () => {
    const c = await addCommittee('Regulatory');
    const g = await addGroup(c.id, 'Pricing');
    const beta = await addBetaBio(t);
    const gamma = await insertCompany(t, 'Gamma Pharma');
    const p1 = await insertPerson(t, gamma, 'one@gamma.test');
    const p2 = await insertPerson(t, gamma, 'two@gamma.test');
    const demo = await userId('employee@demo.test');
    const run = (query: SQL) => t.database.db.execute(query);
    // What the list holds on a day, worked out from the five tables (as the list was read before the database kept it).
    const worked = (day: string) =>
      queryRows(
        t.database.db,
        sql`SELECT g.committee_id, u.id AS user_id, u.email, u.surname, u.name, u.locale, co.name AS company, g.member, g.subscriber
          FROM (SELECT committee_id, user_id, bool_or(member) AS member, bool_or(NOT member) AS subscriber FROM (
              SELECT committee_id, user_id, true AS member FROM committee_members WHERE since <= ${day}::date AND (until IS NULL OR until >= ${day}::date)
              UNION ALL SELECT committee_id, user_id, false FROM committee_subscribers) p
            WHERE NOT EXISTS (SELECT 1 FROM committee_opt_outs o WHERE o.committee_id = p.committee_id AND o.user_id = p.user_id)
            GROUP BY committee_id, user_id) g
          JOIN users u ON u.id = g.user_id JOIN companies co ON co.id = u.company_id
          WHERE u.is_active AND co.is_active ORDER BY 1, 2`,
      );
    const kept = (day: string) =>
      queryRows(
        t.database.db,
        sql`SELECT committee_id, user_id, email, surname, name, locale, company, coalesce(member_days @> ${day}::date, false) AS member, subscriber
          FROM committee_recipients WHERE reachable AND (subscriber OR member_days @> ${day}::date) ORDER BY 1, 2`,
      );
    const days = ['2025-06-30', '2026-01-01', '2026-03-15', '2026-12-31', '2030-01-01'];
    const same = async (step: string) => {
      for (const day of days) expect(await kept(day), `${step}, ${day}`).toEqual(await worked(day));
    };

    const term = (committee: number, user: number, since: string, until: string | null) =>
      run(sql`INSERT INTO committee_members (committee_id, user_id, since, until) VALUES (${committee}, ${user}, ${since}, ${until})`);
    await term(c.id, p1.id, '2025-01-01', '2025-12-31');
    await term(c.id, p1.id, '2026-03-01', null);
    await term(c.id, p2.id, '2026-06-01', '2026-05-01');
    await term(g.id, demo, '2026-01-01', '2026-12-31');
    await run(sql`INSERT INTO committee_subscribers (committee_id, user_id, created_at)
      SELECT cm.id, u.id, now() FROM committees cm, users u WHERE cm.id IN (${c.id}, ${g.id}) AND u.company_id IS NOT NULL`);
    await run(sql`INSERT INTO committee_opt_outs (committee_id, user_id, created_at) VALUES (${c.id}, ${beta.ceo.id}, now())`);
    await same('added');
    expect((await kept('2026-03-15')).length).toBeGreaterThan(5);

    await run(sql`UPDATE committee_members SET until = '2026-02-28' WHERE committee_id = ${g.id}`);
    await run(sql`DELETE FROM committee_subscribers WHERE user_id IN (${p1.id}, ${p2.id})`);
    await run(sql`DELETE FROM committee_opt_outs`);
    await same('terms, subscriptions and opt-outs changed');
    await run(sql`UPDATE users SET surname = 'Renamed', email = 'new-two@gamma.test', locale = 'ru' WHERE id = ${p2.id}`);
    await run(sql`UPDATE users SET position = 'Head of access' WHERE id = ${p1.id}`);
    await run(sql`UPDATE users SET is_active = false WHERE id = ${beta.employee.id}`);
    await run(sql`UPDATE users SET company_id = ${beta.id} WHERE id = ${p1.id}`);
    await same('people changed');
    await run(sql`UPDATE companies SET name = 'Gamma Renamed' WHERE id = ${gamma}`);
    await run(sql`UPDATE companies SET is_active = false WHERE id = ${beta.id}`);
    await same('companies changed');
    await run(sql`UPDATE companies SET is_active = true WHERE id = ${beta.id}`);
    await run(sql`DELETE FROM users WHERE id = ${p2.id}`);
    await run(sql`DELETE FROM committees WHERE id = ${g.id}`);
    await same('a person and a group deleted');
    // Searching finds a person by their position too, as the people lists do.
    const found = (await ok(await t.api(api.distribution.aipm, { committeeId: c.id, search: 'head of access' }, staff))) as {
      rows: { email: string }[];
    };
    expect(found.rows.map((r) => r.email)).toEqual(['one@gamma.test']);
    // Changes at once (on PostgreSQL each in a transaction of its own) leave the same list: the lists change one at a time.
    const people = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE company_id IS NOT NULL ORDER BY id`);
    const answers = await Promise.all([
      ...people.map(({ id }) => t.api(api.addSubscriber.aipm, { committeeId: c.id, userId: id }, staff)),
      t.api(organisation.toggleCompany, { id: beta.id, isActive: false }, admin),
      t.api(api.setSubscribed, { committeeId: c.id, subscribed: false }, employee),
    ]);
    expect(answers.map((a) => a.statusCode).filter((status) => status >= 500)).toEqual([]);
    await run(sql`UPDATE users SET surname = 'Again' WHERE id = ${demo}`);
    await same('changes at once');
  });

  it('are counted on the committees’ list as every change lands: one by one, from a file, by the person, by a company switched off', async () => {
    const c = await addCommittee('Regulatory');
    const other = await addCommittee('Pricing');
    const beta = await addBetaBio(t);
    const listed = async () => Object.fromEntries((await all()).map((x) => [x.id, x.subscribers]));
    const counted = async () => {
      const rows = await t.database.db.select({ id: committeeSubscribers.committeeId }).from(committeeSubscribers);
      const n: Record<number, number> = Object.fromEntries((await all()).map((x) => [x.id, 0]));
      for (const { id } of rows) n[id] = (n[id] ?? 0) + 1;
      return n;
    };
    await ok(await upload(staff, api.setCommitteeSubscribers.aipm, c.id, 'email\nemployee@demo.test\ntrusted@demo.test\n', true));
    await ok(await t.api(api.addSubscriber.aipm, { committeeId: c.id, userId: beta.ceo.id }, staff), 204);
    await ok(await t.api(api.setSubscribed, { committeeId: other.id, subscribed: true }, employee));
    expect(await listed()).toMatchObject({ [c.id]: 3, [other.id]: 1 });
    expect(await listed()).toEqual(await counted());

    await ok(await t.api(api.setSubscribed, { committeeId: c.id, subscribed: false }, employee));
    await ok(await t.api(organisation.toggleCompany, { id: beta.id, isActive: false }, admin));
    expect(await listed()).toMatchObject({ [c.id]: 1, [other.id]: 1 });
    expect(await listed()).toEqual(await counted());
  });

  it('are a person’s own choice, for active committees', async () => {
    const c = await addCommittee('Regulatory');
    expect(await ok(await t.api(api.setSubscribed, { committeeId: c.id, subscribed: true }, employee))).toEqual([c.id]);
    await ok(await t.api(api.committee.setActive, { id: c.id, isActive: false }, admin));
    // Leaving is always possible; joining a switched-off committee is not.
    expect(await ok(await t.api(api.setSubscribed, { committeeId: c.id, subscribed: false }, employee))).toEqual([]);
    const join = await t.api(api.setSubscribed, { committeeId: c.id, subscribed: true }, employee);
    expect(join.statusCode).toBe(409);
  });
});

describe('statistics', () => {
  it('count members, subscribers and companies represented per committee, and the member companies taking part', async () => {
    const c = await addCommittee('Regulatory');
    const g = await addGroup(c.id, 'Vigilance');
    const beta = await addBetaBio(t);
    await ok(await addMember(staff, 'aipm', { committeeId: c.id, userId: await userId('employee@demo.test') }));
    await ok(await addMember(staff, 'aipm', { committeeId: c.id, userId: await userId('ceo@demo.test') }));
    await ok(await addMember(staff, 'aipm', { committeeId: g.id, userId: beta.employee.id }));
    await ok(await t.api(api.addSubscriber.aipm, { committeeId: c.id, userId: beta.ceo.id }, staff), 204);
    const stat = (await ok(await t.api(api.stat.aipm, undefined, staff))) as {
      rows: { id: number; members: number; subscribers: number; companies: number }[];
      activeCompanies: number;
      takingPart: number;
    };
    expect(stat.rows.map(({ id, members, subscribers, companies }) => ({ id, members, subscribers, companies }))).toEqual([
      { id: c.id, members: 2, subscribers: 1, companies: 1 },
      { id: g.id, members: 1, subscribers: 0, companies: 1 },
    ]);
    expect(stat).toMatchObject({ activeCompanies: 2, takingPart: 2 });
  });
});

describe('the committees log', () => {
  it('counts unviewed entries on the dashboard and marks them viewed', async () => {
    const c = await addCommittee('Regulatory');
    await ok(await askOwn(employee, c.id));
    const dashboard = async () => (await ok(await t.api(organisation.dashboard.aipm, undefined, staff))) as Record<string, number>;
    expect(await dashboard()).toMatchObject({ unviewedCommitteeLog: 2, openMembershipRequests: 1 });
    const page = (await ok(await t.api(api.log.aipm, undefined, staff))) as { rows: { id: number; action: string }[] };
    expect(page.rows.map((r) => r.action)).toEqual(['request.created', 'committee.created']);
    await ok(await t.api(api.logIsViewed, { id: page.rows[0]!.id }, admin), 204);
    expect((await dashboard()).unviewedCommitteeLog).toBe(1);
    await ok(await t.api(api.setAllLogIsViewed, undefined, admin), 204);
    expect((await dashboard()).unviewedCommitteeLog).toBe(0);
  });
});
