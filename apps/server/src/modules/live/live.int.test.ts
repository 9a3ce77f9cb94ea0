import type { AddressInfo } from 'node:net';
import { live, organisation, system, voting as votingApi } from '@portal/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addVoterCompanies, createStartedVoting, nextStatus, slugOf } from '../../../test/voting-fixtures.ts';

let t: TestApp;
let base: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
beforeEach(async () => {
  await t.reset();
  staff = await t.tokenFor('staff@demo.test');
});
afterAll(async () => {
  await t.close();
});

const ticketOf = async (token: string) => (await t.api(live.ticket, undefined, token)).json().ticket as string;

/** An open stream over real HTTP: the events it has received so far, and a wait for the next one matching. */
async function openStream(ticket: string, topics: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/live?${new URLSearchParams({ ticket, topics })}`, { signal: controller.signal });
  const events: { event: string; data: unknown }[] = [];
  const waiters: (() => void)[] = [];
  if (res.ok && res.body) {
    void (async () => {
      let buffer = '';
      const decoder = new TextDecoder();
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
            for (const w of waiters.splice(0)) w();
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  const next = async (match: (e: { event: string; data: unknown }) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching event; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return { res, events, next, close: () => controller.abort() };
}

describe('readiness', () => {
  it('answers ready while the server takes requests', async () => {
    expect((await t.api(system.ready)).json()).toEqual({ status: 'ready' });
  });
});

describe('live stream tickets', () => {
  it('open one stream each: a used, forged or missing ticket is refused', async () => {
    const ticket = await ticketOf(staff);
    const first = await openStream(ticket, 'dashboard');
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(first.res.headers.get('content-security-policy')).toContain("default-src 'self'");
    await first.next((e) => e.event === 'ready');
    first.close();
    expect((await t.call('GET', `/api/live?topics=dashboard&ticket=${encodeURIComponent(ticket)}`)).statusCode).toBe(401);
    const [id, expiry, nonce] = (await ticketOf(staff)).split('.');
    expect((await t.call('GET', `/api/live?topics=dashboard&ticket=${id}.${expiry}.${nonce}.forged`)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/live?topics=dashboard')).statusCode).toBe(400);
    expect((await t.call('GET', `/api/live?topics=nothing&ticket=${await ticketOf(staff)}`)).statusCode).toBe(400);
  });

  it('die with their session and after a minute', async () => {
    const ticket = await ticketOf(staff);
    t.clock.advance(61_000);
    expect((await t.call('GET', `/api/live?topics=dashboard&ticket=${encodeURIComponent(ticket)}`)).statusCode).toBe(401);
    const other = await ticketOf(staff);
    await t.call('POST', '/api/logout', { token: staff });
    expect((await t.call('GET', `/api/live?topics=dashboard&ticket=${encodeURIComponent(other)}`)).statusCode).toBe(401);
  });

  it('follow only what the role may see: a voting’s results and the overview are the staff’s', async () => {
    const employee = await t.tokenFor('employee@demo.test');
    expect((await t.call('GET', `/api/live?topics=voting:1&ticket=${encodeURIComponent(await ticketOf(employee))}`)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/live?topics=dashboard&ticket=${encodeURIComponent(await ticketOf(employee))}`)).statusCode).toBe(403);
    const votings = await openStream(await ticketOf(employee), 'votings');
    expect(votings.res.status).toBe(200);
    votings.close();
  });
});

describe('live results', () => {
  it('push each cast vote’s counts to the staff, and each move to the voters', async () => {
    const [company] = await addVoterCompanies(t, 1, { prefix: 'Live', votersEach: 2 });
    const v = await createStartedVoting(t, staff, { unit: 'person', requireCode: false });
    const results = await openStream(await ticketOf(staff), `voting:${v.id}`);
    const voters = await openStream(await ticketOf(await t.tokenFor('employee@demo.test')), 'votings');
    await results.next((e) => e.event === 'ready');
    await voters.next((e) => e.event === 'ready');
    const vote = await t.api(votingApi.sendNoAuthResponse, { slug: slugOf(v), email: company!.voters[0]!.email, optionIds: [v.options[1]!.id] });
    expect(vote.statusCode).toBe(200);
    const event = (await results.next((e) => e.event === 'stats' && (e.data as { stats: { responses: number } }).stats.responses === 1)).data as {
      stats: { options: { count: number }[] };
    };
    expect(event.stats.options.map((o) => o.count)).toEqual([0, 1, 0]);
    // Voters are not told about each vote, only about what changes their pages.
    expect(voters.events.filter((e) => e.event === 'changed')).toEqual([]);
    await nextStatus(t, staff, v.id, 'started');
    await voters.next((e) => e.event === 'changed');
    results.close();
    voters.close();
  });

  it('tell the staff’s overview when what it counts changes, and nothing else', async () => {
    const overview = await openStream(await ticketOf(staff), 'dashboard');
    await overview.next((e) => e.event === 'ready');
    const v = await createStartedVoting(t, staff, { unit: 'person', requireCode: false });
    await nextStatus(t, staff, v.id, 'started');
    expect((await t.api(organisation.addCompany, { name: 'Live Pharma', domain: 'live-pharma.test' }, staff)).statusCode).toBe(200);
    await overview.next((e) => e.event === 'changed');
    // Notices arrive in the order of their commits: the voting's would have come first.
    await new Promise((r) => setTimeout(r, 200));
    expect(overview.events.filter((e) => e.event === 'changed')).toEqual([{ event: 'changed', data: { topic: 'dashboard' } }]);
    overview.close();
  });
});
