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
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
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
