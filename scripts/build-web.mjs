// Builds the web app when its build is missing or older than its sources (so `npm test` and `npm start` work on a fresh clone).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'apps/web/dist/version.json');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/voting-form.html',
  'apps/web/login.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

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
  await prerenderPublicPages();
}

/**
 * The login page, rendered at build time in each language (login.en.html, login.ru.html): the server answers /login
 * with it, so a phone paints the form before the app's JavaScript has arrived; the app then renders over it.
 */
async function prerenderPublicPages() {
  const web = path.join(root, 'apps/web');
  const out = path.join(web, 'dist-ssr');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'src/prerender.tsx', '--outDir', out, '--logLevel', 'warn'],
    {
      cwd: web,
      stdio: 'inherit',
    },
  );
  const { render } = await import(pathToFileURL(path.join(out, 'prerender.js')).href);
  const template = fs.readFileSync(path.join(web, 'dist/login.html'), 'utf8');
  const escapeHtml = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  for (const locale of ['en', 'ru']) {
    const page = await render('/login', locale, 'account:loginTitle');
    const html = template
      .replace('<html lang="en">', `<html lang="${locale}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(page.description)}"`)
      .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
    if (!html.includes(page.html)) throw new Error('prerender: login.html has no empty #root');
    fs.writeFileSync(path.join(web, `dist/login.${locale}.html`), html);
  }
  fs.rmSync(out, { recursive: true, force: true });
}

// Source maps stay beside the build for debugging, never where the server serves files from.
const dist = path.join(root, 'apps/web/dist');
const maps = path.join(root, 'apps/web/dist-maps');
for (const file of fs.readdirSync(dist, { recursive: true }).filter((f) => f.endsWith('.map'))) {
  fs.mkdirSync(path.dirname(path.join(maps, file)), { recursive: true });
  fs.renameSync(path.join(dist, file), path.join(maps, file));
}

// Text files are compressed once here (brotli and gzip beside each); the server sends the variant the browser accepts.
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
for (const file of fs.readdirSync(dist, { recursive: true }).filter((f) => COMPRESSIBLE.test(f))) {
  const full = path.join(dist, file);
  const { size, mtimeMs } = fs.statSync(full);
  if (size < 1024) continue;
  const fresh = (suffix) => fs.existsSync(full + suffix) && fs.statSync(full + suffix).mtimeMs >= mtimeMs;
  const data = fs.readFileSync(full);
  if (!fresh('.br')) fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  if (!fresh('.gz')) fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
}

// The public voting form must load fast on a phone: everything /voting-form/:slug loads, gzipped, within the budget.
const FORM_BUDGET_KIB = 110;
const formPage = path.join(dist, 'voting-form.html');
if (!fs.existsSync(formPage)) {
  console.error('public voting form: dist/voting-form.html is missing');
  process.exit(1);
}
/** The scripts the page references (entry and modulepreload), then every chunk they import, statically or lazily. */
const scripts = new Set();
const visit = (file) => {
  if (scripts.has(file) || !fs.existsSync(path.join(dist, file))) return;
  scripts.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const [, spec] of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    visit(path.posix.join(path.posix.dirname(file), spec));
  }
};
for (const [, src] of fs.readFileSync(formPage, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) visit(src);
// The form's chunks must hold React and the form only: a shared chunk that drags in the portal's libraries fails the build.
const FORBIDDEN = ['@mui/', '@emotion/', 'react-router', '@tanstack/', 'i18next', 'react-hook-form', '/zod/', 'packages/shared/src/i18n'];
for (const file of scripts) {
  const map = path.join(maps, `${file}.map`);
  const sources = fs.existsSync(map) ? JSON.parse(fs.readFileSync(map, 'utf8')).sources : [];
  const leaked = sources.filter((source) => FORBIDDEN.some((name) => source.includes(name)));
  if (leaked.length > 0) {
    console.error(`public voting form: ${file} holds code it must not load: ${leaked.slice(0, 5).join(', ')}`);
    process.exit(1);
  }
}
const bytes = [...scripts].reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length, 0);
const kib = bytes / 1024;
console.log(`public voting form JavaScript: ${kib.toFixed(1)} KiB gzipped (budget ${FORM_BUDGET_KIB} KiB; ${scripts.size} files)`);
if (kib > FORM_BUDGET_KIB) {
  console.error(`public voting form: over the budget by ${(kib - FORM_BUDGET_KIB).toFixed(1)} KiB: ${[...scripts].join(', ')}`);
  process.exit(1);
}

