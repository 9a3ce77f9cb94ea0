import { parentPort } from 'node:worker_threads';
import { type RenderJob, runRenderJob } from './render-job.ts';

/** The render thread's side: one job at a time, answered by its id with the file's bytes (moved, not copied). */
parentPort?.on('message', async ({ id, job }: { id: number; job: RenderJob }) => {
  try {
    const bytes = await runRenderJob(job);
    const out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    parentPort?.postMessage({ id, bytes: out }, [out.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
