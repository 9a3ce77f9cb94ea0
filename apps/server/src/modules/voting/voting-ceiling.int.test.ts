import { voting as votingApi } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addVoterCompanies, createStartedVoting, slugOf } from '../../../test/voting-fixtures.ts';
import { votings } from '../../db/schema/index.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  // 2 calls per eligible person, never fewer than 5 per voting; the per-address ceiling out of the way.
  t = await createTestApp({ VOTE_LIMIT_PER_VOTER: '2', VOTE_LIMIT_PER_VOTING_MIN: '5', VOTE_LIMIT_PER_ADDRESS: '1000000' });
});
beforeEach(async () => {
  await t.reset();
  staff = await t.tokenFor('staff@demo.test');
});
afterAll(async () => {
  await t.close();
});

/** Statuses of checkUser calls for the e-mails, one after the other, each from an address of its own. */
async function ask(slug: string, emails: string[]) {
  const statuses: number[] = [];
  for (const [i, email] of emails.entries()) {
    const res = await t.api(votingApi.checkUser, { slug, email }, undefined, { remoteAddress: `10.0.${i >> 8}.${i & 255}` });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('the public calls’ ceiling per voting', () => {
  it('admits per voting a number of calls derived from its eligible people, from any number of addresses', async () => {
    const [a, b] = await addVoterCompanies(t, 2, { prefix: 'Ceiling Co', votersEach: 4 });
    // Voting unit: the company (2 voters), but all 8 people may ask for a code: the ceiling counts people.
    const voting = await createStartedVoting(t, staff, { eligibility: 'companies', companyIds: [a!.id, b!.id], unit: 'company' });
    const [row] = await t.database.db.select({ n: votings.eligiblePeople }).from(votings).where(eq(votings.id, voting.id));
    expect(row!.n).toBe(8);
    const people = [...a!.voters, ...b!.voters].map((v) => v.email);
    const strangers = Array.from({ length: 4 }, (_, i) => `stranger${i}@nowhere.test`);
    // 16 calls pass (each person's code; guesses at addresses count too), the 17th is refused, whoever sends it.
    const statuses = await ask(slugOf(voting), [...people, ...strangers, ...people.slice(0, 4), people[5]!]);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses.slice(8, 12)).toEqual(Array(4).fill(409));
    expect(statuses.slice(12, 16)).toEqual(Array(4).fill(200));
    expect(statuses[16]).toBe(429);
    const refused = await t.api(votingApi.sendNoAuthResponse, { slug: slugOf(voting), email: people[6]!, code: '000000', optionIds: [1] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('counts each voting apart, and a voting with few people gets the minimum', async () => {
    const [c] = await addVoterCompanies(t, 1, { prefix: 'Small Co', votersEach: 1 });
    const small = await createStartedVoting(t, staff, { eligibility: 'companies', companyIds: [c!.id] });
    const other = await createStartedVoting(t, staff, { eligibility: 'companies', companyIds: [c!.id], title: 'Another voting' });
    const email = c!.voters[0]!.email;
    expect(await ask(slugOf(small), Array(6).fill(email))).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await ask(slugOf(other), [email])).toEqual([200]);
  });
});
