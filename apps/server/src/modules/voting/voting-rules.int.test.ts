import { type VotingDetail, type VotingInput, voting as votingApi } from '@portal/shared';
import { eq } from 'drizzle-orm';
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
import { companies, users } from '../../db/schema/index.ts';

const NOT_BEGUN = 'Voting has not begun yet.';
const OVER = 'Your vote is rejected, the voting is over.';
const NOT_ELIGIBLE = 'This e-mail cannot vote in this voting: it is not on the list of voters, or its vote has already been cast.';

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

async function advance(minutes: number) {
  t.clock.advance(minutes * 60_000);
  staff = await t.tokenFor('staff@demo.test');
}

const detail = async (id: number): Promise<VotingDetail> => (await t.api(votingApi.getDetail.aipm, { id }, staff)).json();
const stats = async (id: number) => (await t.api(votingApi.stats.aipm, { id }, staff)).json();
const send = async (email: string, votingId: number, optionIds: number[], headers: Record<string, string> = {}) =>
  t.api(votingApi.sendResponse, { votingId, optionIds }, await t.tokenFor(email), { headers });
const vote = (email: string, voting: VotingDetail, option = 0) => send(email, voting.id, [voting.options[option]!.id]);
const publicVote = (voting: VotingDetail, email: string, option = 0) =>
  t.api(votingApi.sendNoAuthResponse, { slug: slugOf(voting), email, optionIds: [voting.options[option]!.id] });
const onBehalf = (voting: VotingDetail, userId: number, option = 0) =>
  t.api(votingApi.sendResponseOnBehalf.aipm, { votingId: voting.id, userId, optionIds: [voting.options[option]!.id] }, staff);
const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('the dates', () => {
  it('before the start: "Voting has not begun yet." (409), in the portal and on the public form', async () => {
    const voting = await createVoting(t, staff, { unit: 'person', requireCode: false });
    const res = await vote('employee@demo.test', voting);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOT_BEGUN);
    const ru = await send('employee@demo.test', voting.id, [voting.options[0]!.id], { 'accept-language': 'ru' });
    expect(ru.json().message).toBe('Голосование ещё не началось.');
    const pub = await publicVote(voting, 'employee@demo.test');
    expect(pub.statusCode).toBe(409);
    expect(pub.json().message).toBe(NOT_BEGUN);
    expect((await t.api(votingApi.checkUser, { slug: slugOf(voting), email: 'employee@demo.test' })).json().message).toBe(NOT_BEGUN);
    // The public form still shows what is coming.
    expect((await t.api(votingApi.getNoAuth, { slug: slugOf(voting) })).json()).toMatchObject({ status: 'planned', title: voting.title });
    // Staff cannot record a ballot before the start either.
    expect((await onBehalf(voting, await idOf('employee@demo.test'))).json().message).toBe(NOT_BEGUN);
    expect((await stats(voting.id)).responses).toBe(0);
  });

  it('at and after the end, even before the schedule stops it: "Your vote is rejected, the voting is over." (409)', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person', requireCode: false, endsAt: minutesFromNow(t, 30) });
    await advance(30);
    expect((await detail(voting.id)).status).toBe('started');
    for (const res of [await vote('employee@demo.test', voting), await publicVote(voting, 'ceo@demo.test')]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(OVER);
    }
    expect((await send('employee@demo.test', voting.id, [voting.options[0]!.id], { 'accept-language': 'ru' })).json().message).toBe(
      'Ваш голос отклонён, голосование завершено.',
    );
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 0, validRows: 0 });
  });

  it('a stopped or archived voting rejects votes as over; staff may still record a paper ballot while stopped', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person', requireCode: false });
    await nextStatus(t, staff, voting.id, 'started');
    expect((await vote('employee@demo.test', voting)).json().message).toBe(OVER);
    expect((await publicVote(voting, 'employee@demo.test')).json().message).toBe(OVER);
    const paper = await onBehalf(voting, await idOf('trusted@demo.test'));
    expect(paper.statusCode, paper.body).toBe(200);
    await nextStatus(t, staff, voting.id, 'stopped');
    expect((await vote('employee@demo.test', voting)).json().message).toBe(OVER);
    expect((await onBehalf(voting, await idOf('ceo@demo.test'))).json().message).toBe(OVER);
    expect((await stats(voting.id)).responses).toBe(1);
  });

  it('the last instant before the end still counts', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person', endsAt: minutesFromNow(t, 30) });
    t.clock.advance(30 * 60_000 - 1);
    expect((await vote('employee@demo.test', voting)).statusCode).toBe(200);
  });
});

