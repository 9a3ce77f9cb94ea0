import { Worker } from 'node:worker_threads';
import type { RenderJob } from './render-job.ts';

type Pending = { resolve: (bytes: Buffer) => void; reject: (err: Error) => void };

/**
 * Builds, renders and stamps report files on a thread of their own: pdfkit and exceljs work synchronously (seconds for
 * a full report), which on the server's event loop would hold every vote and login meanwhile. One thread, started on
 * first use, started again if it dies; jobs wait their turn in it.
 */
export class RenderThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (m: { id: number; bytes?: Uint8Array; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.bytes) p.resolve(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
      else p.reject(new Error(m.error ?? 'render failed'));
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the render thread stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  run(job: RenderJob): Promise<Buffer> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  }

  async stop(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}
