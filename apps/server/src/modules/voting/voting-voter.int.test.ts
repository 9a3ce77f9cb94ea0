import type { VotingDetail } from '@portal/shared';
import { voting as votingApi } from '@portal/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  addVoterCompanies,
  createStartedVoting,
  createVoting,
  minutesFromNow,
  nextStatus,
  slugOf,
  votingInput,
} from '../../../test/voting-fixtures.ts';

let t: TestApp;
let staff: string;
let employee: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  staff = await t.tokenFor('staff@demo.test');
  employee = await t.tokenFor('employee@demo.test');
});
afterAll(async () => {
  await t.close();
});

const vote = async (email: string, voting: VotingDetail, option = 0) =>
  t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[option]!.id] }, await t.tokenFor(email));
const getById = (id: number, token = employee) => t.api(votingApi.getById, { id }, token);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe('getActive', () => {
  it('lists only the votings the caller may answer now, with their own response', async () => {
    const [beta] = await addVoterCompanies(t, 1, { prefix: 'Beta', votersEach: 1 });
    const open = await createStartedVoting(t, staff, { title: 'Open' });
    const voted = await createStartedVoting(t, staff, { title: 'Voted', unit: 'person' });
    const mine = await createStartedVoting(t, staff, { title: 'Ours only', eligibility: 'companies', companyIds: [1] });
    const theirs = await createStartedVoting(t, staff, { title: 'Theirs only', eligibility: 'companies', companyIds: [beta!.id] });
    await createVoting(t, staff, { title: 'Planned' });
    const stopped = await createStartedVoting(t, staff, { title: 'Stopped' });
    await nextStatus(t, staff, stopped.id, 'started');
    const ending = await createStartedVoting(t, staff, { title: 'Ending', endsAt: minutesFromNow(t, 20) });
    await vote('employee@demo.test', voted, 1);

    const before = (await t.api(votingApi.active, undefined, employee)).json();
    expect(ids(before)).toEqual(ids([open, voted, mine, ending]));
    const votedView = before.find((v: { id: number }) => v.id === voted.id);
    expect(votedView).toMatchObject({ title: 'Voted', status: 'started', myResponse: { optionIds: [voted.options[1]!.id], status: 'valid' } });
    expect(before.find((v: { id: number }) => v.id === open.id)).toMatchObject({ myResponse: null, results: null, endsAt: open.endsAt });
    expect(before[0]).not.toHaveProperty('slug');

    // Past its end the voting leaves the list even before the schedule stops it.
    t.clock.advance(20 * 60_000);
    expect(ids((await t.api(votingApi.active, undefined, employee)).json())).toEqual(ids([open, voted, mine]));

    const betaToken = await t.tokenFor(beta!.voters[0]!.email);
    expect(ids((await t.api(votingApi.active, undefined, betaToken)).json())).toEqual(ids([open, voted, theirs]));
  });

  it('is for voters only', async () => {
    expect((await t.api(votingApi.active)).statusCode).toBe(401);
    expect((await t.api(votingApi.active, undefined, staff)).statusCode).toBe(403);
    for (const email of ['ceo@demo.test', 'trusted@demo.test']) {
      expect((await t.api(votingApi.active, undefined, await t.tokenFor(email))).statusCode).toBe(200);
    }
  });
});