describe('the voting unit', () => {
  it('company: the first response counts for the company; a colleague is told by whom; another company still votes', async () => {
    const [beta] = await addVoterCompanies(t, 1, { prefix: 'Beta', votersEach: 2 });
    const voting = await createStartedVoting(t, staff, { unit: 'company' });
    expect(voting).toMatchObject({ unit: 'company', maxResponses: 2, eligibleVoters: 2 });
    expect((await vote('employee@demo.test', voting, 1)).statusCode).toBe(200);
    const colleague = await vote('ceo@demo.test', voting);
    expect(colleague.statusCode).toBe(409);
    expect(colleague.json().message).toBe('Your company has already voted (Egor Sotrudnikov).');
    const ru = await send('trusted@demo.test', voting.id, [voting.options[0]!.id], { 'accept-language': 'ru' });
    expect(ru.json().message).toBe('Ваша компания уже проголосовала (Egor Sotrudnikov).');
    expect((await vote('employee@demo.test', voting)).json().message).toBe('You have already voted.');
    const view = (await t.api(votingApi.getById, { id: voting.id }, await t.tokenFor('ceo@demo.test'))).json();
    expect(view).toMatchObject({ myResponse: null, companyVotedBy: 'Egor Sotrudnikov' });
    // Staff cannot record a second ballot for a company either.
    const paper = await onBehalf(voting, await idOf('trusted@demo.test'));
    expect(paper.json().message).toBe('Your company has already voted (Egor Sotrudnikov).');
    expect((await vote(beta!.voters[1]!.email, voting)).statusCode).toBe(200);
    expect((await vote(beta!.voters[0]!.email, voting)).statusCode).toBe(409);
    // The public form answers the same as for an unknown e-mail.
    const pub = await t.api(votingApi.checkUser, { slug: slugOf(voting), email: 'ceo@demo.test' });
    expect(pub.json().message).toBe(NOT_ELIGIBLE);
    const s = await stats(voting.id);
    expect(s).toMatchObject({ responses: 2, maxResponses: 2, responseRatio: 1 });
    expect(s.options.map((o: { count: number }) => o.count)).toEqual([1, 1, 0]);
    const turnout = (await t.api(votingApi.turnout.aipm, { id: voting.id }, staff)).json();
    expect(turnout).toMatchObject({ eligibleVoters: 2, voted: 2 });
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 2, validRows: 2, validUnits: 2 });
  });

  it('person: each eligible person of a company responds once', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person' });
    expect(voting).toMatchObject({ maxResponses: 3, eligibleVoters: 3 });
    for (const email of ['employee@demo.test', 'ceo@demo.test', 'trusted@demo.test']) expect((await vote(email, voting)).statusCode).toBe(200);
    const twice = await vote('ceo@demo.test', voting, 1);
    expect(twice.statusCode).toBe(409);
    expect(['You have already voted.', 'The maximum number of responses has been reached.']).toContain(twice.json().message);
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 3, validRows: 3, validUnits: 3 });
  });

  it('person: a second response of the same person is "already voted" while places remain', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person', maxResponses: 10 });
    expect((await vote('ceo@demo.test', voting)).statusCode).toBe(200);
    const twice = await vote('ceo@demo.test', voting, 1);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already voted.');
    expect((await onBehalf(voting, await idOf('ceo@demo.test'))).json().message).toBe('You have already voted.');
  });

  it('an empty maximum is the eligible voters at the start: people added later do not raise it', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person', maxResponses: null });
    expect(voting.maxResponses).toBe(3);
    const [late] = await addVoterCompanies(t, 1, { prefix: 'Late', votersEach: 1 });
    for (const email of ['employee@demo.test', 'ceo@demo.test', 'trusted@demo.test']) expect((await vote(email, voting)).statusCode).toBe(200);
    const res = await vote(late!.voters[0]!.email, voting);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The maximum number of responses has been reached.');
    expect(await stats(voting.id)).toMatchObject({ responses: 3, maxResponses: 3, eligibleVoters: 4, responseRatio: 1 });
  });
});

