import {
  VOTING_ACTIONS,
  VOTING_STATUSES,
  VOTING_TRANSITIONS,
  type VotingAction,
  type VotingDetail,
  type VotingStatus,
  voting as votingApi,
} from '@portal/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  addVoterCompanies,
  createStartedVoting,
  createVoting,
  minutesFromNow,
  nextStatus,
  slugOf,
  storedCounts,
  votingInput,
} from '../../../test/voting-fixtures.ts';
import { settingsOf } from './voting.service.ts';

const IMPOSSIBLE = "This is not possible in the voting's current status. Reload the page and try again.";

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

/** Moves the clock; the staff session of the test (valid one hour) is renewed. */
async function advance(minutes: number) {
  t.clock.advance(minutes * 60_000);
  staff = await t.tokenFor('staff@demo.test');
}

const detail = async (id: number): Promise<VotingDetail> => (await t.api(votingApi.getDetail.aipm, { id }, staff)).json();
const stats = async (id: number) => (await t.api(votingApi.stats.aipm, { id }, staff)).json();
const vote = async (email: string, voting: VotingDetail, option = 0) =>
  t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[option]!.id] }, await t.tokenFor(email));

/** A fresh voting (unit: person, open from 5 minutes ago) brought to the given status through the API. */
async function votingIn(status: VotingStatus, over: Record<string, unknown> = {}): Promise<VotingDetail> {
  const voting = await createVoting(t, staff, { unit: 'person', startsAt: minutesFromNow(t, -5), ...over });
  if (status === 'planned') return voting;
  await nextStatus(t, staff, voting.id, 'planned');
  if (status === 'started') return detail(voting.id);
  await nextStatus(t, staff, voting.id, 'started');
  if (status === 'stopped') return detail(voting.id);
  return nextStatus(t, staff, voting.id, 'stopped');
}

/** The status nextStatus is told the voting is in, for each of its moves. */
const NEXT_FROM = { start: 'planned', stop: 'started', archive: 'stopped' } as const;

/** Applies one action of the status table through its call. */
function act(action: VotingAction, id: number) {
  switch (action) {
    case 'start':
    case 'stop':
    case 'archive':
      return t.api(votingApi.nextStatus.aipm, { id, from: NEXT_FROM[action] }, staff);
    case 'resume':
      return t.api(votingApi.resume.aipm, { id }, staff);
    case 'toPlan':
      return t.api(votingApi.toPlan.aipm, { id }, staff);
  }
}

