import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** A built web app as scripts/build-web.mjs leaves it: a hashed asset with its brotli and gzip copies, no source maps. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
const script = `console.log(${JSON.stringify('portal '.repeat(400))});`;
beforeAll(() => {
  // The icons as the build copies them from apps/web/public.
  fs.cpSync(path.join(import.meta.dirname, '../../../web/public'), dist, { recursive: true });
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  for (const locale of ['en', 'ru'])
    fs.writeFileSync(path.join(dist, `login.${locale}.html`), `<!doctype html><html lang="${locale}"><title>Login</title>`);
  fs.writeFileSync(path.join(dist, 'version.json'), '{"version":"1"}');
  const asset = path.join(dist, 'assets', 'main-Ab12Cd34.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app’s files', () => {
  it('answers /login with the login page prerendered in the caller’s language, and other pages with the app', async () => {
    const ru = await t.app.inject({ method: 'GET', url: '/login?next=%2Fprofile', headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.headers['cache-control']).toBe('no-cache');
    expect(ru.headers.vary).toMatch(/Accept-Language/);
    expect((await get('/login')).body).toContain('<html lang="en">');
    expect((await get('/signup')).body).toBe('<!doctype html><title>Portal</title>');
  });

  it('sends a hashed asset compressed as the browser asks, cached for a year', async () => {
    const br = await get('/assets/main-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gzip = await get('/assets/main-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/main-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never caches the page or the version file, and serves no compressed copy or map by its own name', async () => {
    const page = await get('/voting/42', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get('/version.json')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/main-Ab12Cd34.js.br')).statusCode).toBe(404);
    expect((await get('/assets/main-Ab12Cd34.js.map')).statusCode).toBe(404);
  });
});

describe('the portal’s face to the outside', () => {
  it('keeps every crawler out: a real robots file, and X-Robots-Tag on pages, files and the API', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    for (const url of ['/login', '/voting-form/abc', '/assets/main-Ab12Cd34.js', '/api/health', '/robots.txt', '/favicon.ico']) {
      const res = await get(url);
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(res.headers['permissions-policy'], url).toContain('camera=(), ');
      expect(res.headers['permissions-policy'], url).toContain('geolocation=()');
    }
  });

  it('answers the icons and the manifest with their own types, the manifest in the caller’s language', async () => {
    expect((await get('/favicon.ico')).headers['content-type']).toBe('image/vnd.microsoft.icon');
    expect((await get('/favicon.svg')).headers['content-type']).toMatch(/^image\/svg\+xml/);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/apple-touch-icon.png']) {
      const res = await get(icon);
      expect(res.statusCode, icon).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    const en = await get('/manifest.webmanifest');
    expect(en.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(en.json()).toMatchObject({ name: "AIPM Members' Portal", lang: 'en', theme_color: '#0500F0', start_url: '/' });
    const ru = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { cookie: 'locale=ru' } });
    expect(ru.json()).toMatchObject({ name: 'Портал членов AIPM', lang: 'ru' });
  });

  it('answers a path that looks like a file with a small plain 404, never the app’s page', async () => {
    for (const url of ['/.env', '/x.php', '/sitemap.xml', '/.git/config', '/wp-admin/setup.php', '/assets/nothing', '/data/portal.lock']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe('Not found');
    }
    expect((await get('/api/no.such')).json().code).toBe('NOT_FOUND');
    expect((await get('/employees/companies')).headers['content-type']).toMatch(/^text\/html/);
  });
});