describe('answers', () => {
  const four = [
    { seq: 1, name: 'A' },
    { seq: 2, name: 'B' },
    { seq: 3, name: 'C' },
    { seq: 4, name: 'D' },
  ];

  it('single: exactly one answer', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person', multiple: false, minAnswers: 3, maxAnswers: 3 });
    expect(voting).toMatchObject({ multiple: false, minAnswers: 1, maxAnswers: 1 });
    const [a, b] = voting.options;
    const none = await send('employee@demo.test', voting.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ optionIds: 'Choose at least one answer.' });
    const noneRu = await send('employee@demo.test', voting.id, [], { 'accept-language': 'ru' });
    expect(noneRu.json().fields).toEqual({ optionIds: 'Выберите хотя бы один ответ.' });
    const two = await send('employee@demo.test', voting.id, [a!.id, b!.id]);
    expect(two.statusCode).toBe(400);
    expect(two.json().fields).toEqual({ optionIds: 'Choose from 1 to 1 answers.' });
    expect((await send('employee@demo.test', voting.id, [b!.id])).statusCode).toBe(200);
    expect((await stats(voting.id)).options.map((o: { count: number }) => o.count)).toEqual([0, 1, 0]);
  });

  it('multiple: between the minimum and the maximum, distinct, counted per option', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person', multiple: true, minAnswers: 2, maxAnswers: 3, options: four });
    const [a, b, c, d] = voting.options.map((o) => o.id) as [number, number, number, number];
    for (const choice of [[a], [a, b, c, d]]) {
      const res = await send('employee@demo.test', voting.id, choice);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ optionIds: 'Choose from 2 to 3 answers.' });
    }
    const ru = await send('employee@demo.test', voting.id, [a], { 'accept-language': 'ru' });
    expect(ru.json().fields).toEqual({ optionIds: 'Выберите от 2 до 3 ответов.' });
    const dup = await send('employee@demo.test', voting.id, [a, a]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields).toEqual({ optionIds: 'Invalid value.' });
    expect((await send('employee@demo.test', voting.id, [a, b])).statusCode).toBe(200);
    expect((await send('ceo@demo.test', voting.id, [b, c, d])).statusCode).toBe(200);
    const s = await stats(voting.id);
    expect(s.responses).toBe(2);
    expect(s.options.map((o: { count: number; share: number }) => [o.count, o.share])).toEqual([
      [1, 0.5],
      [2, 1],
      [1, 0.5],
      [1, 0.5],
    ]);
    const mine = (await t.api(votingApi.getById, { id: voting.id }, await t.tokenFor('ceo@demo.test'))).json();
    expect([...mine.myResponse.optionIds].sort()).toEqual([b, c, d].sort());
  });

  it('options of another voting, unknown options and unknown votings are refused', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person' });
    const other = await createStartedVoting(t, staff, { unit: 'person', title: 'Other' });
    const foreign = await send('employee@demo.test', voting.id, [other.options[0]!.id]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ optionIds: 'Invalid value.' });
    expect((await send('employee@demo.test', voting.id, [999_999])).statusCode).toBe(400);
    const mixed = await send('employee@demo.test', voting.id, [voting.options[0]!.id, other.options[1]!.id]);
    expect(mixed.statusCode).toBe(400);
    expect((await send('employee@demo.test', 999_999, [voting.options[0]!.id])).statusCode).toBe(404);
    const bad = await t.call('POST', '/api/vote/sendResponse', {
      token: await t.tokenFor('employee@demo.test'),
      json: { votingId: 'x', optionIds: 'a' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['optionIds', 'votingId']);
    const pub = await t.api(votingApi.sendNoAuthResponse, {
      slug: slugOf(voting),
      email: 'employee@demo.test',
      code: '000000',
      optionIds: [other.options[0]!.id],
    });
    expect(pub.statusCode).not.toBe(200);
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 0, validRows: 0 });
    expect(await storedCounts(t, other.id)).toMatchObject({ validCount: 0, validRows: 0 });
  });
});

