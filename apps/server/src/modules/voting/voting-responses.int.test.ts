import { type EndpointDef, type VotingDetail, voting as votingApi } from '@portal/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { addVoterCompanies, createStartedVoting, nextStatus, slugOf, storedCounts, votingInput } from '../../../test/voting-fixtures.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  staff = await t.tokenFor('staff@demo.test');
});
afterAll(async () => {
  await t.close();
});

/** The protocol's participants as its PDF lists them, one line each: "n. Name, Company, date — answers" (no answers when secret). */
async function protocolParticipants(id: number): Promise<{ name: string; answers: string | null }[]> {
  const pdf = await t.api(votingApi.protocol.aipm, { id }, staff);
  expect(pdf.statusCode).toBe(200);
  const text = await pdfText(pdf.rawPayload);
  const listed = text.split(/\n\d+ participants?\n/)[1] ?? '';
  return [...listed.matchAll(/^\d+\. ([^,\n]+), [^\n]*?(?: — ([^\n]+))?$/gm)].map((m) => ({ name: m[1]!, answers: m[2] ?? null }));
}

const detail = async (id: number): Promise<VotingDetail> => (await t.api(votingApi.getDetail.aipm, { id }, staff)).json();
const stats = async (id: number) => (await t.api(votingApi.stats.aipm, { id }, staff)).json();
const vote = async (email: string, voting: VotingDetail, option = 0) =>
  t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[option]!.id] }, await t.tokenFor(email));
const responses = async (id: number, status = '') => (await t.api(votingApi.responses.aipm, { id, status, pageSize: 100 }, staff)).json();
const reject = (responseId: number, reason = 'Proxy without power of attorney') =>
  t.api(votingApi.rejectResponse.aipm, { responseId, reason }, staff);
const remove = (responseId: number) => t.api(votingApi.deleteResponse.aipm, { responseId }, staff);
const restore = (responseId: number) => t.api(votingApi.restoreResponse.aipm, { responseId }, staff);
const userIdOf = async (voting: VotingDetail, email: string) =>
  (await responses(voting.id)).rows.find((r: { user: { email: string } }) => r.user.email === email)?.user.id as number;

async function workbookRows(endpoint: EndpointDef, query?: Record<string, number>): Promise<Record<string, string | number>[]> {
  const res = await t.api(endpoint, query, staff);
  expect(res.statusCode, res.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const header = (sheet.getRow(1).values as (string | undefined)[]).slice(1).map(String);
  const rows: Record<string, string | number>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as (string | number)[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? ''])));
  });
  return rows;
}

/** Every screen and download tells the same number of valid responses, and so does the database. */
async function expectCounts(voting: VotingDetail, valid: number, all: number) {
  const s = await stats(voting.id);
  expect(s.responses, 'getStats').toBe(valid);
  expect(
    s.options.reduce((n: number, o: { count: number }) => n + o.count, 0),
    'option counts (single answer)',
  ).toBe(valid);
  expect((await detail(voting.id)).responses, 'getDetail').toBe(valid);
  const list = (await t.api(votingApi.list.aipm, undefined, staff)).json();
  expect(list.rows.find((r: { id: number }) => r.id === voting.id).responses, 'list').toBe(valid);
  expect((await responses(voting.id, 'valid')).total, 'responses list, valid').toBe(valid);
  expect((await responses(voting.id)).total, 'responses list, all').toBe(all);
  const turnout = (await t.api(votingApi.turnout.aipm, { id: voting.id }, staff)).json();
  expect(turnout.voted, 'turnout').toBe(valid);
  expect(
    turnout.companies.flatMap((c: { voters: { voted: boolean }[] }) => c.voters).filter((v: { voted: boolean }) => v.voted).length,
    'turnout voters',
  ).toBe(valid);
  const votings = await workbookRows(votingApi.downloadVotings.aipm);
  expect(votings.find((r) => r.Title === voting.title)?.Responses, 'votings workbook').toBe(valid);
  const answers = await workbookRows(votingApi.downloadAnswers.aipm, { id: voting.id });
  expect(answers.length, 'answers workbook rows').toBe(all);
  expect(answers.filter((r) => r['Response status'] === 'Valid').length, 'answers workbook, valid').toBe(valid);
  expect(await storedCounts(t, voting.id), 'database').toMatchObject({ validCount: valid, validRows: valid });
}

