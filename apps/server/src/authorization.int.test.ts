import { API_PREFIX, ENDPOINTS } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_TABLE, CALLERS, type Caller } from '../test/authorization-table.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_LIMIT_PER_ADDRESS: '100000', REQUEST_LIMIT_PER_EMAIL: '100000' });
});
afterAll(async () => {
  await t.close();
});

const keyOf = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('authorisation table', () => {
  it('has exactly one row for every API route', () => {
    const routes = ENDPOINTS.map(keyOf).sort();
    expect(Object.keys(AUTHORIZATION_TABLE).sort()).toEqual(routes);
  });

  for (const endpoint of ENDPOINTS) {
    const key = keyOf(endpoint);
    it(`${key}: each caller gets the expected status`, async () => {
      const row = AUTHORIZATION_TABLE[key];
      expect(row, `no authorisation row for ${key}`).toBeDefined();
      if (!row) return;
      const got: Partial<Record<Caller, number>> = {};
      const want: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        const admitted = row.admitted === 'everyone' || (caller !== 'guest' && row.admitted.includes(caller));
        want[caller] = admitted ? (caller !== 'guest' && row.statusFor?.[caller]) || row.status : caller === 'guest' ? 401 : 403;
        const token = caller === 'guest' ? undefined : await t.tokenFor(`${caller}@demo.test`);
        const url = `${API_PREFIX}${endpoint.path}${row.query ? `?${row.query}` : ''}`;
        const res = await t.call(endpoint.method, url, { token, form: row.form, json: row.json });
        got[caller] = res.statusCode;
      }
      expect(got).toEqual(want);
    });
  }
});