describe('the status table', () => {
  it('is the table of the issue', () => {
    expect(VOTING_TRANSITIONS).toEqual({
      start: { from: ['planned'], to: 'started' },
      stop: { from: ['started'], to: 'stopped' },
      resume: { from: ['stopped'], to: 'started' },
      archive: { from: ['stopped'], to: 'archived' },
      toPlan: { from: ['stopped', 'archived'], to: 'planned' },
    });
  });

  for (const status of VOTING_STATUSES) {
    it(`from ${status}: allows exactly the moves of the table and refuses the others with 409`, async () => {
      for (const action of VOTING_ACTIONS) {
        const voting = await votingIn(status);
        const { from, to } = VOTING_TRANSITIONS[action];
        const res = await act(action, voting.id);
        if (from.includes(status)) {
          expect(res.statusCode, `${status} → ${action}: ${res.body}`).toBe(200);
          expect(res.json().status).toBe(to);
          expect((await detail(voting.id)).status).toBe(to);
        } else {
          expect(res.statusCode, `${status} → ${action}: ${res.body}`).toBe(409);
          expect(res.json().message).toBe(IMPOSSIBLE);
          expect((await detail(voting.id)).status).toBe(status);
        }
      }
    });
  }

  it('nextStatus from archived has no next status: 409', async () => {
    const voting = await votingIn('archived');
    const res = await t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'archived' }, staff);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(IMPOSSIBLE);
  });

  it('nextStatus with a stale `from` answers 409 and moves nothing (a double click cannot move twice)', async () => {
    const voting = await votingIn('planned');
    const [a, b] = await Promise.all([
      t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'planned' }, staff),
      t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'planned' }, staff),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await detail(voting.id)).status).toBe('started');
    // A screen still showing "started" after someone else stopped it.
    await nextStatus(t, staff, voting.id, 'started');
    const stale = await t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'started' }, staff);
    expect(stale.statusCode).toBe(409);
    expect((await detail(voting.id)).status).toBe('stopped');
    const log = (await t.api(votingApi.log.aipm, { action: 'voting.start' }, staff)).json();
    expect(log.total).toBe(1);
  });

  it('nextStatus validates its body: unknown status, unknown voting', async () => {
    const bad = await t.call('POST', '/api/aipm/vote/nextStatus', { token: staff, json: { id: 1, from: 'running' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('from');
    const unknown = await t.api(votingApi.nextStatus.aipm, { id: 99999, from: 'planned' }, staff);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('starting', () => {
  it('by hand before the start date moves the start to now; after it, keeps the start', async () => {
    const early = await createVoting(t, staff, { startsAt: minutesFromNow(t, 30), endsAt: minutesFromNow(t, 90) });
    const started = await nextStatus(t, staff, early.id, 'planned');
    expect(started.startsAt).toBe(t.clock.now().toISOString());
    expect(started.endsAt).toBe(early.endsAt);

    const late = await createVoting(t, staff, { startsAt: minutesFromNow(t, -30) });
    expect((await nextStatus(t, staff, late.id, 'planned')).startsAt).toBe(late.startsAt);
  });

  it('is refused once the end date has passed (409, on endsAt)', async () => {
    const voting = await createVoting(t, staff);
    await advance(71);
    const res = await t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'planned' }, staff);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'The end date has passed: move it forward first.', fields: { endsAt: expect.any(String) } });
    expect((await detail(voting.id)).status).toBe('planned');
  });

  it('fixes the maximum: the one set, or the eligible voters then when left empty', async () => {
    await addVoterCompanies(t, 3, { votersEach: 2 });
    const byPerson = await createStartedVoting(t, staff, { unit: 'person' });
    expect(byPerson).toMatchObject({ maxResponses: 3 + 6, eligibleVoters: 9 });
    const byCompany = await createStartedVoting(t, staff, { unit: 'company' });
    expect(byCompany).toMatchObject({ maxResponses: 4, eligibleVoters: 4 });
    const fixed = await createStartedVoting(t, staff, { unit: 'person', maxResponses: 2 });
    expect(fixed.maxResponses).toBe(2);
    // People added after the start do not raise a maximum already fixed.
    await addVoterCompanies(t, 1, { prefix: 'Late Co', votersEach: 2 });
    expect((await stats(byPerson.id)).maxResponses).toBe(9);
    expect((await detail(byPerson.id)).eligibleVoters).toBe(11);
  });

  it('by itself at the start date only when set to, and stops every started voting at its end', async () => {
    const auto = await createVoting(t, staff, { autoStart: true });
    const manual = await createVoting(t, staff, { autoStart: false });
    const missed = await createVoting(t, staff, { autoStart: true, startsAt: minutesFromNow(t, 1), endsAt: minutesFromNow(t, 2) });
    await advance(5);
    await t.app.services.voting.tick();
    expect((await detail(missed.id)).status).toBe('planned');
    expect((await detail(auto.id)).status).toBe('planned');
    await advance(6);
    await t.app.services.voting.tick();
    expect((await detail(auto.id)).status).toBe('started');
    expect((await detail(manual.id)).status).toBe('planned');
    expect((await detail(auto.id)).startsAt).toBe(auto.startsAt);
    await nextStatus(t, staff, manual.id, 'planned');
    await advance(60);
    await t.app.services.voting.tick();
    expect((await detail(auto.id)).status).toBe('stopped');
    expect((await detail(manual.id)).status).toBe('stopped');
    const log = (await t.api(votingApi.log.aipm, { action: 'voting.stop' }, staff)).json();
    expect(log.rows.map((r: { actor: unknown; after: { automatic: boolean } }) => [r.actor, r.after.automatic])).toEqual([
      [null, true],
      [null, true],
    ]);
    // A second tick finds nothing left to do.
    expect(await t.app.services.voting.tick()).toBe(0);
  });
});

describe('resume', () => {
  it('needs the end ahead, or a new end date', async () => {
    const voting = await votingIn('stopped');
    await advance(2 * 60);
    const stale = await t.api(votingApi.resume.aipm, { id: voting.id }, staff);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'The end date has passed: move it forward first.', fields: { endsAt: expect.any(String) } });
    const past = await t.api(votingApi.resume.aipm, { id: voting.id, endsAt: minutesFromNow(t, -1) }, staff);
    expect(past.statusCode).toBe(409);
    const badDate = await t.api(votingApi.resume.aipm, { id: voting.id, endsAt: 'tomorrow' }, staff);
    expect(badDate.statusCode).toBe(400);
    expect((await detail(voting.id)).status).toBe('stopped');

    const endsAt = minutesFromNow(t, 30);
    const resumed = await t.api(votingApi.resume.aipm, { id: voting.id, endsAt }, staff);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'started', endsAt, quorumReached: null });
    expect((await vote('employee@demo.test', voting)).statusCode).toBe(200);
  });

  it('with the end still ahead keeps the end date and the votes', async () => {
    const voting = await votingIn('started');
    expect((await vote('employee@demo.test', voting)).statusCode).toBe(200);
    await nextStatus(t, staff, voting.id, 'started');
    const resumed = await t.api(votingApi.resume.aipm, { id: voting.id }, staff);
    expect(resumed.json()).toMatchObject({ status: 'started', endsAt: voting.endsAt, responses: 1 });
    expect((await vote('employee@demo.test', voting)).json().message).toBe('You have already voted.');
  });

  it('after the voting was edited while stopped, the maximum still holds', async () => {
    const voting = await votingIn('stopped', { maxResponses: 1 });
    const edited = await t.api(
      votingApi.update.aipm,
      { id: voting.id, voting: votingInput(t, { title: 'Renamed', unit: 'person', startsAt: voting.startsAt, maxResponses: 1 }) },
      staff,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await t.api(votingApi.resume.aipm, { id: voting.id }, staff);
    const fresh = await detail(voting.id);
    expect((await vote('employee@demo.test', fresh)).statusCode).toBe(200);
    const second = await vote('ceo@demo.test', fresh);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('The maximum number of responses has been reached.');
    const counts = await storedCounts(t, voting.id);
    expect(counts).toMatchObject({ validCount: 1, validRows: 1, effectiveMax: 1 });
  });
});

