import { system } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('server basics', () => {
  it('answers the health check', async () => {
    expect((await t.api(system.health)).json()).toEqual({ status: 'ok' });
  });

  it('answers the app page for every deep link outside /api', async () => {
    for (const url of ['/', '/login', '/admin/profile', '/some/unknown/page?x=1', '/voting-form/abc']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers an unknown API route with the JSON error shape', async () => {
    const res = await t.call('GET', '/api/nothing-here', { headers: { 'accept-language': 'ru' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Запрошенный объект не найден.' });
  });

  it('sends the security headers on every response', async () => {
    for (const url of ['/', '/api/health', '/api/nothing']) {
      const { headers } = await t.call('GET', url);
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toContain('unsafe-eval');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('turns malformed and oversized bodies into 400 and 413 without internals', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'VALIDATION', message: 'Please check the highlighted fields.' });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(big.body).not.toContain('at ');
  });

  it('serves an OpenAPI document of every route at /api/docs/json and the UI at /api/docs', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/login'].post.requestBody.content['application/x-www-form-urlencoded'].schema.properties).toHaveProperty('email');
    expect(doc.paths['/api/user'].get.security).toEqual([{ bearer: [] }]);
    expect((await t.call('GET', '/api/docs')).statusCode).toBe(200);
  });
});