describe('reject, delete, restore', () => {
  it('keep the counts right on every screen and download after each step', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person' });
    for (const email of ['employee@demo.test', 'ceo@demo.test', 'trusted@demo.test']) expect((await vote(email, voting)).statusCode).toBe(200);
    await expectCounts(voting, 3, 3);
    const [third, second, first] = (await responses(voting.id)).rows;
    expect(first.user.email).toBe('employee@demo.test');

    expect((await reject(first.id, 'Signed by someone else')).statusCode).toBe(204);
    await expectCounts(voting, 2, 3);
    const rejected = (await responses(voting.id, 'rejected')).rows;
    expect(rejected).toEqual([expect.objectContaining({ id: first.id, status: 'rejected', reason: 'Signed by someone else' })]);
    const answers = await workbookRows(votingApi.downloadAnswers.aipm, { id: voting.id });
    expect(answers.find((r) => r.Surname === 'Sotrudnikov')).toMatchObject({ 'Response status': 'Rejected', Reason: 'Signed by someone else' });

    expect((await remove(second.id)).statusCode).toBe(204);
    await expectCounts(voting, 1, 3);
    expect((await responses(voting.id, 'deleted')).rows.map((r: { id: number }) => r.id)).toEqual([second.id]);

    expect((await restore(second.id)).statusCode).toBe(204);
    await expectCounts(voting, 2, 3);

    // Refused moves: restoring what is not deleted, rejecting what is not valid, deleting twice, a reason left empty.
    expect((await restore(third.id)).statusCode).toBe(409);
    expect((await restore(first.id)).statusCode).toBe(409);
    expect((await reject(first.id)).statusCode).toBe(409);
    expect((await remove(third.id)).statusCode).toBe(204);
    expect((await remove(third.id)).statusCode).toBe(409);
    const empty = await t.api(votingApi.rejectResponse.aipm, { responseId: second.id, reason: ' ' }, staff);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ reason: 'You must enter a value.' });
    expect((await reject(999_999)).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);
    expect((await restore(999_999)).statusCode).toBe(404);
    await expectCounts(voting, 1, 3);

    // A voter whose response was rejected or deleted may answer again; the rejected one stays on the list.
    expect((await vote('employee@demo.test', voting, 1)).statusCode).toBe(200);
    expect((await vote('trusted@demo.test', voting, 2)).statusCode).toBe(200);
    await expectCounts(voting, 3, 5);
    expect((await stats(voting.id)).options.map((o: { count: number }) => o.count)).toEqual([1, 1, 1]);
  });

  it('restoring answers 409 when the company has voted again meanwhile (unit: company)', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'company' });
    await vote('employee@demo.test', voting);
    const [first] = (await responses(voting.id)).rows;
    await remove(first.id);
    expect((await vote('ceo@demo.test', voting, 1)).statusCode).toBe(200);
    const res = await restore(first.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This response cannot be restored: its place has since been taken.');
    await expectCounts(voting, 1, 2);
    expect((await stats(voting.id)).options.map((o: { count: number }) => o.count)).toEqual([0, 1, 0]);
  });

  it('restoring answers 409 when the maximum has been reached meanwhile', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person', maxResponses: 1 });
    await vote('employee@demo.test', voting);
    const [first] = (await responses(voting.id)).rows;
    await remove(first.id);
    expect((await vote('ceo@demo.test', voting)).statusCode).toBe(200);
    const res = await restore(first.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This response cannot be restored: its place has since been taken.');
    await expectCounts(voting, 1, 2);
  });

  it('a rejected response that is deleted and then restored is still rejected: it never counts', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person' });
    await vote('employee@demo.test', voting);
    const [response] = (await responses(voting.id)).rows;
    await reject(response.id, 'Not a member any more');
    await remove(response.id);
    await restore(response.id);
    const [after] = (await responses(voting.id)).rows;
    expect(after.status, 'restoring brings back the state before the deletion').toBe('rejected');
    await expectCounts(voting, 0, 1);
  });
});

