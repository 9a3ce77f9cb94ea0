// `npm test`: the whole suite. Unit tests first (a broken rule fails in seconds); then, side by side, the API tests
// (on PGlite, then on PostgreSQL when TEST_DATABASE_URL is set) and the end-to-end journeys in Chromium against the
// production build. The two use about a core and a third and about one core, so on a two-core machine running
// them together takes little longer than the journeys alone. The journeys' output is shown as it comes; each API
// run's, whole, when it ends, so the two never interleave.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

/** Runs one part of the suite in a child process; answers whether it passed. */
function run(title, args, { env = {}, live = false } = {}) {
  const started = Date.now();
  if (live) console.log(`\n=== ${title} ===`);
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const held = [];
  let line = '';
  const take = (chunk) => {
    if (!live) return held.push(chunk);
    // Whole lines only, so what another part prints meanwhile never lands inside one.
    const text = line + chunk.toString();
    const end = text.lastIndexOf('\n') + 1;
    process.stdout.write(text.slice(0, end));
    line = text.slice(end);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (live) process.stdout.write(line);
      else process.stdout.write(`\n=== ${title} ===\n${Buffer.concat(held).toString()}`);
      console.log(`\n=== ${title}: ${code === 0 ? 'passed' : 'failed'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
      resolve(code === 0);
    });
  });
}

if (!(await run('unit tests', [vitest, 'run', '--project', 'unit'], { live: true }))) process.exit(1);

const api = (async () => {
  const pglite = await run('API tests on PGlite', [vitest, 'run', '--project', 'api'], { env: { TEST_ENGINE: 'pglite' } });
  if (!process.env.TEST_DATABASE_URL) {
    console.log('\n(API tests on PostgreSQL skipped: set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)');
    return pglite;
  }
  return (await run('API tests on PostgreSQL', [vitest, 'run', '--project', 'api'], { env: { TEST_ENGINE: 'postgres' } })) && pglite;
})();
const journeys = (async () =>
  (await run('web build', [path.join(root, 'scripts/build-web.mjs')], { live: true })) &&
  run('end-to-end tests', [path.join(root, 'scripts/e2e.mjs')], { live: true }))();

const passed = (await Promise.all([api, journeys])).every(Boolean);
if (!passed) console.error('\nthe suite failed: see the parts marked failed above');
process.exit(passed ? 0 : 1);
