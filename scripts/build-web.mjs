// Builds the web app when its build is missing or older than its sources (so `npm test` and `npm start` work on a fresh clone).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'apps/web/dist/version.json');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

const newest = (p) => {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newest(path.join(p, name))));
};

const force = process.argv.includes('--force');
const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (!force && built > Math.max(...sources.map(newest))) {
  console.log('web app: build is up to date');
} else {
  console.log('web app: building…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
}
