import { API_PREFIX, ENDPOINTS, type EndpointDef, type Role } from '@portal/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formFields, inputFor, isHeavilyFuzzed, queryString } from './contract-inputs.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { multipartPayload } from './multipart.ts';

/**
 * Every endpoint contract, fuzzed from its own zod schemas: valid and mutated queries and bodies, as each role
 * that may call it (a guest for public routes). No input may get a 5xx; a 2xx carries what the contract
 * promises; an error carries a code and a message. Seeded per route, so a failure reproduces.
 *
 * The endpoints are dealt into SHARDS test files (`contract-fuzz-N.int.test.ts`), each its own app: the whole is some
 * eight minutes of requests, which in one file kept one worker busy long after the other had finished.
 */
export const SHARDS = 4;

const unlimited = '1000000';

/** Fuzzes every SHARDS-th endpoint from the `shard`-th (1-based). */
export function fuzzContracts(shard: number): void {
  let t: TestApp;
  const tokens = new Map<Role, string>();
  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_LIMIT_PER_EMAIL: unlimited,
      LOGIN_LIMIT_PER_ADDRESS: unlimited,
      REQUEST_LIMIT_PER_EMAIL: unlimited,
      REQUEST_LIMIT_PER_ADDRESS: unlimited,
      VOTE_LIMIT_PER_ADDRESS: unlimited,
      VOTE_LIMIT_PER_VOTING_MIN: unlimited,
    });
  });
  afterAll(async () => {
    await t.close();
  });
  // Each route from the seeded data, whatever the routes before it did (switched its caller off, changed an e-mail):
  // a route's seed then reproduces its run alone.
  beforeEach(async () => {
    await t.reset();
    tokens.clear();
  });

  /** A session for the role's demo person; a fresh one after a fuzzed call logged it out. */
  async function tokenOf(role: Role | 'guest', fresh = false): Promise<string | undefined> {
    if (role === 'guest') return undefined;
    if (fresh || !tokens.has(role)) tokens.set(role, await t.tokenFor(`${role}@demo.test`));
    return tokens.get(role);
  }

  const seedOf = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

  function send(
    def: EndpointDef,
    token: string | undefined,
    query: unknown,
    body: unknown,
    asForm: boolean,
    file: Uint8Array,
  ): Promise<LightMyRequestResponse> {
    const url = `${API_PREFIX}${def.path}${queryString(query)}`;
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (def.bodyType === 'multipart') {
      const multipart = multipartPayload(formFields(body ?? {}), { filename: 'people.csv', content: Buffer.from(file), contentType: 'text/csv' });
      return t.app.inject({ method: def.method, url, headers: { ...headers, ...multipart.headers }, payload: multipart.payload });
    }
    if (def.body === undefined || body === undefined) return t.app.inject({ method: def.method, url, headers });
    if (asForm) return t.call(def.method, url, { token, form: formFields(body) });
    return t.app.inject({ method: def.method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }

  function check(def: EndpointDef, res: LightMyRequestResponse): void {
    const where = `${def.method} ${def.path} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, where).toBeLessThan(500);
    if (res.statusCode >= 400) {
      const error = res.json();
      expect(typeof error.code === 'string' && typeof error.message === 'string' && error.message.length > 0, where).toBe(true);
    } else if (res.statusCode === 200 && (def.responseKind ?? 'json') === 'json' && def.response) {
      const parsed = def.response.safeParse(res.json());
      expect(parsed.success, `${where}\n${parsed.error?.message ?? ''}`).toBe(true);
    }
  }

  describe(`every contract, fuzzed (part ${shard} of ${SHARDS})`, () => {
    it('covers every endpoint', () => {
      expect(ENDPOINTS.length).toBeGreaterThan(100);
    });

    for (const def of ENDPOINTS.filter((_, i) => i % SHARDS === shard - 1)) {
      const callers = def.access === 'public' ? (['guest'] as const) : def.access;
      const numRuns = isHeavilyFuzzed(def) ? 1000 : 100;
      it(`${def.method} ${def.path}`, { timeout: 300_000 }, async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...callers),
            inputFor(def.query),
            inputFor(def.body),
            fc.boolean(),
            fc.uint8Array({ maxLength: 300 }),
            async (caller, query, body, asForm, file) => {
              let res = await send(def, await tokenOf(caller), query, body, asForm, file);
              // A fuzzed logout (or a person switched off) ends the session: carry on with a fresh one.
              if (res.statusCode === 401 && caller !== 'guest') res = await send(def, await tokenOf(caller, true), query, body, asForm, file);
              check(def, res);
            },
          ),
          { numRuns, seed: seedOf(`${def.method} ${def.path}`), endOnFailure: true },
        );
      });
    }
  });
}