describe('staff on behalf of a voter', () => {
  it('record a paper ballot and correct it; both are in the log with their author; the voter gets the receipt', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person' });
    await vote('trusted@demo.test', voting);
    const employeeId = await t.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'employee@demo.test'`);
    const userId = employeeId[0]!.id;
    const recorded = await t.api(votingApi.sendResponseOnBehalf.aipm, { votingId: voting.id, userId, optionIds: [voting.options[0]!.id] }, staff);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ receipt: expect.stringMatching(/^[A-Z2-9]{10}$/), at: t.clock.now().toISOString() });
    const row = (await responses(voting.id)).rows.find((r: { user: { id: number } }) => r.user.id === userId);
    expect(row).toMatchObject({ source: 'staff', optionIds: [voting.options[0]!.id], status: 'valid' });

    const bad = await t.api(votingApi.updateResponse.aipm, { responseId: row.id, optionIds: [voting.options[0]!.id, voting.options[1]!.id] }, staff);
    expect(bad.statusCode).toBe(400);
    const corrected = await t.api(votingApi.updateResponse.aipm, { responseId: row.id, optionIds: [voting.options[2]!.id] }, staff);
    expect(corrected.statusCode, corrected.body).toBe(204);
    expect((await stats(voting.id)).options.map((o: { count: number }) => o.count)).toEqual([1, 0, 1]);
    expect((await t.api(votingApi.updateResponse.aipm, { responseId: 999_999, optionIds: [1] }, staff)).statusCode).toBe(404);
    await expectCounts(voting, 2, 2);

    const log = (await t.api(votingApi.log.aipm, undefined, staff)).json();
    const byAction = (a: string) => log.rows.filter((r: { action: string }) => r.action === a);
    expect(byAction('response.recorded')).toEqual([
      expect.objectContaining({
        entityId: voting.id,
        entityLabel: voting.title,
        actor: expect.objectContaining({ surname: 'Staffov' }),
        after: { voter: 'Egor Sotrudnikov', answers: ['1. Alice'] },
      }),
    ]);
    expect(byAction('response.corrected')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ surname: 'Staffov' }),
        before: expect.objectContaining({ voter: 'Egor Sotrudnikov', answers: ['1. Alice'] }),
        after: expect.objectContaining({ voter: 'Egor Sotrudnikov', answers: ['3. Carol'] }),
      }),
    ]);
    await t.flushMail();
    expect(
      t.mail
        .filter((m) => m.type === 'voteReceipt')
        .map((m) => m.to)
        .sort(),
    ).toEqual(['employee@demo.test', 'trusted@demo.test']);
    const receiptMail = t.mail.find((m) => m.to === 'employee@demo.test' && m.type === 'voteReceipt')!;
    expect(receiptMail.text).toContain(recorded.json().receipt);
    expect(receiptMail.text).not.toContain('Alice');
  });

  it('is refused for an unknown person and for an association member', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person' });
    for (const userId of [999_999, 2]) {
      const res = await t.api(votingApi.sendResponseOnBehalf.aipm, { votingId: voting.id, userId, optionIds: [voting.options[0]!.id] }, staff);
      expect(res.statusCode).toBe(409);
    }
    await expectCounts(voting, 0, 0);
  });
});

describe('a secret voting', () => {
  it('shows who took part but never who chose what; its answers cannot be corrected', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person', secret: true });
    await vote('employee@demo.test', voting, 0);
    await vote('ceo@demo.test', voting, 1);
    const employeeId = await userIdOf(voting, 'employee@demo.test');
    const trustedId = (await t.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'trusted@demo.test'`))[0]!.id;
    const paper = await t.api(
      votingApi.sendResponseOnBehalf.aipm,
      { votingId: voting.id, userId: trustedId, optionIds: [voting.options[2]!.id] },
      staff,
    );
    expect(paper.statusCode).toBe(200);

    const list = await responses(voting.id);
    expect(list.rows.map((r: { user: { email: string } }) => r.user.email).sort()).toEqual([
      'ceo@demo.test',
      'employee@demo.test',
      'trusted@demo.test',
    ]);
    expect(list.rows.map((r: { optionIds: unknown }) => r.optionIds)).toEqual([null, null, null]);
    const row = list.rows.find((r: { user: { id: number } }) => r.user.id === employeeId);
    const correct = await t.api(votingApi.updateResponse.aipm, { responseId: row.id, optionIds: [voting.options[1]!.id] }, staff);
    expect(correct.statusCode).toBe(409);
    expect(correct.json().message).toBe('The answers of a secret voting cannot be corrected.');

    const answers = await workbookRows(votingApi.downloadAnswers.aipm, { id: voting.id });
    expect(answers.map((r) => r.Answers)).toEqual(['(secret)', '(secret)', '(secret)']);
    expect(JSON.stringify(answers)).not.toMatch(/Alice|Bob|Carol/);

    const participants = await protocolParticipants(voting.id);
    expect(participants.map((p) => p.answers)).toEqual([null, null, null]);
    expect(participants.map((p) => p.name).sort()).toEqual(['Directorov Cyril', 'Doverova Tatiana', 'Sotrudnikov Egor']);

    const log = (await t.api(votingApi.log.aipm, undefined, staff)).json();
    expect(log.rows.filter((r: { action: string }) => r.action === 'response.recorded')).toEqual([
      expect.objectContaining({ after: { voter: 'Tatiana Doverova', answers: null } }),
    ]);
    // The totals are still there.
    expect((await stats(voting.id)).options.map((o: { count: number }) => o.count)).toEqual([1, 1, 1]);
  });

  it('a named voting shows the answers in the list, the workbook and the protocol', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person' });
    await vote('employee@demo.test', voting, 1);
    expect((await responses(voting.id)).rows[0].optionIds).toEqual([voting.options[1]!.id]);
    const answers = await workbookRows(votingApi.downloadAnswers.aipm, { id: voting.id });
    expect(answers[0]).toMatchObject({ Surname: 'Sotrudnikov', Answers: '2. Bob', 'Recorded via': 'Portal' });
    expect(await protocolParticipants(voting.id)).toEqual([{ name: 'Sotrudnikov Egor', answers: '2. Bob' }]);
  });

  it('the protocol lists only valid responses as participants', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person' });
    await vote('employee@demo.test', voting);
    await vote('ceo@demo.test', voting);
    const [ceo] = (await responses(voting.id)).rows;
    await reject(ceo.id);
    expect((await protocolParticipants(voting.id)).map((p) => p.name)).toEqual(['Sotrudnikov Egor']);
  });
});

