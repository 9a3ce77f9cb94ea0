import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as apiRequest, type Browser, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { type AppServer, startAppServer } from '../apps/server/test/cluster.ts';
import { castVote, login, type StartedVoting, startedVoting, test } from './fixtures.ts';
import { E2E_PORT } from './playwright.config.ts';

/**
 * Two app servers on one PostgreSQL database (TEST_DATABASE_URL's server; the journey is skipped without one), each
 * watched by a browser of its own: a vote cast through one server appears on the other's results page without a
 * reload, pushed over Server-Sent Events through PostgreSQL's LISTEN/NOTIFY.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const database = `portal_e2e_cluster_${process.pid}`;
const dataDir = path.join(os.tmpdir(), database);
let servers: AppServer[] = [];

test.describe('two app servers', () => {
  test.skip(!serverUrl, 'needs a PostgreSQL server (TEST_DATABASE_URL)');

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(serverUrl as string);
    url.pathname = `/${database}`;
    const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    // The first migrates and seeds the demo accounts; the second finds them.
    servers = [await startAppServer({ ...env, SEED_DEMO: 'true' }, E2E_PORT + 1)];
    servers.push(await startAppServer(env, E2E_PORT + 2));
  });

  test.afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const urlOf = (s: AppServer) => `http://127.0.0.1:${s.port}`;

  async function resultsPage(browser: Browser, server: AppServer, voting: StartedVoting): Promise<Page> {
    const page = await (await browser.newContext({ baseURL: urlOf(server) })).newPage();
    await login(page, 'staff@demo.test');
    await page.goto(`/aipm/voting/results/${voting.id}`);
    await expect(page.getByTestId('voting-ratio')).toContainText('Responses: 0 of');
    return page;
  }

  test('a vote cast through one server appears on the results page of a browser on the other, without a reload', async ({ browser }) => {
    const [first, second] = servers as [AppServer, AppServer];
    const viaFirst = await apiRequest.newContext({ baseURL: urlOf(first) });
    const viaSecond = await apiRequest.newContext({ baseURL: urlOf(second) });
    const voting = await startedVoting(viaFirst);
    const onFirst = await resultsPage(browser, first, voting);
    const onSecond = await resultsPage(browser, second, voting);

    await castVote(viaSecond, 'employee@demo.test', voting, 'Анна');
    for (const page of [onFirst, onSecond]) await expect(page.getByTestId('voting-ratio')).toContainText('Responses: 1 of', { timeout: 5000 });
    await castVote(viaFirst, 'trusted@demo.test', voting, 'Борис');
    for (const page of [onFirst, onSecond]) {
      await expect(page.getByTestId('voting-ratio')).toContainText('Responses: 2 of', { timeout: 5000 });
      await expect(page.getByTestId('result-option').filter({ hasText: 'Борис' })).toContainText('1 vote');
    }
    await viaFirst.dispose();
    await viaSecond.dispose();
  });
});
