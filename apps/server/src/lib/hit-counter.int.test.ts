import { voting } from '@portal/shared';
import { describe, expect, inject, it } from 'vitest';
import { copyOfTemplate, createTestApp, type TestApp } from '../../test/harness.ts';
import { openDatabase } from '../db/client.ts';

const getNoAuth = (app: TestApp, remoteAddress: string) => app.api(voting.getNoAuth, { slug: 'unknown' }, undefined, { remoteAddress });
const burst = (app: TestApp, n: number, address = '203.0.113.7') =>
  Promise.all(Array.from({ length: n }, () => getNoAuth(app, address))).then((answers) => answers.map((a) => a.statusCode));

describe('the public form’s per-address ceiling', () => {
  it('admits exactly the ceiling of a burst from one address, says when to come back, and starts afresh in the next window', async () => {
    const t = await createTestApp({ VOTE_LIMIT_PER_ADDRESS: '10', VOTE_LIMIT_WINDOW_MINUTES: '10' });
    try {
      const statuses = await burst(t, 25);
      expect(statuses.filter((s) => s === 404)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      const refused = await getNoAuth(t, '203.0.113.7');
      expect(refused.json().message).toBe('Too many attempts. Please try again in 10 minutes.');
      expect((await burst(t, 1, '198.51.100.1'))[0]).toBe(404);
      t.clock.advance(10 * 60_000);
      expect((await burst(t, 1))[0]).toBe(404);
    } finally {
      await t.close();
    }
  });

  it.runIf(inject('engine') === 'postgres')('is one count for every app server on the same database', async () => {
    const url = await copyOfTemplate();
    const env = { VOTE_LIMIT_PER_ADDRESS: '10' };
    const first = await createTestApp(env, { database: await openDatabase({ databaseUrl: url, poolSize: 3, migrate: false }) });
    const second = await createTestApp(env, { database: await openDatabase({ databaseUrl: url, poolSize: 3, migrate: false }) });
    try {
      const [a, b] = await Promise.all([burst(first, 8), burst(second, 8)]);
      expect([...a, ...b].filter((s) => s === 404)).toHaveLength(10);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
