import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { enqueueMail, type OutgoingMail } from './outbox.ts';
import { LEASE_BATCH, MailSender, SENDERS, type Transport } from './sender.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const notice = (i: number): OutgoingMail => ({
  type: 'votingStarted',
  to: `member${i}@room.test`,
  locale: 'en',
  params: { name: 'M', title: 'AGM', endsAt: 'soon', link: 'x' },
});
const code: OutgoingMail = { type: 'votingCode', to: 'voter@room.test', locale: 'en', params: { name: 'V', title: 'AGM', code: '123456' } };

describe('the outbox’s lanes', () => {
  it('sends a code asked for while 1,000 notices go out with the next batch, before the notices are done', async () => {
    await enqueueMail(
      t.database.db,
      t.clock.now(),
      Array.from({ length: 1000 }, (_, i) => notice(i)),
    );
    const order: string[] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    const transport: Transport = {
      send: async (m) => {
        inFlight++;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        await new Promise((r) => setTimeout(r, 1));
        order.push(m.type);
        inFlight--;
        // The voter asks for a code once 100 notices have left.
        if (order.length === 100) await enqueueMail(t.database.db, t.clock.now(), code);
      },
    };
    const sender = new MailSender(t.database.db, transport, t.clock, 'AIPM <no-reply@aipm.test>', t.app.log);
    expect(await sender.flush()).toBe(1001);
    const position = order.indexOf('votingCode');
    expect(position).toBeGreaterThanOrEqual(100);
    // At most the batches already on their way, and the next round of them, go before it.
    expect(position).toBeLessThan(100 + 2 * SENDERS * LEASE_BATCH);
    // The lanes send side by side, never more than their batches at once. How many overlap depends on the machine's
    // scheduling (a loaded CI saw 24 of 32), so the test holds the bounds, not a timing.
    expect(mostAtOnce).toBeGreaterThan(LEASE_BATCH);
    expect(mostAtOnce).toBeLessThanOrEqual(SENDERS * LEASE_BATCH);
  });
});
