import { API_PREFIX, ENDPOINTS, type EndpointDef } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf, inputSchema, queryString, sampleOf } from '../test/contract-inputs.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * The inputs that made the server answer 500 (hardening issue): an id beyond the database's integer on every
 * route that takes a number, a NUL character or a lone surrogate in every text field. Each gets a 400 whose
 * message says what is wrong, in the caller's language.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '100000', REQUEST_LIMIT_PER_ADDRESS: '100000', REQUEST_LIMIT_PER_EMAIL: '100000' });
});
afterAll(async () => {
  await t.close();
});

const HOSTILE = { number: 2 ** 53 - 1, nul: 'a\u0000b', surrogate: '\ud800 x', override: 'a\u202Eb' } as const;

interface Case {
  def: EndpointDef;
  part: 'query' | 'body';
  field: string;
  value: unknown;
}

function casesOf(def: EndpointDef): Case[] {
  const cases: Case[] = [];
  for (const part of ['query', 'body'] as const) {
    const schema = def[part];
    if (!schema || (part === 'body' && def.bodyType === 'multipart')) continue;
    const { numbers, texts } = fieldsOf(inputSchema(schema));
    for (const field of numbers) cases.push({ def, part, field, value: HOSTILE.number });
    // NUL and a direction override: no text field, single-line or not, may hold either.
    for (const field of texts) cases.push({ def, part, field, value: HOSTILE.nul }, { def, part, field, value: HOSTILE.override });
    // A query string cannot carry a lone surrogate (it is encoded as U+FFFD); JSON can, as \ud800.
    if (part === 'body') for (const field of texts) cases.push({ def, part, field, value: HOSTILE.surrogate });
  }
  return cases;
}

async function send({ def, part, field, value }: Case, locale: 'en' | 'ru') {
  const caller = def.access === 'public' ? undefined : def.access[0];
  const token = caller ? await t.tokenFor(`${caller}@demo.test`) : undefined;
  const input = (p: 'query' | 'body') => {
    const schema = def[p];
    if (!schema) return undefined;
    const sample = sampleOf(inputSchema(schema)) as Record<string, unknown>;
    return p === part ? { ...sample, [field]: value } : sample;
  };
  const url = `${API_PREFIX}${def.path}${queryString(input('query'))}`;
  return t.call(def.method, url, { token, json: def.body ? input('body') : undefined, headers: { 'accept-language': locale } });
}

const cases = ENDPOINTS.flatMap(casesOf);

describe('the inputs that once got a 500', () => {
  it('reach every route that takes a number or a text', () => {
    expect(new Set(cases.map((c) => c.def)).size).toBeGreaterThan(90);
  });

  it.each(cases.map((c) => [`${c.def.method} ${c.def.path} ${c.part}.${c.field} = ${JSON.stringify(c.value)}`, c] as const))(
    '%s → 400',
    async (_, c) => {
      const res = await send(c, 'en');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    },
  );

  it('says so in Russian', async () => {
    const login = ENDPOINTS.find((e) => e.path === '/login') as EndpointDef;
    const res = await send({ def: login, part: 'body', field: 'email', value: HOSTILE.nul }, 'ru');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toBe('Пожалуйста, введите корректную эл. почту.');
    const id = ENDPOINTS.find((e) => e.path === '/admin/applications/approve') as EndpointDef;
    const approve = await send({ def: id, part: 'body', field: 'id', value: HOSTILE.number }, 'ru');
    expect(approve.json()).toMatchObject({ code: 'VALIDATION', fields: { id: 'Некорректное значение.' } });
  });
});
