import { reports as api, type Report } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type AppServer, freePort, startAppServer } from '../../../test/cluster.ts';
import { copyOfTemplate, createTestApp, type TestApp } from '../../../test/harness.ts';
import { DEMO_COMPANY_ID } from '../../../test/org-fixtures.ts';
import { ok } from '../../../test/survey-admin-fixtures.ts';
import { openDatabase } from '../../db/client.ts';
import { reportTasks, surveyPeriods } from '../../db/schema/index.ts';
import { seedSurveyMarket } from '../../demo-survey-market.ts';

/**
 * A report task whose server is killed mid-generation (kill -9) is failed, and another server started afterwards
 * tries it again to completion. Two server processes on one PostgreSQL database.
 */
describe.runIf(inject('engine') === 'postgres')('a report task whose server dies', { timeout: 90_000 }, () => {
  const servers: AppServer[] = [];
  let control: TestApp | undefined;
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await control?.close();
  });

  it('is failed as interrupted and retried to completion by the next server', async () => {
    const url = await copyOfTemplate();
    control = await createTestApp({}, { database: await openDatabase({ databaseUrl: url, poolSize: 4, migrate: false }) });
    const t = control;
    // The servers run on the wall clock; so do the fixtures.
    t.clock.set(new Date());
    await seedSurveyMarket(t.database.db, t.clock.now(), DEMO_COMPANY_ID, '2024');
    const [period] = await t.database.db.select({ id: surveyPeriods.id }).from(surveyPeriods).where(eq(surveyPeriods.status, 'review'));
    const staff = await t.tokenFor('staff@demo.test');
    await ok(await t.api(api.freezeStatistics.aipm, { periodId: period!.id }, staff));
    await t.app.services.reportJobs.drain();
    const [report] = await ok<Report[]>(await t.api(api.createFullReport.aipm, { periodId: period!.id, language: 'ru' }, staff));

    // The servers keep their files where the control app reads them.
    const env = {
      DATABASE_URL: url,
      DATA_DIR: t.dataDir,
      DATABASE_POOL_SIZE: '4',
      REPORT_TASK_STALE_SECONDS: '2',
      WEB_DIST: new URL('../../../test/fixtures/web', import.meta.url).pathname,
    };
    const a = await startAppServer(env, await freePort());
    servers.push(a);
    const { taskId } = await ok<{ taskId: number }>(await t.api(api.startGeneration.aipm, { reportId: report!.id }, staff));
    const task = async (id: number) => (await t.database.db.select().from(reportTasks).where(eq(reportTasks.id, id)))[0]!;
    // The first server takes the job (its render thread takes seconds to start): it dies while the task runs.
    await until(async () => (await task(taskId)).state === 'running', 20_000);
    a.child.kill('SIGKILL');
    await a.exited;
    expect((await task(taskId)).state).toBe('running');

    servers.push(await startAppServer(env, await freePort()));
    await until(async () => (await task(taskId)).state === 'failed', 20_000);
    expect(await task(taskId)).toMatchObject({ errorCode: 'errors.generationInterrupted', attempt: 1 });
    const retry = async () => (await t.database.db.select().from(reportTasks).where(eq(reportTasks.retryOfTaskId, taskId)))[0];
    await until(async () => (await retry())?.state === 'succeeded', 40_000);
    expect(await retry()).toMatchObject({ attempt: 2, reportId: report!.id, progressPct: 100 });
    const built = (await ok<{ reports: Report[] }>(await t.api(api.periodReports.aipm, { periodId: period!.id }, staff))).reports.find(
      (r) => r.id === report!.id,
    );
    expect(built).toMatchObject({ status: 'ready', taskId: null });
    const file = await t.api(api.download.aipm, { reportId: report!.id }, staff);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