describe('who may vote', () => {
  it('chosen companies: only their people, in the portal, on the public form and on paper', async () => {
    const [chosen, left] = await addVoterCompanies(t, 2, { votersEach: 2 });
    const voting = await createStartedVoting(t, staff, {
      unit: 'person',
      requireCode: false,
      eligibility: 'companies',
      companyIds: [chosen!.id],
    });
    expect(voting).toMatchObject({
      eligibility: 'companies',
      companies: [{ id: chosen!.id, name: chosen!.name }],
      eligibleVoters: 2,
      maxResponses: 2,
    });
    const outsider = await vote('employee@demo.test', voting);
    expect(outsider.statusCode).toBe(409);
    expect(outsider.json().message).toBe(NOT_ELIGIBLE);
    expect((await publicVote(voting, left!.voters[0]!.email)).json().message).toBe(NOT_ELIGIBLE);
    expect((await onBehalf(voting, left!.voters[1]!.id)).json().message).toBe(NOT_ELIGIBLE);
    expect((await vote(chosen!.voters[0]!.email, voting)).statusCode).toBe(200);
    expect((await publicVote(voting, chosen!.voters[1]!.email)).statusCode).toBe(200);
    const turnout = (await t.api(votingApi.turnout.aipm, { id: voting.id }, staff)).json();
    expect(turnout.companies.map((c: { id: number }) => c.id)).toEqual([chosen!.id]);
    expect(turnout).toMatchObject({ eligibleVoters: 2, voted: 2 });
  });

  it('chosen companies must be given and must exist', async () => {
    const none = await t.api(votingApi.create.aipm, votingInput(t, { eligibility: 'companies' }), staff);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ companyIds: 'Choose the companies that may vote.' });
    const unknown = await t.api(votingApi.create.aipm, votingInput(t, { eligibility: 'companies', companyIds: [1, 99_999] }), staff);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ companyIds: 'Choose the companies that may vote.' });
    expect((await t.api(votingApi.list.aipm, undefined, staff)).json().total).toBe(0);
  });

  it('an inactive person or a person of an inactive company is not an eligible voter', async () => {
    const [active, closed] = await addVoterCompanies(t, 2, { prefix: 'Mixed', votersEach: 3 });
    const quitter = active!.voters[2]!;
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, quitter.id));
    await t.database.db.update(companies).set({ isActive: false }).where(eq(companies.id, closed!.id));
    const voting = await createStartedVoting(t, staff, { unit: 'person', requireCode: false });
    // Demo Pharma's 3 and the 2 still active of "Mixed 0001".
    expect(voting).toMatchObject({ eligibleVoters: 5, maxResponses: 5 });
    expect((await onBehalf(voting, quitter.id)).json().message).toBe(NOT_ELIGIBLE);
    expect((await onBehalf(voting, closed!.voters[0]!.id)).json().message).toBe(NOT_ELIGIBLE);
    const unknown = await t.api(votingApi.checkUser, { slug: slugOf(voting), email: 'nobody@voters.test' });
    for (const email of [quitter.email, closed!.voters[1]!.email, 'staff@demo.test', 'admin@demo.test']) {
      const res = await t.api(votingApi.checkUser, { slug: slugOf(voting), email });
      expect(res.statusCode, email).toBe(409);
      expect(res.json(), email).toEqual(unknown.json());
      expect((await publicVote(voting, email)).json().message, email).toBe(NOT_ELIGIBLE);
    }
    // Association staff are not voters: the portal call is not theirs.
    expect((await send('staff@demo.test', voting.id, [voting.options[0]!.id])).statusCode).toBe(403);
    expect((await onBehalf(voting, await idOf('staff@demo.test'))).json().message).toBe(NOT_ELIGIBLE);
    const turnout = (await t.api(votingApi.turnout.aipm, { id: voting.id }, staff)).json();
    expect(turnout.companies.flatMap((c: { voters: { id: number }[] }) => c.voters.map((v) => v.id))).not.toContain(quitter.id);
    expect(turnout.companies.map((c: { id: number }) => c.id)).not.toContain(closed!.id);
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 0, validRows: 0 });
  });

  it('a company switched off during the voting loses its vote: its sessions end and its people are refused', async () => {
    const [beta] = await addVoterCompanies(t, 1, { prefix: 'Beta', votersEach: 2 });
    const voting = await createStartedVoting(t, staff, { unit: 'person', requireCode: false });
    const token = await t.tokenFor(beta!.voters[0]!.email);
    await t.database.db.update(companies).set({ isActive: false }).where(eq(companies.id, beta!.id));
    const res = await t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[0]!.id] }, token);
    expect(res.statusCode).toBe(401);
    expect((await publicVote(voting, beta!.voters[1]!.email)).json().message).toBe(NOT_ELIGIBLE);
  });

  it('editing the chosen companies of a running voting with an empty maximum counts the voters of the new list', async () => {
    const [beta] = await addVoterCompanies(t, 1, { prefix: 'Beta', votersEach: 2 });
    const voting = await createStartedVoting(t, staff, { unit: 'person', eligibility: 'companies', companyIds: [1] });
    expect(voting.maxResponses).toBe(3);
    const edited = await t.api(
      votingApi.update.aipm,
      {
        id: voting.id,
        voting: votingInput(t, { unit: 'person', startsAt: voting.startsAt, eligibility: 'companies', companyIds: [1, beta!.id] }),
      },
      staff,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect({ eligibleVoters: edited.json().eligibleVoters, maxResponses: edited.json().maxResponses }).toEqual({
      eligibleVoters: 5,
      maxResponses: 5,
    });
  });
});

