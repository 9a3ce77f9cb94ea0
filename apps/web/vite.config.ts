import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { OutputBundle, PluginContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

/**
 * Gives every build an id, exposes it to the app as import.meta.env.VITE_BUILD_ID and writes it to
 * dist/version.json, so an open page can notice that a newer build has been deployed.
 */
function buildVersion(): Plugin {
  const id = process.env.BUILD_ID || `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${Math.random().toString(36).slice(2, 8)}`;
  const json = `${JSON.stringify({ version: id })}\n`;
  return {
    name: 'portal-build-version',
    config: () => ({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(id) } }),
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(json);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: json });
    },
  };
}

/**
 * The public voting form is a second page (voting-form.html) with its own small entry. The server answers it for
 * /voting-form/:slug; the dev server does the same here (else its SPA fallback would answer the portal's index.html).
 */
function votingFormPage(): Plugin {
  return {
    name: 'portal-voting-form-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.method === 'GET' && /^\/voting-form\/[^/?]+\/?(\?|$)/.test(req.url ?? '')) req.url = '/voting-form.html';
        next();
      });
    },
  };
}

/** Adds to `into` the modules the root modules (those `isRoot` picks) import statically, all the way down, themselves included. */
function collectStaticImports(context: PluginContext, isRoot: (id: string) => boolean, into: Set<string>): void {
  const walk = (id: string) => {
    if (into.has(id)) return;
    into.add(id);
    for (const imported of context.getModuleInfo(id)?.importedIds ?? []) walk(imported);
  };
  for (const id of context.getModuleIds()) if (isRoot(id)) walk(id);
}

/**
 * The app's first load in one file, its entry chunk (main-….js), rather than some fifty: one file compresses better
 * than many small ones, each with its own imports and exports (about 17 KiB less gzipped). It takes the modules the
 * app's entry loads statically and the other pages' entries (the public voting form, the login page) do not, so those
 * pages never load it; what they share with the app (React, the session token) stays in chunks of its own. The lazy
 * pages import from it, so none of its modules may wait at the top level for a page (see app/start.tsx).
 */
function appFirstLoadChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const otherEntries = new Set<string>();
  return {
    plugin: {
      name: 'portal-app-first-load',
      buildEnd() {
        collectStaticImports(this, (id) => Boolean(this.getModuleInfo(id)?.isEntry) && !id.endsWith('/index.html'), otherEntries);
      },
    },
    test: (id) => !otherEntries.has(id),
  };
}
const firstLoad = appFirstLoadChunk();

/**
 * A lazy import's preload list leaves out the chunks its importer imports statically: they were loaded, and ran, before
 * the importer could ask for anything, so listing them again only costs bytes. The rest are listed by name: the
 * modules are preloaded all at once, so their order does not matter, and lists in one order compress far better. The
 * app's entry chunk holds such a list for every page of the route table: together about 0.4 KiB gzipped of the first
 * load.
 */
function preloadOnlyWhatIsMissing(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[], ctx: { hostId: string }) => string[] } {
  let bundle: OutputBundle = {};
  const loadedBy = new Map<string, Set<string>>();
  /** The chunks a chunk imports statically, all the way down. */
  const loadedWith = (file: string): Set<string> => {
    const known = loadedBy.get(file);
    if (known) return known;
    const loaded = new Set<string>();
    const pending = [file];
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      const chunk = bundle[name];
      if (chunk?.type !== 'chunk') continue;
      for (const imported of chunk.imports) {
        if (loaded.has(imported)) continue;
        loaded.add(imported);
        pending.push(imported);
      }
    }
    loadedBy.set(file, loaded);
    return loaded;
  };
  return {
    plugin: {
      name: 'portal-preload-only-what-is-missing',
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          loadedBy.clear();
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId }) => deps.filter((dep) => !loadedWith(hostId).has(dep)).sort(),
  };
}
const preload = preloadOnlyWhatIsMissing();

