// The benchmark's voters and votings: many eligible people, and a running voting of their own for each load run.
import type { Db } from '../src/db/client.ts';
import { companies, users, votingOptions, votings } from '../src/db/schema/index.ts';

export interface SeededVoters {
  emails: string[];
  companyIds: number[];
}

/**
 * Seeds count eligible people (one ceo, one trusted person, the rest employees in companies of 20), straight
 * into the database.
 */
export async function seedVoters(db: Db, now: Date, count: number): Promise<SeededVoters> {
  const perCompany = 20;
  const companyIds: number[] = [];
  const n = Math.ceil(count / perCompany);
  for (let i = 0; i < n; i += 1000) {
    const chunk = Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({
      name: `Bench Voting Co ${String(i + k + 1).padStart(5, '0')}`,
      status: 'confirmed' as const,
      isActive: true,
      createdAt: now,
    }));
    companyIds.push(...(await db.insert(companies).values(chunk).returning({ id: companies.id })).map((c) => c.id));
  }
  const emails: string[] = [];
  const people = Array.from({ length: count }, (_, k) => {
    const r = k % perCompany;
    const email = `bench.voter.${k + 1}@voters.bench`;
    emails.push(email);
    return {
      email,
      name: `Voter${k + 1}`,
      surname: `Bench ${k + 1}`,
      role: r === 0 ? ('ceo' as const) : r === 1 ? ('trusted' as const) : ('employee' as const),
      status: 'joined' as const,
      isActive: true,
      companyId: companyIds[Math.floor(k / perCompany)]!,
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let i = 0; i < people.length; i += 1000) await db.insert(users).values(people.slice(i, i + 1000));
  return { emails, companyIds };
}

/**
 * A running voting (one response per person, no e-mail code, no maximum set, so the eligible voters are the
 * ceiling), created straight in the database so the start notice is not queued to every voter. Each load run
 * gets its own, so every request is a voter who has not voted yet.
 */
export async function seedVoting(db: Db, now: Date, voters: number): Promise<{ slug: string; optionId: number }> {
  const slug = `bench-${Math.random().toString(36).slice(2)}`;
  const [voting] = await db
    .insert(votings)
    .values({
      slug,
      title: 'Benchmark voting',
      question: 'Do you approve the annual report?',
      language: 'en',
      status: 'started',
      startsAt: new Date(now.getTime() - 60_000),
      endsAt: new Date(now.getTime() + 86_400_000),
      unit: 'person',
      eligibility: 'all',
      requireCode: false,
      effectiveMax: voters,
      // The per-voting ceiling of the public calls counts from the people eligible when it started.
      eligiblePeople: voters,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: votings.id });
  const options = await db
    .insert(votingOptions)
    .values(['For', 'Against', 'Abstain'].map((name, i) => ({ votingId: voting!.id, seq: i + 1, name })))
    .returning({ id: votingOptions.id });
  return { slug, optionId: options[0]!.id };
}

/** A load run's ballots: each call opens a voting of its own, so every ballot is a voter who has not voted yet. */
export const ballotsOf = (db: Db, voters: SeededVoters) => async () => {
  const { slug, optionId } = await seedVoting(db, new Date(), voters.emails.length + 100);
  return voters.emails.map((email) => JSON.stringify({ slug, email, optionIds: [optionId] }));
};
