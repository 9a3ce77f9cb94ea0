import type { AddressInfo } from 'node:net';
import type { VotingDetail } from '@portal/shared';
import { voting as votingApi } from '@portal/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  addVoterCompanies,
  createStartedVoting,
  nextStatus,
  slugOf,
  storedCounts,
  tokensFor,
  type Voter,
  votingInput,
} from '../../../test/voting-fixtures.ts';
import * as repo from './ballot.repository.ts';
import { BallotBox } from './ballot-box.ts';

const FULL = 'The maximum number of responses has been reached.';
const COMPANY_VOTED = /^Your company has already voted \(.+\)\.$/;

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

interface Outcome {
  voter: Voter;
  status: number;
  body: { message?: string; receipt?: string };
}

/** 500 voters in 200 companies (2 or 3 each), with sessions. */
async function assembly() {
  const companies = await addVoterCompanies(t, 200, { prefix: 'Assembly', totalVoters: 500 });
  const voters = companies.flatMap((c) => c.voters);
  const tokens = await tokensFor(
    t,
    voters.map((v) => v.id),
  );
  return { companies, voters, tokens };
}

/** A voter's response in the portal. */
const sendResponse = (token: string, voting: VotingDetail, option: number) =>
  t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[option]!.id] }, token);

const stats = async (id: number) => (await t.api(votingApi.stats.aipm, { id }, staff)).json();

/** What the database holds, beside what every screen says. */
async function expectAgreement(voting: VotingDetail, accepted: Outcome[]) {
  const s = await stats(voting.id);
  const stored = await storedCounts(t, voting.id);
  const rows = await t.database.query<{ user_id: number; unit_key: string }>(
    `SELECT user_id, unit_key FROM voting_responses WHERE voting_id = ${voting.id} AND status = 'valid'`,
  );
  expect(s.responses).toBe(accepted.length);
  expect(stored.validCount).toBe(accepted.length);
  expect(stored.validRows).toBe(accepted.length);
  expect(stored.validUnits, 'one valid response per unit').toBe(accepted.length);
  expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set(accepted.map((o) => o.voter.id)));
  expect(s.options.reduce((n: number, o: { count: number }) => n + o.count, 0)).toBe(accepted.length);
  const detail = (await t.api(votingApi.getDetail.aipm, { id: voting.id }, staff)).json();
  expect(detail.responses).toBe(accepted.length);
  // Every acknowledged receipt is stored: nothing acknowledged was lost.
  const receipts = await t.database.query<{ receipt: string }>(
    `SELECT receipt FROM voting_responses WHERE voting_id = ${voting.id} AND status = 'valid'`,
  );
  expect(new Set(receipts.map((r) => r.receipt))).toEqual(new Set(accepted.map((o) => o.body.receipt)));
}

