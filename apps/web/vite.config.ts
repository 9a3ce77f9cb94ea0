import path from 'node:path';
import react from '@vitejs/plugin-react';
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

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), buildVersion(), votingFormPage()],
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
    rolldownOptions: {
      // Two pages. The form's entry imports only React and its own files, so the chunks it loads hold nothing else
      // (scripts/build-web.mjs prints their gzipped size and fails the build over the budget).
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        'voting-form': path.resolve(import.meta.dirname, 'voting-form.html'),
        // The login page: prerendered into this page by scripts/build-web.mjs; it starts the app when used.
        login: path.resolve(import.meta.dirname, 'login.html'),
      },
    },
  },
});
