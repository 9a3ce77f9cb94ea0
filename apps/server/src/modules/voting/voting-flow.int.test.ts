import { type VotingInput, voting as votingApi } from '@portal/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

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

const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();
const votingInput = (over: Partial<VotingInput> = {}): VotingInput => ({
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
});

async function createVoting(over: Partial<VotingInput> = {}) {
  const res = await t.api(votingApi.create.aipm, votingInput(over), staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the life of a voting', () => {
  it('is created planned, started by hand (moving the start to now), answered, stopped, published and seen by voters', async () => {
    const voting = await createVoting();
    expect(voting).toMatchObject({ status: 'planned', unit: 'company', eligibleVoters: 1, link: expect.stringContaining('/voting-form/') });
    const employee = await t.tokenFor('employee@demo.test');
    const early = await t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[0].id] }, employee);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Voting has not begun yet.');

    const started = await t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'planned' }, staff);
    expect(started.json()).toMatchObject({ status: 'started', startsAt: t.clock.now().toISOString(), maxResponses: 1 });
    const again = await t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'planned' }, staff);
    expect(again.statusCode).toBe(409);

    const tooMany = await t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[0].id, voting.options[1].id] }, employee);
    expect(tooMany.json().fields).toEqual({ optionIds: 'Choose from 1 to 1 answers.' });
    const sent = await t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[1].id] }, employee);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().receipt).toMatch(/^[A-Z2-9]{10}$/);

    const ceo = await t.tokenFor('ceo@demo.test');
    const second = await t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[0].id] }, ceo);
    expect(second.statusCode).toBe(409);
    expect(['Your company has already voted (Egor Sotrudnikov).', 'The maximum number of responses has been reached.']).toContain(
      second.json().message,
    );

    const stats = (await t.api(votingApi.stats.aipm, { id: voting.id }, staff)).json();
    expect(stats).toMatchObject({ responses: 1, maxResponses: 1, responseRatio: 1 });
    expect(stats.options.map((o: { count: number }) => o.count)).toEqual([0, 1, 0]);
    // The start notices are the voting's own in the outbox: queued until sent, then counted as sent.
    const queued = stats.notices.queued;
    expect(queued).toBeGreaterThan(0);
    expect(stats.notices).toEqual({ queued, sent: 0, failed: 0 });
    await t.flushMail();
    const after = (await t.api(votingApi.stats.aipm, { id: voting.id }, staff)).json();
    expect(after.notices).toEqual({ queued: 0, sent: queued, failed: 0 });
    expect((await t.api(votingApi.getById, { id: voting.id }, employee)).json().results).toBeNull();

    const stopped = await t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'started' }, staff);
    expect(stopped.json().status).toBe('stopped');
    const late = await t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[0].id] }, ceo);
    expect(late.json().message).toBe('Your vote is rejected, the voting is over.');

    const view = (await t.api(votingApi.getById, { id: voting.id }, employee)).json();
    expect(view.myResponse).toMatchObject({ optionIds: [voting.options[1].id], status: 'valid' });
    expect(view.results).toBeNull();

    const published = await t.api(votingApi.publish.aipm, { id: voting.id, publishResults: true, showCounts: false }, staff);
    expect(published.json()).toMatchObject({ publishResults: true, showCounts: false, responses: 1 });
    const results = (await t.api(votingApi.getById, { id: voting.id }, employee)).json().results;
    expect(results.options.map((o: { count: number | null; share: number }) => [o.count, o.share])).toEqual([
      [null, 0],
      [null, 1],
      [null, 0],
    ]);

    await t.flushMail();
    expect(t.mail.map((m) => m.type)).toContain('voteReceipt');
    expect(t.mail.map((m) => m.type)).toContain('votingStarted');
  });

  it('answers from the public form with a one-time code, and locks an e-mail out after 5 wrong codes', async () => {
    const voting = await createVoting({ unit: 'person', startsAt: at(-5) });
    await t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'planned' }, staff);
    const slug = voting.link.split('/').at(-1);
    const form = await t.api(votingApi.getNoAuth, { slug });
    expect(form.json()).toMatchObject({ title: 'Board election 2026', status: 'started', requireCode: true });
    expect(form.json()).not.toHaveProperty('slug');
    expect((await t.api(votingApi.getNoAuth, { slug: 'nope' })).json().message).toBe('Voting is not exist');

    const unknown = await t.api(votingApi.checkUser, { slug, email: 'nobody@demo.test' });
    const staffMember = await t.api(votingApi.checkUser, { slug, email: 'staff@demo.test' });
    expect(unknown.statusCode).toBe(409);
    expect(staffMember.json()).toEqual(unknown.json());

    expect((await t.api(votingApi.checkUser, { slug, email: 'trusted@demo.test' })).json()).toEqual({
      codeSent: true,
      newCode: true,
    });
    await t.flushMail();
    const code = t.mail.find((m) => m.type === 'votingCode')?.subject.match(/\d{6}/)?.[0];
    expect(code).toBeDefined();
    const wrong = await t.api(votingApi.sendNoAuthResponse, { slug, email: 'trusted@demo.test', code: '000000', optionIds: [voting.options[0].id] });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.api(votingApi.sendNoAuthResponse, { slug, email: 'trusted@demo.test', code, optionIds: [voting.options[0].id] });
    expect(ok.statusCode, ok.body).toBe(200);
    const twice = await t.api(votingApi.checkUser, { slug, email: 'trusted@demo.test' });
    expect(twice.statusCode).toBe(409);

    await t.api(votingApi.checkUser, { slug, email: 'ceo@demo.test' });
    for (let i = 0; i < 5; i++) {
      await t.api(votingApi.sendNoAuthResponse, { slug, email: 'ceo@demo.test', code: '999999', optionIds: [voting.options[0].id] });
    }
    const locked = await t.api(votingApi.sendNoAuthResponse, { slug, email: 'ceo@demo.test', code: '999999', optionIds: [voting.options[0].id] });
    expect(locked.statusCode).toBe(429);
  });

  it('sends at most one code a minute to an e-mail, and the one sent stays good', async () => {
    const voting = await createVoting({ unit: 'person', startsAt: at(-5) });
    await t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'planned' }, staff);
    const slug = voting.link.split('/').at(-1);
    const ask = () => t.api(votingApi.checkUser, { slug, email: 'employee@demo.test' });
    const codes = async () => {
      await t.flushMail();
      return t.mail.filter((m) => m.type === 'votingCode' && m.to === 'employee@demo.test').map((m) => m.subject.match(/\d{6}/)?.[0]);
    };
    expect((await ask()).json()).toEqual({ codeSent: true, newCode: true });
    for (let i = 0; i < 4; i++) expect((await ask()).json()).toEqual({ codeSent: true, newCode: false });
    expect(await codes()).toHaveLength(1);
    t.clock.advance(61_000);
    expect((await ask()).json()).toEqual({ codeSent: true, newCode: true });
    const [, second] = await codes();
    expect(second).toBeDefined();
    const ok = await t.api(votingApi.sendNoAuthResponse, { slug, email: 'employee@demo.test', code: second, optionIds: [voting.options[0].id] });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('rejects, deletes and restores responses, keeping the counts right', async () => {
    const voting = await createVoting({ unit: 'person', startsAt: at(-5), maxResponses: 2 });
    await t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'planned' }, staff);
    for (const email of ['employee@demo.test', 'ceo@demo.test']) {
      const res = await t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[2].id] }, await t.tokenFor(email));
      expect(res.statusCode).toBe(200);
    }
    const full = await t.api(
      votingApi.sendResponse,
      { votingId: voting.id, optionIds: [voting.options[2].id] },
      await t.tokenFor('trusted@demo.test'),
    );
    expect(full.json().message).toBe('The maximum number of responses has been reached.');
    const list = (await t.api(votingApi.responses.aipm, { id: voting.id }, staff)).json();
    expect(list.total).toBe(2);
    const [latest] = list.rows;
    expect((await t.api(votingApi.deleteResponse.aipm, { responseId: latest.id }, staff)).statusCode).toBe(204);
    expect((await t.api(votingApi.stats.aipm, { id: voting.id }, staff)).json().responses).toBe(1);
    const trusted = await t.api(
      votingApi.sendResponse,
      { votingId: voting.id, optionIds: [voting.options[0].id] },
      await t.tokenFor('trusted@demo.test'),
    );
    expect(trusted.statusCode).toBe(200);
    const restore = await t.api(votingApi.restoreResponse.aipm, { responseId: latest.id }, staff);
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toBe('This response cannot be restored: its place has since been taken.');
    const reject = await t.api(votingApi.rejectResponse.aipm, { responseId: list.rows[1].id, reason: 'Duplicate ballot' }, staff);
    expect(reject.statusCode).toBe(204);
    expect((await t.api(votingApi.restoreResponse.aipm, { responseId: latest.id }, staff)).statusCode).toBe(204);
    const stats = (await t.api(votingApi.stats.aipm, { id: voting.id }, staff)).json();
    expect(stats.responses).toBe(2);
    expect(stats.options.map((o: { count: number }) => o.count)).toEqual([1, 0, 1]);
  });

  it('deletes votes on edit only after a confirmation that says how many', async () => {
    const voting = await createVoting({ startsAt: at(-5) });
    await t.api(votingApi.nextStatus.aipm, { id: voting.id, from: 'planned' }, staff);
    await t.api(votingApi.sendResponse, { votingId: voting.id, optionIds: [voting.options[0].id] }, await t.tokenFor('ceo@demo.test'));
    const edit = await t.api(votingApi.update.aipm, { id: voting.id, voting: votingInput({ title: 'Renamed', startsAt: at(-5) }) }, staff);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('Saving will delete the 1 vote already cast. Confirm to go on.');
    const confirmed = await t.api(
      votingApi.update.aipm,
      { id: voting.id, voting: votingInput({ title: 'Renamed', startsAt: at(-5) }), confirmDeleteVotes: true },
      staff,
    );
    expect(confirmed.json()).toMatchObject({ title: 'Renamed', responses: 0 });
    const log = (await t.api(votingApi.log.aipm, undefined, staff)).json();
    expect(log.rows[0]).toMatchObject({ action: 'voting.updated', after: expect.objectContaining({ deletedVotes: 1 }) });
  });

  it('validates a voting as spec §5 says, each message on its field', async () => {
    const res = await t.api(
      votingApi.create.aipm,
      votingInput({
        options: [{ seq: 1, name: 'Only' }],
        multiple: true,
        minAnswers: 3,
        maxAnswers: 2,
        quorum: 5,
        maxResponses: 4,
        endsAt: at(5),
      }),
      staff,
      { headers: { 'accept-language': 'ru' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      options: 'В голосовании должно быть от 2 до 14 вариантов ответа.',
      minAnswers: 'Минимальное число ответов не может превышать максимальное.',
      // Too few options is said once, on the options: not again against the maximum.
      quorum: 'Кворум не может превышать максимальное число ответов.',
      endsAt: 'Окончание должно быть позже начала.',
    });
  });

  it('serves the QR code, the answers workbook and the PDF protocol', async () => {
    const voting = await createVoting();
    const png = await t.api(votingApi.qrCode.aipm, { id: voting.id, format: 'png' }, staff);
    expect(png.headers['content-type']).toBe('image/png');
    const svg = await t.api(votingApi.qrCode.aipm, { id: voting.id, format: 'svg' }, staff);
    expect(svg.body).toContain('<svg');
    const pdf = await t.api(votingApi.protocol.aipm, { id: voting.id }, staff, { headers: { 'accept-language': 'ru' } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf.rawPayload.toString('latin1')).toContain('DejaVuSans');
    const xlsx = await t.api(votingApi.downloadAnswers.aipm, { id: voting.id }, staff);
    expect(xlsx.headers['content-disposition']).toContain(`voting-${voting.id}-answers-2026-03-02.xlsx`);
  });

  it('starts and stops by itself at its dates when set to', async () => {
    const voting = await createVoting({ autoStart: true });
    t.clock.advance(11 * 60_000);
    await t.app.services.voting.tick();
    expect((await t.api(votingApi.getDetail.aipm, { id: voting.id }, staff)).json().status).toBe('started');
    t.clock.advance(60 * 60_000);
    await t.app.services.voting.tick();
    const after = await t.api(votingApi.getDetail.aipm, { id: voting.id }, await t.tokenFor('staff@demo.test'));
    expect(after.json().status, after.body).toBe('stopped');
  });
});
