import { voting } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

// The fixture web dir (test/fixtures/web) stands in for the build: its voting-form.html carries this marker.
const FORM_MARKER = 'voting-form-fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the public voting form page', () => {
  it('answers /voting-form/:slug with the form page, not cached, without a login', async () => {
    for (const url of ['/voting-form/abc', '/voting-form/abc/', '/voting-form/AbC-123?utm=qr', '/voting-form/%D0%B0%D0%B1%D0%B2']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(FORM_MARKER);
    }
  });

  it('still answers the portal app for every other page', async () => {
    for (const url of ['/profile', '/', '/voting/list', '/voting-formx/abc', '/aipm/voting/results/1']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).not.toContain(FORM_MARKER);
    }
  });

  it('keeps an API miss a JSON 404 and an asset miss a plain 404, never the page', async () => {
    const api = await t.call('GET', '/api/voting-form/abc');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const asset = await t.call('GET', '/assets/voting-form-missing.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('serves the page with the security headers, so the form runs without inline scripts', async () => {
    const res = await t.call('GET', '/voting-form/abc');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options'] ?? res.headers['content-security-policy']).toBeTruthy();
  });
});

describe('the public calls’ ceiling per network address', () => {
  const burn = async (app: TestApp, forwardedFor: string[]) => {
    const statuses: number[] = [];
    for (const address of forwardedFor) {
      const res = await app.api(voting.getNoAuth, { slug: 'unknown' }, undefined, { headers: { 'x-forwarded-for': address } });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('counts the connection’s address: a made-up X-Forwarded-For buys no extra calls', async () => {
    const limited = await createTestApp({ VOTE_LIMIT_PER_ADDRESS: '3' });
    try {
      expect(await burn(limited, ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'])).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For from the proxy TRUST_PROXY names, so each voter behind it has their own ceiling', async () => {
    const proxied = await createTestApp({ VOTE_LIMIT_PER_ADDRESS: '3', TRUST_PROXY: '127.0.0.1' });
    try {
      expect(await burn(proxied, ['1.1.1.1', '1.1.1.1', '1.1.1.1', '1.1.1.1', '2.2.2.2'])).toEqual([404, 404, 404, 429, 404]);
    } finally {
      await proxied.close();
    }
  });
});