describe('validation of a voting (spec §5), each message on its field, in both languages', () => {
  const create = (body: VotingInput, locale: 'en' | 'ru' = 'en') =>
    t.api(votingApi.create.aipm, body, staff, { headers: { 'accept-language': locale } });
  const options = (n: number) => Array.from({ length: n }, (_, i) => ({ seq: i + 1, name: `Option ${i + 1}` }));

  const cases: [string, Partial<VotingInput>, Record<string, [string, string]>][] = [
    [
      // Said once, on the options: nothing under the unticked "Multiple responses" box.
      'one option',
      { options: options(1) },
      { options: ['A voting needs at least 2 and at most 14 answer options.', 'В голосовании должно быть от 2 до 14 вариантов ответа.'] },
    ],
    [
      '15 options',
      { options: options(15) },
      { options: ['A voting needs at least 2 and at most 14 answer options.', 'В голосовании должно быть от 2 до 14 вариантов ответа.'] },
    ],
    [
      'minAnswers 0',
      { multiple: true, minAnswers: 0, maxAnswers: 2 },
      { minAnswers: ['The minimum number of answers is at least 1.', 'Минимальное число ответов — не меньше 1.'] },
    ],
    [
      'minAnswers above maxAnswers',
      { multiple: true, minAnswers: 2, maxAnswers: 1 },
      { minAnswers: ['The minimum number of answers cannot exceed the maximum.', 'Минимальное число ответов не может превышать максимальное.'] },
    ],
    [
      'maxAnswers equal to the option count',
      { multiple: true, minAnswers: 1, maxAnswers: 3 },
      {
        maxAnswers: [
          'The number of options must be greater than the maximum number of answers.',
          'Вариантов должно быть больше, чем максимальное число ответов.',
        ],
      },
    ],
    [
      'quorum above the maximum',
      { quorum: 11, maxResponses: 10 },
      { quorum: ['The quorum cannot exceed the maximum number of responses.', 'Кворум не может превышать максимальное число ответов.'] },
    ],
    [
      'end before start',
      { endsAt: '2026-03-02T08:00:00Z' },
      { endsAt: ['The end must come after the start.', 'Окончание должно быть позже начала.'] },
    ],
    ['not a date', { startsAt: 'tomorrow' }, { startsAt: ['Enter a date and time.', 'Введите дату и время.'] }],
    ['no title', { title: '  ' }, { title: ['You must enter a value.', 'Необходимо заполнить поле.'] }],
    ['maxResponses 0', { maxResponses: 0 }, { maxResponses: ['Invalid value.', 'Некорректное значение.'] }],
    ['negative quorum', { quorum: -1 }, { quorum: ['Invalid value.', 'Некорректное значение.'] }],
    [
      'two options with one number',
      {
        options: [
          { seq: 1, name: 'A' },
          { seq: 1, name: 'B' },
          { seq: 2, name: 'C' },
        ],
      },
      { options: ['Each option needs its own sequence number.', 'У каждого варианта должен быть свой порядковый номер.'] },
    ],
  ];

  for (const [name, over, fields] of cases) {
    it(name, async () => {
      for (const [i, locale] of (['en', 'ru'] as const).entries()) {
        const res = await create(votingInput(t, over), locale);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().fields).toEqual(Object.fromEntries(Object.entries(fields).map(([f, m]) => [f, m[i]])));
      }
      // The same rules hold on update.
      const voting = await createVoting(t, staff);
      const upd = await t.api(votingApi.update.aipm, { id: voting.id, voting: votingInput(t, over) }, staff);
      expect(upd.statusCode).toBe(400);
      expect(Object.keys(upd.json().fields).map((k) => k.split('.').at(-1))).toEqual(Object.keys(fields));
    });
  }

  it('accepts the edges: 2 and 14 options, maxAnswers one below the option count, quorum equal to the maximum', async () => {
    expect((await create(votingInput(t, { options: options(2) }))).statusCode).toBe(200);
    const wide = await create(votingInput(t, { options: options(14), multiple: true, minAnswers: 13, maxAnswers: 13, quorum: 5, maxResponses: 5 }));
    expect(wide.statusCode, wide.body).toBe(200);
    expect(wide.json()).toMatchObject({ minAnswers: 13, maxAnswers: 13, quorum: 5, maxResponses: 5 });
    expect(wide.json().options).toHaveLength(14);
  });

  it('orders options by their sequence number and renumbers them 1..n', async () => {
    const res = await create(
      votingInput(t, {
        options: [
          { seq: 30, name: 'Third' },
          { seq: 10, name: 'First' },
          { seq: 20, name: 'Second' },
        ],
      }),
    );
    expect(res.json().options.map((o: { seq: number; name: string }) => [o.seq, o.name])).toEqual([
      [1, 'First'],
      [2, 'Second'],
      [3, 'Third'],
    ]);
  });
});