describe.runIf(inject('engine') === 'postgres')('500 simultaneous voters on PostgreSQL', () => {
  it('maximum 300, one per person: exactly 300 accepted, the others told the maximum is reached, none twice', { timeout: 180_000 }, async () => {
    const { voters, tokens } = await assembly();
    const voting = await createStartedVoting(t, staff, { unit: 'person', maxResponses: 300 });
    expect(voting.maxResponses).toBe(300);
    const outcomes: Outcome[] = await Promise.all(
      voters.map(async (voter, i) => {
        const res = await sendResponse(tokens[i]!, voting, i % 3);
        return { voter, status: res.statusCode, body: res.json() };
      }),
    );
    const accepted = outcomes.filter((o) => o.status === 200);
    const refused = outcomes.filter((o) => o.status !== 200);
    expect(accepted).toHaveLength(300);
    expect(refused).toHaveLength(200);
    expect(new Set(refused.map((o) => `${o.status} ${o.body.message}`))).toEqual(new Set([`409 ${FULL}`]));
    await expectAgreement(voting, accepted);
    expect((await stats(voting.id)).responseRatio).toBe(1);
  });

  it('one per company, over real HTTP: each company’s first response counts, the others are told their company has voted', {
    timeout: 180_000,
  }, async () => {
    const { companies, voters, tokens } = await assembly();
    const voting = await createStartedVoting(t, staff, { unit: 'company', maxResponses: 300 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const outcomes: Outcome[] = await Promise.all(
      voters.map(async (voter, i) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/vote/sendResponse`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ votingId: voting.id, optionIds: [voting.options[i % 3]!.id] }),
        });
        return { voter, status: res.status, body: (await res.json()) as Outcome['body'] };
      }),
    );
    const accepted = outcomes.filter((o) => o.status === 200);
    const refused = outcomes.filter((o) => o.status !== 200);
    expect(accepted).toHaveLength(companies.length);
    expect(new Set(accepted.map((o) => o.voter.companyId)).size).toBe(companies.length);
    expect(refused).toHaveLength(voters.length - companies.length);
    for (const o of refused) {
      expect(o.status).toBe(409);
      expect(o.body.message).toMatch(COMPANY_VOTED);
      // "by whom" names the colleague whose response counts.
      const first = accepted.find((a) => a.voter.companyId === o.voter.companyId)!.voter;
      expect(o.body.message).toBe(`Your company has already voted (${first.name} ${first.surname}).`);
    }
    await expectAgreement(voting, accepted);
  });

  it('the same voter sending three times at once is counted once', { timeout: 180_000 }, async () => {
    const { voters, tokens } = await assembly();
    const voting = await createStartedVoting(t, staff, { unit: 'person', maxResponses: 1000 });
    const some = voters.slice(0, 150);
    const outcomes: Outcome[] = await Promise.all(
      [0, 1, 2].flatMap((k) =>
        some.map(async (voter, i) => {
          const res = await sendResponse(tokens[i]!, voting, k);
          return { voter, status: res.statusCode, body: res.json() };
        }),
      ),
    );
    const accepted = outcomes.filter((o) => o.status === 200);
    expect(accepted).toHaveLength(150);
    expect(new Set(accepted.map((o) => o.voter.id)).size).toBe(150);
    for (const o of outcomes.filter((x) => x.status !== 200)) expect([o.status, o.body.message]).toEqual([409, 'You have already voted.']);
    await expectAgreement(voting, accepted);
  });
});

/** 20 voters in 10 companies, and the public link's slug of a voting each of them may answer. */
async function publicRoom() {
  const companies = await addVoterCompanies(t, 10, { prefix: 'Room', votersEach: 2 });
  const voting = await createStartedVoting(t, staff, { unit: 'person' });
  return { emails: companies.flatMap((c) => c.voters.map((v) => v.email)), slug: slugOf(voting) };
}

describe('requests read together answer for themselves', () => {
  it('one faulty item in a grouped ballot read fails alone: every genuine checkUser beside it gets its normal answer', async () => {
    const { emails, slug } = await publicRoom();
    const service = t.app.services.publicForm;
    for (let round = 0; round < 3; round++) {
      // A value past the contract reaches the service in the same turn as the genuine calls, so they share a statement.
      const calls = emails.map((email) => service.checkUser(slug, email));
      calls.splice(round * 7, 0, service.checkUser(slug, `bad\u0000${round}@room.test`));
      const answers = await Promise.allSettled(calls);
      expect(answers.filter((a) => a.status === 'rejected')).toHaveLength(1);
      expect(answers[round * 7]?.status).toBe('rejected');
      for (const answer of answers.filter((_, i) => i !== round * 7)) {
        expect(answer.status === 'fulfilled' && answer.value.codeSent).toBe(true);
      }
    }
  });
});

describe('the public form under mixed traffic', () => {
  it('answers every genuine request normally while hostile ones arrive at the same moment', async () => {
    const { emails, slug } = await publicRoom();
    const hostile = [`a\u0000b@x.test`, 'x\u202E@x.test', '\ud800@x.test', 'a'.repeat(300), '', null, 12, ['a'], { $ne: 1 }];
    for (let round = 0; round < 3; round++) {
      const genuine = emails.map((email) => t.api(votingApi.checkUser, { slug, email }));
      const mutated = hostile.map((email) => t.call('POST', '/api/vote/checkUser', { json: { slug: round ? slug : `${slug}\u0000`, email } }));
      const [ok, bad] = await Promise.all([Promise.all(genuine), Promise.all(mutated)]);
      for (const res of ok) expect(res.statusCode, res.body).toBe(200);
      for (const res of bad) expect(res.statusCode, res.body).toBe(400);
    }
  });
});

describe('the statement that casts responses', () => {
  /** The batch fields as the service fills them, from the ballot read now; and the voting's first option. */
  async function checked(votingId: number) {
    const [any] = await t.database.query<{ id: number }>(`SELECT id FROM users WHERE role = 'ceo' LIMIT 1`);
    const [b] = await repo.ballotQueries(t.database.db).byIds.execute({ voting: votingId, voters: [any!.id] });
    if (!b) throw new Error('no ballot');
    const batch = { votingId, votingUpdatedAt: b.voting.updatedAt, source: 'portal' as const, recordedBy: null, whileStopped: false };
    return { batch, optionId: b.optionIds[0]! };
  }
  const entry = (voter: Voter, optionId: number, unit: 'company' | 'person' = 'company'): repo.CastEntry => ({
    userId: voter.id,
    companyId: voter.companyId,
    unitKey: unit === 'company' ? `c:${voter.companyId}` : `u:${voter.id}`,
    optionIds: [optionId],
    receipt: `R-${voter.id}`,
    at: t.clock.now(),
    mail: { to: voter.email, subject: 'Receipt', html: '<p>Receipt</p>', text: 'Receipt' },
  });
  const cast = (batch: Awaited<ReturnType<typeof checked>>['batch'], entries: repo.CastEntry[]) =>
    repo.castResponses(t.database.db, { ...batch, now: t.clock.now(), entries });
  const receipts = async () => (await t.database.query(`SELECT 1 FROM mail_outbox WHERE type = 'voteReceipt'`)).length;

  it('casts nothing once the voting has stopped: nothing is counted, stored or e-mailed', async () => {
    const [company] = await addVoterCompanies(t, 1, { prefix: 'Late' });
    const voting = await createStartedVoting(t, staff);
    const { batch, optionId } = await checked(voting.id);
    await nextStatus(t, staff, voting.id, 'started');
    expect(await cast(batch, [entry(company!.voters[0]!, optionId)])).toEqual({ open: false, cast: new Set() });
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 0, validRows: 0 });
    expect(await receipts()).toBe(0);
  });

  it('casts nothing once the voting was edited (its options may be gone), though it still runs', async () => {
    const [company] = await addVoterCompanies(t, 1, { prefix: 'Edited' });
    const voting = await createStartedVoting(t, staff);
    const { batch, optionId } = await checked(voting.id);
    t.clock.advance(60_000);
    const edit = votingInput(t, {
      startsAt: voting.startsAt,
      options: [
        { seq: 1, name: 'Yes' },
        { seq: 2, name: 'No' },
      ],
    });
    const edited = await t.api(votingApi.update.aipm, { id: voting.id, voting: edit }, staff);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().status).toBe('started');
    expect((await cast(batch, [entry(company!.voters[0]!, optionId)])).open).toBe(false);
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 0, validRows: 0 });
  });

  it('casts many at once: the first response of each company counts, a company that had voted is refused, the count rises by those cast', async () => {
    const [a, b, c] = await addVoterCompanies(t, 3, { prefix: 'Batch', votersEach: 2 });
    const voting = await createStartedVoting(t, staff);
    const { batch, optionId } = await checked(voting.id);
    expect(await cast(batch, [entry(c!.voters[0]!, optionId)])).toEqual({ open: true, cast: new Set([`R-${c!.voters[0]!.id}`]) });
    const together = [a!.voters[0]!, a!.voters[1]!, b!.voters[0]!, c!.voters[1]!].map((v) => entry(v, optionId));
    const { open, cast: counted } = await cast(batch, together);
    expect(open).toBe(true);
    expect(counted).toEqual(new Set([`R-${a!.voters[0]!.id}`, `R-${b!.voters[0]!.id}`]));
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 3, validRows: 3, validUnits: 3 });
    expect(await receipts()).toBe(3);
  });

  it('a batch that would pass the maximum fails whole; the ballot box then casts one at a time until the voting is full', async () => {
    const [company] = await addVoterCompanies(t, 1, { prefix: 'Full', votersEach: 4 });
    const voting = await createStartedVoting(t, staff, { unit: 'person', maxResponses: 2 });
    const { batch, optionId } = await checked(voting.id);
    const voters = company!.voters.slice(0, 3);
    await expect(
      cast(
        batch,
        voters.map((v) => entry(v, optionId, 'person')),
      ),
    ).rejects.toThrow();
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 0, validRows: 0 });

    const box = new BallotBox(t.database.db, t.clock);
    const outcomes = await Promise.all(voters.map((v) => box.cast(batch, entry(v, optionId, 'person'))));
    expect(outcomes).toEqual(['cast', 'cast', 'noPlace']);
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 2, validRows: 2, effectiveMax: 2 });
    expect(await receipts()).toBe(2);
  });
});

describe.runIf(inject('engine') === 'postgres')('staff stop the voting while 500 vote', () => {
  it('every acknowledged response is counted, none is taken after the stop, and the quorum recorded at the stop agrees', {
    timeout: 180_000,
  }, async () => {
    const { voters, tokens } = await assembly();
    const voting = await createStartedVoting(t, staff, { unit: 'person', quorum: 200 });
    let answered = 0;
    let stop: Promise<unknown> | undefined;
    const outcomes: Outcome[] = await Promise.all(
      voters.map(async (voter, i) => {
        const res = await sendResponse(tokens[i]!, voting, i % 3);
        if (++answered === 100) stop = nextStatus(t, staff, voting.id, 'started');
        return { voter, status: res.statusCode, body: res.json() };
      }),
    );
    await stop;
    const accepted = outcomes.filter((o) => o.status === 200);
    const refused = outcomes.filter((o) => o.status !== 200);
    expect(accepted.length).toBeGreaterThanOrEqual(100);
    expect(new Set(refused.map((o) => `${o.status} ${o.body.message}`))).toEqual(
      refused.length ? new Set(['409 Your vote is rejected, the voting is over.']) : new Set(),
    );
    await expectAgreement(voting, accepted);
    const stored = await storedCounts(t, voting.id);
    expect(stored.quorumReached).toBe(stored.validCount >= 200);
  });
});

describe('ballots read together', () => {
  it('give each voter their own answer: cast, already voted, not eligible, unknown, or the unknown voting', async () => {
    const [a, b] = await addVoterCompanies(t, 2, { prefix: 'Mixed', votersEach: 3 });
    const [off] = await addVoterCompanies(t, 1, { prefix: 'Switched off', isActive: false });
    const voting = await createStartedVoting(t, staff, { unit: 'company', requireCode: false });
    const slug = slugOf(voting);
    const send = (email: string, to = slug) => t.api(votingApi.sendNoAuthResponse, { slug: to, email, optionIds: [voting.options[0]!.id] });
    const emails = [a!.voters[0]!.email, a!.voters[1]!.email, b!.voters[0]!.email, off!.voters[0]!.email, 'nobody@mixed.test', 'staff@demo.test'];
    const answers = await Promise.all([...emails.map((e) => send(e)), send(b!.voters[1]!.email, 'no-such-voting')]);
    const [first, colleague, other, switchedOff, unknown, staffMember, noVoting] = answers.map((r) => [r.statusCode, r.json().code]);
    expect(first).toEqual([200, undefined]);
    // The colleague's ballot was read with the first one, before either was cast: the cast statement refuses it.
    expect(colleague).toEqual([409, 'NOT_ELIGIBLE']);
    expect(other).toEqual([200, undefined]);
    for (const refused of [switchedOff, unknown, staffMember]) expect(refused).toEqual([409, 'NOT_ELIGIBLE']);
    expect(noVoting).toEqual([404, 'VOTING_NOT_EXIST']);
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 2, validRows: 2, validUnits: 2 });
  });
});

describe('a burst of 500 simultaneous public-form votes', () => {
  it('is answered in full, without timeouts or server errors', { timeout: 240_000 }, async () => {
    const { voters } = await assembly();
    const voting = await createStartedVoting(t, staff, { unit: 'person', requireCode: false });
    const slug = slugOf(voting);
    const started = performance.now();
    const outcomes: (Outcome & { ms: number })[] = await Promise.all(
      voters.map(async (voter, i) => {
        const t0 = performance.now();
        const res = await t.api(votingApi.sendNoAuthResponse, { slug, email: voter.email, optionIds: [voting.options[i % 3]!.id] });
        return { voter, status: res.statusCode, body: res.json(), ms: performance.now() - t0 };
      }),
    );
    const elapsed = performance.now() - started;
    const statuses: Record<number, number> = {};
    for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
    expect(statuses).toEqual({ 200: 500 });
    const accepted = outcomes.filter((o) => o.status === 200);
    await expectAgreement(voting, accepted);
    // Timings are reported, never asserted (architecture §4).
    console.info(
      `[${inject('engine')}] burst of 500 public votes: ${Math.round(elapsed)} ms in all, slowest ${Math.round(Math.max(...outcomes.map((o) => o.ms)))} ms`,
    );
  });
});
