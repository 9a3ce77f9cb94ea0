// `npm test`: the whole suite. Unit tests, API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set),
// then the end-to-end journeys in Chromium against the production build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

const run = (title, args, env = {}) => {
  console.log(`\n=== ${title} ===`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n${title}: failed`);
    process.exit(r.status ?? 1);
  }
};

run('unit tests', [vitest, 'run', '--project', 'unit']);
run('API tests on PGlite', [vitest, 'run', '--project', 'api'], { TEST_ENGINE: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  run('API tests on PostgreSQL', [vitest, 'run', '--project', 'api'], { TEST_ENGINE: 'postgres' });
} else {
  console.log('\n(API tests on PostgreSQL skipped: set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)');
}
run('web build', [path.join(root, 'scripts/build-web.mjs')]);
run('end-to-end tests', [path.join(root, 'scripts/e2e.mjs')]);