describe('the voting log', () => {
  it('has every act of staff with its author, and none of the voters’ own responses', async () => {
    const [beta] = await addVoterCompanies(t, 1, { votersEach: 1 });
    const admin = await t.tokenFor('admin@demo.test');
    const voting = await createStartedVoting(t, staff, { unit: 'person', requireCode: false });
    await vote('employee@demo.test', voting);
    await t.api(votingApi.sendNoAuthResponse, { slug: slugOf(voting), email: 'ceo@demo.test', optionIds: [voting.options[0]!.id] });
    await t.api(votingApi.remind.aipm, { id: voting.id }, staff);
    await t.api(
      votingApi.sendResponseOnBehalf.admin,
      { votingId: voting.id, userId: beta!.voters[0]!.id, optionIds: [voting.options[1]!.id] },
      admin,
    );
    const rows = (await responses(voting.id)).rows;
    const paper = rows.find((r: { source: string }) => r.source === 'staff');
    await t.api(votingApi.updateResponse.admin, { responseId: paper.id, optionIds: [voting.options[2]!.id] }, admin);
    await reject(paper.id);
    await remove(paper.id);
    await restore(paper.id);
    await nextStatus(t, staff, voting.id, 'started');
    await t.api(votingApi.publish.aipm, { id: voting.id, publishResults: true, showCounts: true }, staff);
    await t.api(votingApi.resume.aipm, { id: voting.id }, staff);
    await nextStatus(t, staff, voting.id, 'started');
    await nextStatus(t, staff, voting.id, 'stopped');
    await t.api(votingApi.toPlan.aipm, { id: voting.id }, staff);
    await t.api(votingApi.update.aipm, { id: voting.id, voting: votingInput(t, { unit: 'person' }), confirmDeleteVotes: true }, staff);
    await t.api(votingApi.remove.aipm, { id: voting.id }, staff);

    const log = (await t.api(votingApi.log.aipm, { order: 'asc', pageSize: 100 }, staff)).json();
    expect(log.rows.map((r: { action: string; actor: { surname: string } | null }) => [r.action, r.actor?.surname])).toEqual([
      ['voting.created', 'Staffov'],
      ['voting.start', 'Staffov'],
      ['voting.reminded', 'Staffov'],
      ['response.recorded', 'Adminova'],
      ['response.corrected', 'Adminova'],
      ['response.rejected', 'Staffov'],
      ['response.deleted', 'Staffov'],
      ['response.restored', 'Staffov'],
      ['voting.stop', 'Staffov'],
      ['voting.published', 'Staffov'],
      ['voting.resume', 'Staffov'],
      ['voting.stop', 'Staffov'],
      ['voting.archive', 'Staffov'],
      ['voting.toPlan', 'Staffov'],
      ['voting.updated', 'Staffov'],
      ['voting.deleted', 'Staffov'],
    ]);
    expect(log.rows.every((r: { entityId: number }) => r.entityId === voting.id)).toBe(true);
    // The voting is gone: its deletion still names it.
    expect(log.rows.at(-1)).toMatchObject({ action: 'voting.deleted', entityLabel: voting.title });
    // The same log under /admin.
    expect((await t.api(votingApi.log.admin, { pageSize: 100 }, admin)).json().total).toBe(log.total);
  });

  it('marks entries viewed one by one and all at once; marking is not itself logged', async () => {
    await createStartedVoting(t, staff);
    const unviewed = async () => (await t.api(votingApi.log.aipm, { viewed: false }, staff)).json();
    const before = await unviewed();
    expect(before.total).toBe(2);
    const one = await t.api(votingApi.logSetViewed.aipm, { id: before.rows[0].id }, staff);
    expect(one.statusCode).toBe(204);
    const after = await unviewed();
    expect(after.total).toBe(1);
    expect(after.rows[0].id).toBe(before.rows[1].id);
    expect((await t.api(votingApi.logSetViewed.aipm, { id: 999_999 }, staff)).statusCode).toBe(404);
    // An entry of another log is not the voting log's.
    const other = await t.database.query<{ id: number }>(`SELECT id FROM action_log WHERE domain <> 'vote' ORDER BY id LIMIT 1`);
    if (other[0]) expect((await t.api(votingApi.logSetViewed.aipm, { id: other[0].id }, staff)).statusCode).toBe(404);
    expect((await t.api(votingApi.logSetAllViewed.aipm, undefined, staff)).statusCode).toBe(204);
    expect((await unviewed()).total).toBe(0);
    expect((await t.api(votingApi.log.aipm, undefined, staff)).json().total).toBe(2);
  });
});

