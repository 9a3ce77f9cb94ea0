import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** E2E_PORT lets two checkouts run their journeys side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(import.meta.dirname, '.data');

/** Journeys in Debian's Chromium (CHROMIUM_PATH, set by scripts/e2e.mjs) against the production build on the real server. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: E2E_URL,
    trace: 'off',
    locale: 'en-US',
    timezoneId: 'UTC',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `"${process.execPath}" "${path.join(import.meta.dirname, '../node_modules/tsx/dist/cli.mjs')}" "${path.join(import.meta.dirname, 'server.ts')}"`,
    url: `${E2E_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