/**
 * The kit: the libraries, shared contracts and components that about a third of the lazy pages or more import
 * (validation, forms, dialogs, menus, tables) are one chunk, which the app loads in the background once its first
 * page is up (src/lib/kit.ts). A page opened later then brings only its own code: today at most some 35 KiB gzipped
 * beside a kit of some 100 KiB, where each page used to bring 85–150 KiB of the same libraries in a dozen shared
 * chunks. Shared by fewer pages, a module stays with them, so the kit does not grow with every page's rarer needs.
 * Never a module of the other pages (the voting form, the login page), a language's words, or what the pages people
 * land on after signing in (a member's home, the admin's) need: those show without waiting for the kit.
 */
function kitChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const LANDING_PAGES = /[\\/]routes[\\/](system[\\/]home|organisation[\\/]admin-index)\.page\.tsx$/;
  const landing = new Set<string>();
  return {
    plugin: {
      name: 'portal-kit',
      buildEnd() {
        collectStaticImports(this, (id) => LANDING_PAGES.test(id), landing);
      },
    },
    test: (id) =>
      firstLoad.test(id) && !landing.has(id) && !/[\\/]i18n[\\/]/.test(id) && /node_modules|packages[\\/]shared|src[\\/]components/.test(id),
  };
}
const kit = kitChunk();

/**
 * MUI's createTheme and ThemeProvider carry the CSS-variables theme (colour schemes, its provider, parser and script)
 * for themes that ask for it. The portal's theme does not (no cssVariables, no colorSchemes), and for such a theme
 * both hand over to MUI's own no-variables versions, so the build takes those at once: about 8 KiB less gzipped in
 * the first load. Should MUI rename these files, the build simply keeps the originals.
 */
function muiThemeWithoutCssVariables(): Plugin {
  const NO_VARS: Record<string, string> = { './createTheme.mjs': './createThemeNoVars.mjs', './ThemeProvider.mjs': './ThemeProviderNoVars.mjs' };
  return {
    name: 'portal-mui-theme-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      const target = NO_VARS[source];
      // Only the public createTheme and ThemeProvider and MUI's default theme; the CSS-variables provider keeps its own.
      if (!target || !importer || !/[\\/]@mui[\\/]material[\\/]styles[\\/](index|defaultTheme)\.mjs$/.test(importer)) return null;
      return this.resolve(target, importer);
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), buildVersion(), votingFormPage(), firstLoad.plugin, kit.plugin, preload.plugin, muiThemeWithoutCssVariables()],
  // Zod without eval, set before any schema is built (see src/lib/zod-jitless.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') }] },
  server: {
    port: 5173,
    // API_TARGET lets the dev server talk to a server on another address.
    proxy: { '/api': { target: process.env.API_TARGET || 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for debugging without the comment that would make browsers ask for them (build-web.mjs moves them out of dist).
    sourcemap: 'hidden',
    // Every browser the portal supports preloads modules itself.
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      // Two pages. The form's entry imports only React and its own files, so the chunks it loads hold nothing else
      // (scripts/build-web.mjs prints their gzipped size and fails the build over the budget).
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        'voting-form': path.resolve(import.meta.dirname, 'voting-form.html'),
        // The login page: prerendered into this page by scripts/build-web.mjs; it starts the app when used.
        login: path.resolve(import.meta.dirname, 'login.html'),
      },
      output: {
        // A catalogue's chunk names its language and namespace (i18n-ru-voting-….js), so the build can weigh the core words.
        // Seven characters of hash (the least the bundler allows here) tell a few hundred files' versions apart; the app's entry lists every page's chunks by
        // name, and a hash's characters do not compress.
        chunkFileNames: (chunk) => {
          const catalogue = /[\\/]i18n[\\/](en|ru)[\\/](\w+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return catalogue ? `assets/i18n-${catalogue[1]}-${catalogue[2]}-[hash:7].js` : 'assets/[name]-[hash:7].js';
        },
        codeSplitting: {
          groups: [
            // Its modules' dependencies are in it or in the other entries' chunks, which never import back.
            { name: 'main', tags: ['$initial'], test: firstLoad.test, includeDependenciesRecursively: false, priority: 2 },
            // Shared by fewer than a third of the pages (20 of 63), a module stays with the pages that use it.
            { name: 'kit', test: kit.test, minShareCount: 20, includeDependenciesRecursively: false, priority: 1 },
          ],
        },
      },
    },
  },
});