describe('e-mails', () => {
  /** The link in the last message to a person. */
  const linkTo = (to: string) => t.mail.findLast((m) => m.to === to)?.text.match(/https?:\/\/\S+/)?.[0];

  it('a reminder goes only to the eligible voters who have not voted (unit: person)', async () => {
    await addVoterCompanies(t, 1, { prefix: 'Beta', votersEach: 2 });
    const voting = await createStartedVoting(t, staff, { unit: 'person' });
    await vote('employee@demo.test', voting);
    await vote('beta-0001-01@voters.test', voting);
    const [beta2] = (await responses(voting.id)).rows;
    await remove(beta2.id);
    await t.flushMail();
    t.mail.length = 0;
    const res = await t.api(votingApi.remind.aipm, { id: voting.id }, staff);
    expect(res.json()).toEqual({ sent: 4 });
    await t.flushMail();
    expect(t.mail.map((m) => [m.type, m.to]).sort()).toEqual(
      [
        ['votingReminder', 'beta-0001-01@voters.test'],
        ['votingReminder', 'beta-0001-02@voters.test'],
        ['votingReminder', 'ceo@demo.test'],
        ['votingReminder', 'trusted@demo.test'],
      ].sort(),
    );
    // Each link opens the voting in the recipient's own area of the portal.
    expect(linkTo('ceo@demo.test')).toBe(`http://127.0.0.1:3000/ceo/voting/list/${voting.id}`);
    expect(linkTo('trusted@demo.test')).toBe(`http://127.0.0.1:3000/trusted/voting/list/${voting.id}`);
  });

  it('a reminder skips every person of a company that has voted (unit: company), and needs a running voting', async () => {
    await addVoterCompanies(t, 1, { prefix: 'Beta', votersEach: 2 });
    const voting = await createStartedVoting(t, staff, { unit: 'company' });
    await vote('trusted@demo.test', voting);
    await t.flushMail();
    t.mail.length = 0;
    expect((await t.api(votingApi.remind.aipm, { id: voting.id }, staff)).json()).toEqual({ sent: 2 });
    await t.flushMail();
    expect(t.mail.map((m) => m.to).sort()).toEqual(['beta-0001-01@voters.test', 'beta-0001-02@voters.test']);
    await nextStatus(t, staff, voting.id, 'started');
    expect((await t.api(votingApi.remind.aipm, { id: voting.id }, staff)).statusCode).toBe(409);
  });

  it('the eligible voters are e-mailed when a voting starts, by hand or by itself; nobody else is', async () => {
    const [chosen, other] = await addVoterCompanies(t, 2, { votersEach: 2 });
    await t.flushMail();
    t.mail.length = 0;
    const voting = await createStartedVoting(t, staff, { eligibility: 'companies', companyIds: [1, chosen!.id] });
    await t.flushMail();
    const started = t.mail.filter((m) => m.type === 'votingStarted');
    expect(started.map((m) => m.to).sort()).toEqual(
      ['ceo@demo.test', 'employee@demo.test', 'trusted@demo.test', ...chosen!.voters.map((v) => v.email)].sort(),
    );
    expect(started[0]!.subject).toBe(`Voting has started: ${voting.title}`);
    expect(linkTo('employee@demo.test')).toBe(`http://127.0.0.1:3000/voting/list/${voting.id}`);
    expect(linkTo('ceo@demo.test')).toBe(`http://127.0.0.1:3000/ceo/voting/list/${voting.id}`);
    expect(t.mail.map((m) => m.to)).not.toContain(other!.voters[0]!.email);

    t.mail.length = 0;
    const auto = await t.api(
      votingApi.create.aipm,
      votingInput(t, { title: 'Automatic', autoStart: true, eligibility: 'companies', companyIds: [other!.id] }),
      staff,
    );
    expect(auto.statusCode).toBe(200);
    t.clock.advance(11 * 60_000);
    await t.app.services.voting.tick();
    await t.flushMail();
    expect(
      t.mail
        .filter((m) => m.type === 'votingStarted')
        .map((m) => m.to)
        .sort(),
    ).toEqual(other!.voters.map((v) => v.email).sort());
  });
});

describe('a voting without the e-mail code', () => {
  it('says in the answers download and in the protocol that the votes were not confirmed by e-mail', async () => {
    const voting = await createStartedVoting(t, staff, { requireCode: false, unit: 'person' });
    const slug = slugOf(voting);
    const vote = await t.api(votingApi.sendNoAuthResponse, { slug, email: 'trusted@demo.test', optionIds: [voting.options[0]!.id] });
    expect(vote.statusCode, vote.body).toBe(200);
    const answers = await workbookRows(votingApi.downloadAnswers.aipm, { id: voting.id });
    expect(answers.map((r) => r['Recorded via'])).toEqual(['Public form, without e-mail confirmation']);
    const protocol = await t.api(votingApi.protocol.aipm, { id: voting.id }, staff);
    expect(await pdfText(protocol.rawPayload)).toContain('E-mail confirmation: None: the votes are taken without e-mail confirmation');
    const withCode = await createStartedVoting(t, staff, { unit: 'person' });
    expect((await t.api(votingApi.getDetail.aipm, { id: withCode.id }, staff)).json().requireCode).toBe(true);
  });
});