// The portal's first loads and its lazy pages, gzipped, against the hardening issue's goals: a first load at most
// 180 KiB and a lazy page at most 60 KiB beyond what the app has loaded (both enforced: the build fails over them).
// The first load is the scripts a page references and what they import statically; the words of one language that
// every page shows (lib/i18n.ts, CORE_NAMESPACES) load beside the first page's code, and are printed beside it. What
// the app has loaded is its first load and the kit, which it loads in the background once the first page is up
// (vite.config.ts, src/lib/kit.ts); a page opened first loads the kit beside its own code, which is printed too.
const FIRST_LOAD_BUDGET_KIB = 180;
const CORE_NAMESPACES = ['common', 'errors', 'validation'];
const staticImports = (file, seen = new Set()) => {
  if (seen.has(file) || !fs.existsSync(path.join(dist, file))) return seen;
  seen.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const [, spec] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
    staticImports(path.posix.join(path.posix.dirname(file), spec), seen);
  return seen;
};
const firstLoad = (page) => {
  const seen = new Set();
  for (const [, src] of fs.readFileSync(path.join(dist, page), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) staticImports(src, seen);
  return seen;
};
const gzipKiB = (files) => [...files].reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length, 0) / 1024;
const assets = fs.readdirSync(path.join(dist, 'assets'));
const coreWords = (locale) =>
  gzipKiB(
    assets
      .filter((file) => CORE_NAMESPACES.some((ns) => new RegExp(`^i18n-${locale}-${ns}-[\\w-]+\\.js$`).test(file)))
      .map((file) => `assets/${file}`),
  );
const app = firstLoad('index.html');
const appKiB = gzipKiB(app);
// The prerender above wrote login.en.html or stopped the build.
const loginKiB = gzipKiB(firstLoad('login.en.html'));
console.log(
  `first load, JavaScript gzipped: the app ${appKiB.toFixed(1)} KiB, the login page ${loginKiB.toFixed(1)} KiB (budget ${FIRST_LOAD_BUDGET_KIB} KiB each); ` +
    `the core words beside the first page: ${coreWords('en').toFixed(1)} KiB in English, ${coreWords('ru').toFixed(1)} KiB in Russian`,
);
const kit = new Set();
for (const file of assets.filter((f) => /^kit-[\w-]+\.js$/.test(f))) staticImports(`assets/${file}`, kit);
for (const file of app) kit.delete(file);
const kitKiB = gzipKiB(kit);
const LAZY_PAGE_BUDGET_KIB = 60;
const lazyPages = assets
  .filter((file) => /\.page-[\w-]+\.js$/.test(file))
  .map((file) => ({
    page: file.replace(/-[\w-]+\.js$/, ''),
    kib: gzipKiB([...staticImports(`assets/${file}`)].filter((f) => !app.has(f) && !kit.has(f))),
  }))
  .sort((a, b) => b.kib - a.kib);
const over = lazyPages.filter((p) => p.kib > LAZY_PAGE_BUDGET_KIB);
console.log(
  `lazy pages beyond the app and the kit (${kitKiB.toFixed(1)} KiB, loaded in the background), gzipped: ${lazyPages.length} pages, the largest ${lazyPages
    .slice(0, 3)
    .map((p) => `${p.page} ${p.kib.toFixed(1)} KiB`)
    .join(', ')}; over ${LAZY_PAGE_BUDGET_KIB} KiB: ${over.length ? over.map((p) => p.page).join(', ') : 'none'}`,
);
if (over.length > 0) {
  console.error(`lazy pages: over the budget of ${LAZY_PAGE_BUDGET_KIB} KiB: ${over.map((p) => `${p.page} ${p.kib.toFixed(1)} KiB`).join(', ')}`);
  process.exit(1);
}
if (!(appKiB <= FIRST_LOAD_BUDGET_KIB && loginKiB <= FIRST_LOAD_BUDGET_KIB)) {
  console.error(`first load: over the budget of ${FIRST_LOAD_BUDGET_KIB} KiB: ${[...app].join(', ')}`);
  process.exit(1);
}
