import type { VotingDetail, VotingInput, VotingStatus } from '@portal/shared';
import { voting as votingApi } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies, sessions, users, votingResponses, votings } from '../src/db/schema/index.ts';
import { randomToken, sha256 } from '../src/lib/crypto.ts';
import { TEST_NOW } from './clock.ts';
import type { TestApp } from './harness.ts';

/** One eligible person made by the fixtures. */
export interface Voter {
  id: number;
  email: string;
  name: string;
  surname: string;
  role: 'employee' | 'trusted' | 'ceo';
  companyId: number;
}

export interface VoterCompany {
  id: number;
  name: string;
  voters: Voter[];
}

export interface VoterCompaniesOptions {
  /** Names are "<prefix> 0001" …, e-mails <slug>-0001-01@voters.test …; keep prefixes distinct within a test. */
  prefix?: string;
  /** People of each company: the first is the ceo, the second the trusted person, the others employees. */
  votersEach?: number;
  /** A total number of people spread over the companies round-robin (overrides votersEach). */
  totalVoters?: number;
  isActive?: boolean;
  peopleActive?: boolean;
}

const CHUNK = 500;

async function insertChunks<T, R>(values: T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await insert(values.slice(i, i + CHUNK))));
  return out;
}

/**
 * N member companies with eligible people, in a few bulk inserts. Each company has at most one ceo
 * (a unique index enforces it), then one trusted person, then employees.
 */
export async function addVoterCompanies(t: TestApp, n: number, options: VoterCompaniesOptions = {}): Promise<VoterCompany[]> {
  const prefix = options.prefix ?? 'Voting Co';
  const slug = prefix.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const companyRows = await insertChunks(
    Array.from({ length: n }, (_, i) => ({
      name: `${prefix} ${String(i + 1).padStart(4, '0')}`,
      domain: `${slug}-${i + 1}.test`,
      status: 'confirmed' as const,
      isActive: options.isActive ?? true,
      createdAt: TEST_NOW,
    })),
    (chunk) => t.database.db.insert(companies).values(chunk).returning({ id: companies.id, name: companies.name }),
  );
  const perCompany = companyRows.map(() => 0);
  if (options.totalVoters !== undefined) for (let k = 0; k < options.totalVoters; k++) perCompany[k % n]! += 1;
  else perCompany.fill(options.votersEach ?? 1);
  const people = companyRows.flatMap((c, i) =>
    Array.from({ length: perCompany[i]! }, (_, k) => {
      const role: Voter['role'] = k === 0 ? 'ceo' : k === 1 ? 'trusted' : 'employee';
      const tag = `${String(i + 1).padStart(4, '0')}-${String(k + 1).padStart(2, '0')}`;
      return {
        email: `${slug}-${tag}@voters.test`,
        name: `Voter${tag}`,
        surname: `${prefix} ${tag}`,
        position: 'Specialist',
        phone: '+7 495 111-22-33',
        role,
        status: 'joined' as const,
        isActive: options.peopleActive ?? true,
        companyId: c.id,
        createdAt: TEST_NOW,
        updatedAt: TEST_NOW,
      };
    }),
  );
  const rows = await insertChunks(people, (chunk) =>
    t.database.db
      .insert(users)
      .values(chunk)
      .returning({ id: users.id, email: users.email, name: users.name, surname: users.surname, role: users.role, companyId: users.companyId }),
  );
  const byCompany = new Map(companyRows.map((c) => [c.id, { id: c.id, name: c.name, voters: [] as Voter[] }]));
  for (const r of rows) byCompany.get(r.companyId!)!.voters.push({ ...r, role: r.role as Voter['role'], companyId: r.companyId! });
  return [...byCompany.values()];
}

/** Sessions for many people at once (no login, no argon2): the tokens, in the order of the ids. */
export async function tokensFor(t: TestApp, userIds: number[]): Promise<string[]> {
  const now = t.clock.now();
  const tokens = userIds.map(() => randomToken());
  await insertChunks(
    userIds.map((userId, i) => ({
      userId,
      tokenHash: sha256(tokens[i]!),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    })),
    (chunk) => t.database.db.insert(sessions).values(chunk).returning({ id: sessions.id }),
  );
  return tokens;
}

/** A valid voting body, starting 10 minutes and ending 70 minutes from the test clock; override any field. */
export function votingInput(t: TestApp, over: Partial<VotingInput> = {}): VotingInput {
  const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();
  return {
    title: 'Board election 2026',
    question: 'Who should chair the board?',
    language: 'en',
    startsAt: at(10),
    endsAt: at(70),
    options: [
      { seq: 1, name: 'Alice' },
      { seq: 2, name: 'Bob' },
      { seq: 3, name: 'Carol', comment: 'Incumbent' },
    ],
    ...over,
  };
}

/** An ISO instant `minutes` from the test clock. */
export const minutesFromNow = (t: TestApp, minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();

/** Creates a planned voting through the API (as staff). */
export async function createVoting(t: TestApp, staffToken: string, over: Partial<VotingInput> = {}): Promise<VotingDetail> {
  const res = await t.api(votingApi.create.aipm, votingInput(t, over), staffToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Moves a voting on with nextStatus from the status it has; answers the new detail. */
export async function nextStatus(t: TestApp, staffToken: string, id: number, from: VotingStatus): Promise<VotingDetail> {
  const res = await t.api(votingApi.nextStatus.aipm, { id, from }, staffToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Creates a voting already open (start 5 minutes ago unless overridden) and starts it by hand. */
export async function createStartedVoting(t: TestApp, staffToken: string, over: Partial<VotingInput> = {}): Promise<VotingDetail> {
  const voting = await createVoting(t, staffToken, { startsAt: minutesFromNow(t, -5), ...over });
  return nextStatus(t, staffToken, voting.id, 'planned');
}

/** The public link's slug of a voting. */
export const slugOf = (voting: VotingDetail) => voting.link.split('/').at(-1)!;

/** What the database holds for a voting: its counter and its valid response rows. */
export async function storedCounts(t: TestApp, votingId: number) {
  const [v] = await t.database.db
    .select({ validCount: votings.validCount, effectiveMax: votings.effectiveMax, quorumReached: votings.quorumReached })
    .from(votings)
    .where(eq(votings.id, votingId));
  const [rows] = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number), units: sql<number>`count(DISTINCT ${votingResponses.unitKey})`.mapWith(Number) })
    .from(votingResponses)
    .where(and(eq(votingResponses.votingId, votingId), eq(votingResponses.status, 'valid')));
  return { validCount: v!.validCount, effectiveMax: v!.effectiveMax, quorumReached: v!.quorumReached, validRows: rows!.n, validUnits: rows!.units };
}