describe('to plan, publish, delete', () => {
  it('to plan keeps the votes; starting again counts them against the maximum', async () => {
    const voting = await votingIn('started', { maxResponses: 2 });
    expect((await vote('employee@demo.test', voting)).statusCode).toBe(200);
    await nextStatus(t, staff, voting.id, 'started');
    const planned = await t.api(votingApi.toPlan.aipm, { id: voting.id }, staff);
    expect(planned.json()).toMatchObject({ status: 'planned', responses: 1, quorumReached: null });
    expect((await stats(voting.id)).responses).toBe(1);
    expect((await t.api(votingApi.responses.aipm, { id: voting.id }, staff)).json().total).toBe(1);
    // A planned voting takes no votes.
    expect((await vote('ceo@demo.test', voting)).json().message).toBe('Voting has not begun yet.');
    const again = await nextStatus(t, staff, voting.id, 'planned');
    expect(again).toMatchObject({ status: 'started', responses: 1, maxResponses: 2 });
    expect((await vote('employee@demo.test', voting)).statusCode).toBe(409);
    expect((await vote('ceo@demo.test', voting)).statusCode).toBe(200);
    expect((await vote('trusted@demo.test', voting)).json().message).toBe('The maximum number of responses has been reached.');
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 2, validRows: 2 });
  });

  it('publishing and withdrawing results is a flag of a stopped or archived voting; votes and status stay', async () => {
    const voting = await votingIn('started');
    await vote('employee@demo.test', voting);
    const early = await t.api(votingApi.publish.aipm, { id: voting.id, publishResults: true, showCounts: true }, staff);
    expect(early.statusCode).toBe(409);
    await nextStatus(t, staff, voting.id, 'started');
    const published = await t.api(votingApi.publish.aipm, { id: voting.id, publishResults: true, showCounts: false }, staff);
    expect(published.json()).toMatchObject({ status: 'stopped', publishResults: true, showCounts: false, responses: 1 });
    await nextStatus(t, staff, voting.id, 'stopped');
    const withdrawn = await t.api(votingApi.publish.aipm, { id: voting.id, publishResults: false, showCounts: true }, staff);
    expect(withdrawn.json()).toMatchObject({ status: 'archived', publishResults: false, responses: 1 });
    const log = (await t.api(votingApi.log.aipm, undefined, staff)).json();
    expect(log.rows.map((r: { action: string }) => r.action).slice(0, 3)).toEqual(['voting.withdrawn', 'voting.archive', 'voting.published']);
  });

  it('deletes only a planned voting', async () => {
    for (const status of ['started', 'stopped', 'archived'] as const) {
      const voting = await votingIn(status);
      const res = await t.api(votingApi.remove.aipm, { id: voting.id }, staff);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe('Only a planned voting can be deleted.');
      expect((await detail(voting.id)).status).toBe(status);
    }
    const voting = await votingIn('planned');
    expect((await t.api(votingApi.remove.aipm, { id: voting.id }, staff)).statusCode).toBe(204);
    expect((await t.api(votingApi.getDetail.aipm, { id: voting.id }, staff)).statusCode).toBe(404);
    expect((await t.api(votingApi.remove.aipm, { id: voting.id }, staff)).statusCode).toBe(404);
    expect((await t.api(votingApi.getNoAuth, { slug: slugOf(voting) })).statusCode).toBe(404);
    const log = (await t.api(votingApi.log.aipm, { action: 'voting.deleted' }, staff)).json();
    expect(log.rows[0]).toMatchObject({ entityId: voting.id, actor: { name: 'Sergey', surname: 'Staffov' }, before: { title: voting.title } });
  });

  it('a voting sent back to planning with its votes is deleted, votes and all, only after a confirmation that says how many', async () => {
    const voting = await votingIn('started');
    await vote('employee@demo.test', voting);
    await vote('ceo@demo.test', voting);
    await nextStatus(t, staff, voting.id, 'started');
    await t.api(votingApi.toPlan.aipm, { id: voting.id }, staff);
    const stored = () => t.database.query(`SELECT count(*)::int AS n FROM voting_responses WHERE voting_id = ${voting.id}`);

    const unconfirmed = await t.api(votingApi.remove.aipm, { id: voting.id }, staff);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({
      code: 'VOTING_DELETE_HAS_VOTES',
      message: 'Deleting this voting also deletes the 2 votes already cast, for good. Confirm to go on.',
    });
    expect(await stored()).toEqual([{ n: 2 }]);
    const russian = await t.api(votingApi.remove.aipm, { id: voting.id }, staff, { headers: { 'accept-language': 'ru' } });
    expect(russian.json().message).toBe('Вместе с голосованием навсегда будут удалены 2 уже поданных голоса. Подтвердите, чтобы продолжить.');

    const confirmed = await t.api(votingApi.remove.aipm, { id: voting.id, confirmDeleteVotes: true }, staff);
    expect(confirmed.statusCode).toBe(204);
    expect(await stored()).toEqual([{ n: 0 }]);
    const [entry] = await t.database.query<{ after: unknown }>(
      `SELECT after FROM action_log WHERE action = 'voting.deleted' AND entity_id = ${voting.id}`,
    );
    expect(entry?.after).toEqual({ deletedVotes: 2 });
  });
});

