import { Worker } from 'node:worker_threads';
import type { StatCellValues } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';
import type { ComputedSnapshot, FreezeProgress } from '../statistics/compute-snapshot.ts';
import type { SalaryCut } from '../statistics/survey-statistics.ts';
import type { RenderJob, StatisticsJob, SurveyInput } from './render-job.ts';

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void; onProgress?: (progress: FreezeProgress) => void };
type Answer = { id: number; bytes?: Uint8Array; value?: unknown; progress?: FreezeProgress; error?: string };

/**
 * Builds, renders and stamps report files, and computes frozen statistics and the staff's cuts, on a thread of their
 * own: pdfkit, exceljs and the statistics' exact fractions work synchronously (seconds for a full report or a survey of
 * hundreds of companies, a second for a cut of it), which on the server's event loop would hold every vote and login
 * meanwhile. One thread, started on first use, started again if it dies; jobs wait their turn in it. Given the
 * PostgreSQL server's address, the thread reads a survey's answers itself, through one connection of its own.
 */
export class RenderThread {
  constructor(private readonly databaseUrl?: string) {}

  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), { workerData: { databaseUrl: this.databaseUrl } });
    worker.unref();
    worker.on('message', (m: Answer) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.progress) return p.onProgress?.(m.progress);
      this.pending.delete(m.id);
      if (m.bytes) p.resolve(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
      else if (m.value !== undefined) p.resolve(m.value);
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

  private post<T>(job: RenderJob | StatisticsJob, onProgress?: Pending['onProgress']): Promise<T> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as Pending['resolve'], reject, onProgress });
      worker.postMessage({ id, job });
    });
  }

  run(job: RenderJob): Promise<Buffer> {
    return this.post(job);
  }

  /** Whether the thread reads a period's answers itself (`{ periodId }`); otherwise they are given it (`{ data }`). */
  get readsAnswers(): boolean {
    return this.databaseUrl !== undefined;
  }

  /** A freeze's cells (snapshot.service's compute), copied back from the thread. */
  statistics(survey: SurveyInput, rules: AnonymityRules, onProgress: (progress: FreezeProgress) => void): Promise<ComputedSnapshot> {
    return this.post({ kind: 'statistics', survey, rules }, onProgress);
  }

  /** The staff's interactive cut (survey-statistics' salaryCut), computed here like a freeze. */
  cut(survey: SurveyInput, rules: AnonymityRules, cut: SalaryCut): Promise<{ companies: number; cells: StatCellValues[] }> {
    return this.post({ kind: 'cut', survey, rules, cut });
  }

  async stop(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}