describe('getById', () => {
  it('is 404 for a voting the caller may not see: planned, restricted to another company, unknown', async () => {
    const [beta] = await addVoterCompanies(t, 1, { prefix: 'Beta', votersEach: 1 });
    const theirs = await createStartedVoting(t, staff, { eligibility: 'companies', companyIds: [beta!.id] });
    const planned = await createVoting(t, staff);
    for (const id of [theirs.id, planned.id, 999_999]) {
      const res = await getById(id);
      expect(res.statusCode, String(id)).toBe(404);
    }
    // Nor can they answer it.
    expect((await vote('employee@demo.test', theirs)).statusCode).toBe(409);
    expect((await getById(theirs.id, await t.tokenFor(beta!.voters[0]!.email))).statusCode).toBe(200);
    expect((await getById(theirs.id, staff)).statusCode).toBe(403);
  });

  it('shows the caller their own response and receipt, never the choices in the receipt', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person' });
    const before = (await getById(voting.id)).json();
    expect(before).toMatchObject({ id: voting.id, status: 'started', myResponse: null, companyVotedBy: null, results: null });
    expect(before.options.map((o: { name: string }) => o.name)).toEqual(['Alice', 'Bob', 'Carol']);
    const sent = (await vote('employee@demo.test', voting, 2)).json();
    const view = (await getById(voting.id)).json();
    expect(view.myResponse).toEqual({ optionIds: [voting.options[2]!.id], at: sent.at, receipt: sent.receipt, status: 'valid' });
    // Another voter sees only their own.
    expect((await getById(voting.id, await t.tokenFor('ceo@demo.test'))).json().myResponse).toBeNull();
    await t.flushMail();
    const mail = t.mail.find((m) => m.type === 'voteReceipt' && m.to === 'employee@demo.test')!;
    expect(mail.text).toContain(sent.receipt);
    expect(mail.text).not.toContain('Carol');
    // A rejected response is shown as rejected.
    const [row] = (await t.api(votingApi.responses.aipm, { id: voting.id }, staff)).json().rows;
    await t.api(votingApi.rejectResponse.aipm, { responseId: row.id, reason: 'Duplicate' }, staff);
    expect((await getById(voting.id)).json().myResponse).toMatchObject({ status: 'rejected', receipt: sent.receipt });
  });

  it('shows published results with counts, or only shares, and nothing once withdrawn', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person', quorum: 2 });
    await vote('employee@demo.test', voting, 0);
    await vote('ceo@demo.test', voting, 0);
    await vote('trusted@demo.test', voting, 1);
    await nextStatus(t, staff, voting.id, 'started');
    expect((await getById(voting.id)).json().results).toBeNull();
    const publish = (publishResults: boolean, showCounts: boolean) =>
      t.api(votingApi.publish.aipm, { id: voting.id, publishResults, showCounts }, staff);

    await publish(true, true);
    const counted = (await getById(voting.id)).json().results;
    // Voters see the staff's figures, less how the notices went out (staff only).
    const { notices, ...staffStats } = (await t.api(votingApi.stats.aipm, { id: voting.id }, staff)).json();
    expect(notices).toBeDefined();
    expect(counted).toEqual(staffStats);
    expect(counted).toMatchObject({ responses: 3, maxResponses: 3, quorum: 2, quorumReached: true });
    expect(counted.options.map((o: { count: number; share: number }) => [o.count, o.share])).toEqual([
      [2, 2 / 3],
      [1, 1 / 3],
      [0, 0],
    ]);

    await publish(true, false);
    const shares = (await getById(voting.id)).json();
    expect(shares).toMatchObject({ publishResults: true, showCounts: false });
    expect(shares.results.options.map((o: { count: number | null; share: number }) => [o.count, o.share])).toEqual([
      [null, 2 / 3],
      [null, 1 / 3],
      [null, 0],
    ]);
    // Nor a total that a count could be worked out from.
    expect(shares.results).toMatchObject({ responses: null, maxResponses: null, quorum: null, eligibleVoters: null, quorumReached: true });

    await publish(false, true);
    expect((await getById(voting.id)).json().results).toBeNull();
    // Archived votings keep their published results.
    await publish(true, true);
    await nextStatus(t, staff, voting.id, 'stopped');
    expect((await getById(voting.id)).json()).toMatchObject({ status: 'archived', results: { responses: 3 } });
  });
});

describe('texts of several lines', () => {
  it('keeps the line breaks of a question, while its title stays one line', async () => {
    const voting = await createVoting(t, staff, { question: 'First, the budget.\nThen, the chair.' });
    expect(voting.question).toBe('First, the budget.\nThen, the chair.');
    const res = await t.api(votingApi.create.aipm, { ...votingInput(t), title: 'Two\nlines' }, staff);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['title']);
  });
});

describe('getArchive', () => {
  it('shows a voting stopped by hand as ended when it stopped, and its planned end again once resumed', async () => {
    const voting = await createStartedVoting(t, staff, { endsAt: minutesFromNow(t, 60) });
    t.clock.advance(10 * 60_000);
    const stoppedAt = t.clock.now().toISOString();
    await nextStatus(t, staff, voting.id, 'started');
    t.clock.advance(5 * 60_000);
    const [archived] = (await t.api(votingApi.voterArchive, undefined, employee)).json();
    expect(archived).toMatchObject({ id: voting.id, status: 'stopped', endsAt: stoppedAt });
    expect((await getById(voting.id)).json().endsAt).toBe(stoppedAt);
    expect((await t.api(votingApi.getNoAuth, { slug: slugOf(voting) })).json().endsAt).toBe(stoppedAt);

    expect((await t.api(votingApi.resume.aipm, { id: voting.id }, staff)).statusCode).toBe(200);
    expect((await getById(voting.id)).json().endsAt).toBe(voting.endsAt);
  });

  it('lists the stopped and archived votings the caller could answer, with their response and published results', async () => {
    const [beta] = await addVoterCompanies(t, 1, { prefix: 'Beta', votersEach: 1 });
    const stopped = await createStartedVoting(t, staff, { title: 'Stopped', unit: 'person' });
    await vote('employee@demo.test', stopped);
    await nextStatus(t, staff, stopped.id, 'started');
    await t.api(votingApi.publish.aipm, { id: stopped.id, publishResults: true, showCounts: true }, staff);
    const archived = await createStartedVoting(t, staff, { title: 'Archived' });
    await nextStatus(t, staff, archived.id, 'started');
    await nextStatus(t, staff, archived.id, 'stopped');
    const theirs = await createStartedVoting(t, staff, { title: 'Theirs', eligibility: 'companies', companyIds: [beta!.id] });
    await nextStatus(t, staff, theirs.id, 'started');
    await createStartedVoting(t, staff, { title: 'Running' });
    await createVoting(t, staff, { title: 'Planned' });

    const list = (await t.api(votingApi.voterArchive, undefined, employee)).json();
    expect(ids(list)).toEqual(ids([stopped, archived]));
    expect(list.find((v: { id: number }) => v.id === stopped.id)).toMatchObject({
      myResponse: { status: 'valid' },
      results: { responses: 1 },
    });
    expect(list.find((v: { id: number }) => v.id === archived.id)).toMatchObject({ status: 'archived', myResponse: null, results: null });
    expect(ids((await t.api(votingApi.voterArchive, undefined, await t.tokenFor(beta!.voters[0]!.email))).json())).toEqual(
      ids([stopped, archived, theirs]),
    );
    expect((await t.api(votingApi.voterArchive, undefined, staff)).statusCode).toBe(403);
  });
});
