// Issue 9: a 10 MB digest upload streams, so the server's resident memory hardly moves, on both file stores (a
// directory, and an S3-compatible store: s3rver on loopback). The upload is sent from a file-backed Blob of the same
// process, so the figure counts the client's share too and overstates the server's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { buildApp } from '../src/app.ts';
import { type Env, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { seedDemoData } from '../src/demo-survey.ts';
import { pdfOfSize } from '../test/pdf-files.ts';
import { round } from './figures.ts';

const MB = 1024 * 1024;
const BUCKET = 'portal-bench';

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo12345' }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** Uploads the file while sampling the process's resident memory every 5 ms; answers the peak's rise over the start, in MB. */
async function upload(base: string, token: string, file: string): Promise<{ status: number; riseMb: number; ms: number }> {
  globalThis.gc?.();
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file, { type: 'application/pdf' }), 'Digest.pdf');
  const res = await fetch(`${base}/api/admin/digest/create`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { status: res.status, riseMb: round((peak - start) / MB), ms: Math.round(ms) };
}

async function onStore(store: string, env: Env, file: string, small: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-files-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await seedReferenceData(database.db);
  await seedDemoData(database.db, new Date());
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env }), database });
  try {
    const base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
    const token = await login(base);
    // Warm-up, not reported: the route's code is compiled and the store's client connected.
    await upload(base, token, small);
    const big = await upload(base, token, file);
    return { store, 'upload (MB)': 10, status: big.status, ms: big.ms, 'resident memory rise MB': big.riseMb };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchFiles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-upload-'));
  const file = path.join(dir, 'digest.pdf');
  const small = path.join(dir, 'small.pdf');
  fs.writeFileSync(file, pdfOfSize(10 * MB));
  fs.writeFileSync(small, pdfOfSize(64 * 1024));
  const s3Dir = path.join(dir, 's3');
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  try {
    return [
      await onStore('directory (DATA_DIR/files)', {}, file, small),
      await onStore(
        'S3 (s3rver on loopback)',
        { S3_URL: `http://127.0.0.1:${port}`, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
        file,
        small,
      ),
    ];
  } finally {
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
