// Lighthouse on the pages the outside world sees: the login page and the public voting form, with the mobile
// preset (a slow 4G network and a mid-range phone, simulated) and the desktop preset, on the Chromium the tests use,
// against the production build served by the real server on a fresh embedded database with the demo data.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { systemClock } from '../src/lib/clock.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** A voting that runs now, for the public form's page. */
async function startedVotingSlug(base: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff@demo.test', password: 'Demo12345' }),
  });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const now = Date.now();
  const created = await fetch(`${base}/api/aipm/vote/create`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: 'Annual meeting: chair',
      question: 'Who should chair the annual meeting?',
      language: 'en',
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      options: [
        { seq: 1, name: 'Alice Smith' },
        { seq: 2, name: 'Boris Ivanov' },
      ],
    }),
  });
  const voting = (await created.json()) as { id: number; link: string };
  await fetch(`${base}/api/aipm/vote/nextStatus`, { method: 'POST', headers, body: JSON.stringify({ id: voting.id, from: 'planned' }) });
  return voting.link.split('/').at(-1) ?? '';
}

const score = (category: { score: number | null } | undefined) => Math.round((category?.score ?? 0) * 100);
const ms = (audit: { numericValue?: number } | undefined) => Math.round(audit?.numericValue ?? 0);

export async function benchLighthouse() {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], { stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: '0' });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await seedReferenceData(database.db);
  await seedDemo(database.db, systemClock.now());
  const app = await buildApp({ config, database });
  const base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  const pages = { login: '/login', 'voting form': `/voting-form/${await startedVotingSlug(base)}` };
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const figures: Record<string, string | number>[] = [];
  try {
    for (const [preset, presetConfig] of [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ] as const) {
      for (const [name, pagePath] of Object.entries(pages)) {
        const result = await lighthouse(`${base}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error' }, presetConfig);
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${pagePath}`);
        const failedSeo = Object.values(lhr.audits)
          .filter((a) => lhr.categories.seo?.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1)
          .map((a) => a.id);
        figures.push({
          page: name,
          preset,
          performance: score(lhr.categories.performance),
          accessibility: score(lhr.categories.accessibility),
          'best practices': score(lhr.categories['best-practices']),
          SEO: score(lhr.categories.seo),
          'FCP ms': ms(lhr.audits['first-contentful-paint']),
          'LCP ms': ms(lhr.audits['largest-contentful-paint']),
          'TBT ms': ms(lhr.audits['total-blocking-time']),
          'sent KiB': Math.round(((lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024) * 10) / 10,
          'SEO audits failing': failedSeo.join(', ') || '—',
        });
      }
    }
  } finally {
    await chrome.kill();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
