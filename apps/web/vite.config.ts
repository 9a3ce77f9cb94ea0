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

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), buildVersion()],
  server: {
    port: 5173,
    // API_TARGET lets the dev server talk to a server on another address.
    proxy: { '/api': { target: process.env.API_TARGET || 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
