// Runs the Playwright journeys in Debian's Chromium; never downloads a browser.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function findChromium() {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

let chromium = findChromium();
if (!chromium && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
  console.log("Chromium not found: installing Debian's chromium package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  chromium = findChromium();
}
if (!chromium) {
  console.error(
    'No Chromium found for the end-to-end tests. Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}

const r = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);
process.exit(r.status ?? 1);
