import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { TaskKind } from '@portal/shared/reports-model';
import archiver from 'archiver';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type FileStore, newKey } from '../../lib/file-store.ts';
import { writeLog } from '../action-log/action-log.ts';
import { LOG } from '../survey-admin/periods.service.ts';
import * as repo from './editions.repository.ts';
import type { ReportContents } from './report-contents.ts';
import type { Progress, TaskWork } from './report-jobs.ts';
import type { TaskRow } from './tasks.repository.ts';

/** The file name a reader gets: the period, the report, its language and version. */
export function reportFileName(
  r: Pick<repo.ReportRow, 'type' | 'language' | 'version' | 'format'>,
  periodCode: string,
  companyName?: string | null,
): string {
  const company = companyName ? `-${companyName.replace(/[^\p{L}\p{N}]+/gu, '_').slice(0, 40)}` : '';
  return `AIPM-${periodCode}-${r.type}${company}-${r.language}-v${r.version}.${r.format}`;
}

/**
 * What each kind of report task does. Files are stored under a fresh key and the edition points at it only once the
 * whole file is stored (the file store writes to a temporary name and renames), so a half-written file is never served.
 */
export class ReportGeneration {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly files: FileStore,
    private readonly contents: ReportContents,
  ) {}

  /** The work of each kind of task, for ReportJobs. */
  works(): Record<TaskKind, TaskWork> {
    return {
      compute_stats: (task, progress) => this.computeStats(task, progress),
      generate: (task, progress) => this.generate(task, progress),
      convert_pdf: (task, progress) => this.generate(task, progress),
      create_zip: (task, progress) => this.zip(task, progress),
    };
  }

  private async computeStats(task: TaskRow, progress: Progress): Promise<void> {
    await this.contents.freeze(task.periodId, task.requestedBy, progress);
  }

  private async generate(task: TaskRow, progress: Progress): Promise<void> {
    const reportId = task.reportId as number;
    const report = await repo.updateReport(this.db, reportId, { status: 'generating' });
    try {
      const file = await this.contents.render(report, progress);
      await progress({ stage: 'saving', done: 0, total: 1 });
      const key = newKey('reports');
      await this.files.put(key, Readable.from(file.bytes));
      const now = this.clock.now();
      await this.db.transaction(async (tx) => {
        await repo.updateReport(tx, reportId, {
          status: 'ready',
          fileKey: key,
          fileName: file.name,
          size: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          generatedAt: now,
        });
        await writeLog(tx, now, {
          domain: LOG,
          action: 'report.generated',
          entity: 'report',
          entityId: reportId,
          after: { fileName: file.name, size: file.bytes.length },
          actorId: task.requestedBy,
        });
      });
      if (report.fileKey) await this.files.delete(report.fileKey);
    } catch (err) {
      await repo.updateReport(this.db, reportId, { status: 'failed' });
      throw err;
    }
  }

  private async zip(task: TaskRow, progress: Progress): Promise<void> {
    const archiveId = task.archiveId as number;
    const archive = await repo.findArchive(this.db, archiveId);
    if (!archive) return;
    try {
      const reports = (await Promise.all(archive.reportIds.map((id) => repo.findReport(this.db, id)))).filter((r) => r?.fileKey);
      const zip = archiver('zip', { zlib: { level: 6 } });
      const out = new PassThrough();
      zip.pipe(out);
      const key = newKey('reports');
      const stored = this.files.put(key, out);
      let done = 0;
      for (const r of reports as repo.ReportRow[]) {
        await progress({ stage: 'zipping', done: done++, total: reports.length });
        zip.append(await this.files.get(r.fileKey as string), { name: r.fileName ?? `report-${r.id}.${r.format}` });
      }
      await zip.finalize();
      await stored;
      await repo.updateArchive(this.db, archiveId, { status: 'ready', fileKey: key, size: zip.pointer() });
    } catch (err) {
      await repo.updateArchive(this.db, archiveId, { status: 'failed' });
      throw err;
    }
  }
}
