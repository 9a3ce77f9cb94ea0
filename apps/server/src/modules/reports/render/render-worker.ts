import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { type Database, openDatabase } from '../../../db/client.ts';
import { computeSnapshot } from '../statistics/compute-snapshot.ts';
import { periodAnswers } from '../statistics/snapshot.repository.ts';
import { type SurveyData, salaryCut } from '../statistics/survey-statistics.ts';
import { type RenderJob, runRenderJob, type StatisticsJob, type SurveyInput } from './render-job.ts';

// The thread's work is seconds of CPU that nobody waits on by the millisecond: at the lowest priority it takes the
// cores only when the server's requests and the database leave them idle. Linux keeps a nice value per thread, and
// "the calling process" of setpriority is the calling thread there; elsewhere it would be the whole server.
if (process.platform === 'linux') os.setPriority(19);

const { databaseUrl } = workerData as { databaseUrl: string | undefined };
/** The thread's own connection to PostgreSQL (one), opened on its first read. */
let database: Promise<Database> | undefined;

async function answers(survey: SurveyInput): Promise<SurveyData> {
  if ('data' in survey) return survey.data;
  if (!databaseUrl) throw new Error('the render thread has no database to read from');
  database ??= openDatabase({ databaseUrl, poolSize: 1, migrate: false });
  // One read-only transaction: the participants and their rows as of one moment, read one after another on the one
  // connection (side by side, the reads would wait for it, and the pool gives up on a wait of 5 s).
  return (await database).db.transaction((tx) => periodAnswers(tx, survey.periodId), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/**
 * The render thread's side: each job answered by its id with the file's bytes (moved, not copied), or with a freeze's
 * cells after its progress, or with a cut's cells. The CPU work runs one job at a time; a job reading answers lets
 * another's run meanwhile.
 */
parentPort?.on('message', async ({ id, job }: { id: number; job: RenderJob | StatisticsJob }) => {
  try {
    if (job.kind === 'statistics') {
      const data = await answers(job.survey);
      const value = computeSnapshot(data, job.rules, (progress) => parentPort?.postMessage({ id, progress }));
      parentPort?.postMessage({ id, value });
      return;
    }
    if (job.kind === 'cut') {
      parentPort?.postMessage({ id, value: salaryCut(await answers(job.survey), job.rules, job.cut) });
      return;
    }
    const bytes = await runRenderJob(job);
    const out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    parentPort?.postMessage({ id, bytes: out }, [out.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