describe('quorum', () => {
  it('is live while the voting runs and evaluated and recorded at the stop', async () => {
    const reached = await votingIn('started', { quorum: 2 });
    const missed = await votingIn('started', { quorum: 3 });
    const none = await votingIn('started');
    for (const v of [reached, missed, none]) {
      await vote('employee@demo.test', v);
      await vote('ceo@demo.test', v);
    }
    expect((await stats(reached.id)).quorumReached).toBe(true);
    expect((await stats(missed.id)).quorumReached).toBe(false);
    // A planned voting has no quorum question yet.
    expect((await stats((await votingIn('planned', { quorum: 2 })).id)).quorumReached).toBeNull();
    expect((await detail(reached.id)).quorumReached).toBeNull();
    for (const v of [reached, missed, none]) await nextStatus(t, staff, v.id, 'started');
    expect(await detail(reached.id)).toMatchObject({ quorum: 2, quorumReached: true });
    expect(await detail(missed.id)).toMatchObject({ quorum: 3, quorumReached: false });
    expect(await detail(none.id)).toMatchObject({ quorum: null, quorumReached: null });
    expect(await stats(reached.id)).toMatchObject({ quorum: 2, quorumReached: true, responses: 2 });
    expect(await stats(missed.id)).toMatchObject({ quorum: 3, quorumReached: false, responses: 2 });
    expect((await storedCounts(t, reached.id)).quorumReached).toBe(true);
    const log = (await t.api(votingApi.log.aipm, { action: 'voting.stop' }, staff)).json();
    expect(
      log.rows.map((r: { entityId: number; after: { quorumReached: boolean | null; validResponses: number } }) => [r.entityId, r.after]),
    ).toEqual(
      expect.arrayContaining([
        [reached.id, expect.objectContaining({ quorumReached: true, validResponses: 2 })],
        [missed.id, expect.objectContaining({ quorumReached: false, validResponses: 2 })],
      ]),
    );
    // Archiving keeps the recorded result; resuming clears it until the next stop.
    await nextStatus(t, staff, reached.id, 'stopped');
    expect((await stats(reached.id)).quorumReached).toBe(true);
    await t.api(votingApi.resume.aipm, { id: missed.id }, staff);
    expect((await detail(missed.id)).quorumReached).toBeNull();
    await vote('trusted@demo.test', missed);
    expect((await nextStatus(t, staff, missed.id, 'started')).quorumReached).toBe(true);
  });

  it('counts valid responses only: a rejected one before the stop does not count', async () => {
    const voting = await votingIn('started', { quorum: 2 });
    await vote('employee@demo.test', voting);
    await vote('ceo@demo.test', voting);
    const [first] = (await t.api(votingApi.responses.aipm, { id: voting.id }, staff)).json().rows;
    await t.api(votingApi.rejectResponse.aipm, { responseId: first.id, reason: 'Proxy without power' }, staff);
    expect((await stats(voting.id)).quorumReached).toBe(false);
    expect((await nextStatus(t, staff, voting.id, 'started')).quorumReached).toBe(false);
  });

  it('is evaluated again when staff change the responses after the stop, so every screen agrees', async () => {
    const voting = await votingIn('started', { quorum: 2 });
    await vote('employee@demo.test', voting);
    await vote('ceo@demo.test', voting);
    expect((await nextStatus(t, staff, voting.id, 'started')).quorumReached).toBe(true);
    const [first] = (await t.api(votingApi.responses.aipm, { id: voting.id }, staff)).json().rows;
    const agreed = async (reached: boolean, responses: number) => {
      expect(await stats(voting.id)).toMatchObject({ quorumReached: reached, responses });
      expect(await detail(voting.id)).toMatchObject({ quorumReached: reached, responses });
      expect(await storedCounts(t, voting.id)).toMatchObject({ quorumReached: reached, validCount: responses, validRows: responses });
    };
    await t.api(votingApi.deleteResponse.aipm, { responseId: first.id }, staff);
    await agreed(false, 1);
    await t.api(votingApi.restoreResponse.aipm, { responseId: first.id }, staff);
    await agreed(true, 2);
    await t.api(votingApi.rejectResponse.aipm, { responseId: first.id, reason: 'Proxy without power' }, staff);
    await agreed(false, 1);
    // A paper ballot recorded after the stop counts too.
    const trusted = (await t.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'trusted@demo.test'`))[0]!.id;
    const recorded = await t.api(
      votingApi.sendResponseOnBehalf.aipm,
      { votingId: voting.id, userId: trusted, optionIds: [voting.options[0]!.id] },
      staff,
    );
    expect(recorded.statusCode, recorded.body).toBe(200);
    await agreed(true, 2);
  });
});

describe('clone', () => {
  it('creates a new planned voting from getDetail, with the same settings and no votes', async () => {
    const [other] = await addVoterCompanies(t, 1, { votersEach: 2 });
    const voting = await votingIn('started', {
      language: 'ru',
      multiple: true,
      minAnswers: 1,
      maxAnswers: 2,
      quorum: 1,
      maxResponses: 5,
      eligibility: 'companies',
      companyIds: [1, other!.id],
      secret: true,
      requireCode: false,
      showCounts: false,
      autoStart: true,
    });
    await vote('employee@demo.test', voting);
    const source = await detail(voting.id);
    // The clone screen fills the form from the detail: the chosen companies go back as their ids.
    const cloned = await t.api(votingApi.create.aipm, { ...source, companyIds: source.companies.map((c) => c.id) }, staff);
    expect(cloned.statusCode, cloned.body).toBe(200);
    const copy: VotingDetail = cloned.json();
    expect(copy.id).not.toBe(voting.id);
    expect(copy.slug).not.toBe(voting.slug);
    expect(copy.link).not.toBe(voting.link);
    expect(copy).toMatchObject({ status: 'planned', responses: 0, maxResponses: 5, quorumReached: null, publishResults: false });
    // A clone keeps every setting (as the log compares them).
    expect(settingsOf(copy)).toEqual({ ...settingsOf(source), companies: expect.arrayContaining(settingsOf(source).companies) });
    expect(copy.options.map((o) => o.id)).not.toEqual(source.options.map((o) => o.id));
    // The original is untouched.
    expect(await detail(voting.id)).toMatchObject({ status: 'started', responses: 1 });
  });

  it('of a voting whose maximum was left empty keeps it empty (the eligible voters at its own start)', async () => {
    const voting = await votingIn('started', { maxResponses: null });
    const source = await detail(voting.id);
    // The clone screen sends the maximum as it was set, not the ceiling in force.
    const copy: VotingDetail = (await t.api(votingApi.create.aipm, { ...source, maxResponses: source.maxResponsesSet }, staff)).json();
    await addVoterCompanies(t, 1, { votersEach: 3 });
    const started = await nextStatus(t, staff, copy.id, 'planned');
    expect(started.maxResponses, 'the copy should count the eligible voters at its own start').toBe(3 + 3);
  });
});
