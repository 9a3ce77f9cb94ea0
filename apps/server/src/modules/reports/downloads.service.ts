import { PassThrough, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { User } from '@portal/shared';
import type { ReportLanguage } from '@portal/shared/reports-model';
import archiver from 'archiver';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ReportAccessService } from './access.service.ts';
import * as repo from './editions.repository.ts';
import type { ReportContents } from './report-contents.ts';

export interface Reader {
  user: User;
  ip: string;
}

export interface ReportFile {
  name: string;
  format: 'xlsx' | 'pdf' | 'zip';
  data: Buffer | Readable;
}

/**
 * Report files to their readers: each stamped with the reader's name and company at download, each download logged
 * (design §1.5: the audit record and the "who has read it" view).
 */
export class ReportDownloads {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly files: FileStore,
    private readonly contents: ReportContents,
    private readonly access: ReportAccessService,
  ) {}

  /** Staff fetch any built edition; a company's own report (its identifiable data) needs the raw salary scope. */
  async staffDownload(reader: Reader, reportId: number): Promise<ReportFile> {
    const report = await repo.findReport(this.db, reportId);
    if (!report) throw new AppError('NOT_FOUND');
    if (report.type === 'company') await this.access.requireScope(reader.user, 'raw_salary');
    return this.stamped(reader, report);
  }

  async readerDownload(reader: Reader, reportId: number): Promise<ReportFile> {
    return this.stamped(reader, await this.access.requireReadable(reader.user, reportId));
  }

  private async stamped(reader: Reader, report: repo.ReportRow): Promise<ReportFile> {
    if (!report.fileKey || !report.fileName) throw new AppError('REPORT_NOT_READY');
    const bytes = await buffer(await this.files.get(report.fileKey));
    const data = await this.contents.stamp(bytes, report.format, this.mark(reader, report.language));
    await repo.logDownload(this.db, {
      reportId: report.id,
      periodId: report.periodId,
      userId: reader.user.id,
      companyId: reader.user.company?.id ?? null,
      ip: reader.ip,
    });
    return { name: report.fileName, format: report.format, data };
  }

  private mark(reader: Reader, language: ReportLanguage) {
    return { name: `${reader.user.name} ${reader.user.surname}`, company: reader.user.company?.name ?? '', issuedAt: this.clock.now(), language };
  }

  /** A zip staff built (createZip). */
  async staffZip(reader: Reader, archiveId: number): Promise<ReportFile> {
    const archive = await repo.findArchive(this.db, archiveId);
    if (!archive) throw new AppError('NOT_FOUND');
    if (archive.status !== 'ready' || !archive.fileKey) throw new AppError('REPORT_NOT_READY');
    await repo.logDownload(this.db, { archiveId, periodId: archive.periodId, userId: reader.user.id, companyId: null, ip: reader.ip });
    return { name: `AIPM-reports-${archive.periodId}-${archive.language}.zip`, format: 'zip', data: await this.files.get(archive.fileKey) };
  }

  /** Every edition of a period the reader may read, stamped for them, in one zip streamed as it is built. */
  async readerZip(reader: Reader, periodId: number, language: ReportLanguage | undefined): Promise<ReportFile> {
    const readable = await this.access.readableOfPeriod(reader.user, periodId, language);
    if (!readable.length) throw new AppError('NOT_FOUND');
    const reports = (await Promise.all(readable.map((r) => repo.findReport(this.db, r.id)))).filter((r): r is repo.ReportRow => !!r?.fileKey);
    const zip = archiver('zip', { zlib: { level: 6 } });
    const out = new PassThrough();
    zip.pipe(out);
    zip.on('error', (err) => out.destroy(err));
    // Each file is fetched and stamped as the zip takes it, so the first bytes leave at once and memory stays small.
    void (async () => {
      for (const r of reports) {
        const file = await this.stamped(reader, r);
        zip.append(file.data as Buffer, { name: file.name });
      }
      await zip.finalize();
    })().catch((err) => zip.emit('error', err));
    const period = readable[0]?.periodCode ?? String(periodId);
    return { name: `AIPM-${period}-reports${language ? `-${language}` : ''}.zip`, format: 'zip', data: out };
  }
}