describe('editing', () => {
  it('deletes the votes only after a confirmation that says how many, in the caller language; they are gone for good', async () => {
    const voting = await createStartedVoting(t, staff, { unit: 'person' });
    await vote('employee@demo.test', voting);
    await vote('ceo@demo.test', voting);
    const body = { id: voting.id, voting: votingInput(t, { unit: 'person', title: 'Renamed', startsAt: voting.startsAt }) };
    const en = await t.api(votingApi.update.aipm, body, staff);
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe('Saving will delete the 2 votes already cast. Confirm to go on.');
    const ru = await t.api(votingApi.update.aipm, body, staff, { headers: { 'accept-language': 'ru' } });
    expect(ru.json().message).toBe('При сохранении будут удалены 2 уже поданных голоса. Подтвердите, чтобы продолжить.');
    expect((await detail(voting.id)).title).toBe(voting.title);
    expect((await stats(voting.id)).responses).toBe(2);
    const ok = await t.api(votingApi.update.aipm, { ...body, confirmDeleteVotes: true }, staff);
    expect(ok.json()).toMatchObject({ title: 'Renamed', status: 'started', responses: 0 });
    expect(await storedCounts(t, voting.id)).toMatchObject({ validCount: 0, validRows: 0 });
    expect(await t.database.query(`SELECT count(*)::int AS n FROM voting_responses WHERE voting_id = ${voting.id}`)).toEqual([{ n: 0 }]);
    // The voters may answer again, with the new options.
    const fresh = await detail(voting.id);
    expect((await vote('employee@demo.test', fresh)).statusCode).toBe(200);
    const log = (await t.api(votingApi.log.aipm, { action: 'voting.updated' }, staff)).json();
    expect(log.rows[0]).toMatchObject({ actor: { surname: 'Staffov' }, after: expect.objectContaining({ deletedVotes: 2 }) });
    // The entry compares the settings before and after, in the same shape, so only what changed differs.
    expect(log.rows[0].before).toMatchObject({
      title: voting.title,
      unit: voting.unit,
      options: voting.options.map((o) => ({ seq: o.seq, name: o.name, comment: o.comment })),
    });
    expect(log.rows[0].after).toMatchObject({ title: 'Renamed', unit: voting.unit });
    expect(log.rows[0].before).not.toHaveProperty('status');
  });

  it('without votes needs no confirmation', async () => {
    const voting = await createVoting(t, staff);
    const res = await t.api(votingApi.update.aipm, { id: voting.id, voting: votingInput(t, { title: 'New' }) }, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('New');
    expect((await t.api(votingApi.update.aipm, { id: 99_999, voting: votingInput(t) }, staff)).statusCode).toBe(404);
  });
});
