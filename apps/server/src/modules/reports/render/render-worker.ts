import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { computeSnapshot } from '../statistics/compute-snapshot.ts';
import { salaryCut } from '../statistics/survey-statistics.ts';
import { type RenderJob, runRenderJob, type StatisticsJob } from './render-job.ts';

// The thread's work is seconds of CPU that nobody waits on by the millisecond: at the lowest priority it takes the
// cores only when the server's requests and the database leave them idle. Linux keeps a nice value per thread, and
// "the calling process" of setpriority is the calling thread there; elsewhere it would be the whole server.
if (process.platform === 'linux') os.setPriority(19);

/**
 * The render thread's side: one job at a time, answered by its id with the file's bytes (moved, not copied), or with a
 * freeze's cells after its progress, or with a cut's cells.
 */
parentPort?.on('message', async ({ id, job }: { id: number; job: RenderJob | StatisticsJob }) => {
  try {
    if (job.kind === 'statistics') {
      const value = computeSnapshot(job.data, job.rules, (progress) => parentPort?.postMessage({ id, progress }));
      parentPort?.postMessage({ id, value });
      return;
    }
    if (job.kind === 'cut') {
      parentPort?.postMessage({ id, value: salaryCut(job.data, job.rules, job.cut) });
      return;
    }
    const bytes = await runRenderJob(job);
    const out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    parentPort?.postMessage({ id, bytes: out }, [out.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
