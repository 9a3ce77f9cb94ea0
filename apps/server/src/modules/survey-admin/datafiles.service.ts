import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import type { CatalogueKind, Datafile, Locale, SheetKind } from '@portal/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { DatafileIssue } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type FileStore, newKey } from '../../lib/file-store.ts';
import { readTable } from '../../lib/table-upload.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import { type PdfFiles, uploadName } from '../content/pdf-files.ts';
import { checkSheet, issueView, sheetTemplate } from './catalogue-sheets.ts';
import * as repo from './datafiles.repository.ts';
import { LOG, type PeriodsService } from './periods.service.ts';

const AREA = 'survey-files';
/** The instruction PDF may be replaced until the period is published; catalogues only while it is a draft. */
const INSTRUCTIONS_EDITABLE = new Set(['draft', 'open', 'closed', 'review']);

const isSheet = (kind: string): kind is SheetKind => kind === 'regions' || kind === 'positions_catalogue' || kind === 'cars';

function view(locale: Locale, f: repo.DatafileListRow): Datafile {
  return {
    id: f.id,
    periodId: f.periodId,
    kind: f.kind,
    fileName: f.fileName,
    size: f.size,
    status: f.status,
    rowsTotal: f.rowsTotal,
    rowsOk: f.rowsOk,
    errors: f.issues.filter((i) => i.severity === 'error').length,
    warnings: f.issues.filter((i) => i.severity === 'warning').length,
    issues: f.issues.map((i) => issueView(locale, i)),
    uploadedAt: f.uploadedAt.toISOString(),
    uploadedBy: f.uploadedByName,
    appliedAt: f.appliedAt?.toISOString() ?? null,
    appliedBy: f.appliedByName,
  };
}

/**
 * The catalogue files of a period (design §4 uploadDatafiles, saveData): a file is checked row by row and kept with its
 * issues; one without errors is applied in one transaction into the catalogues and the period's frozen lists.
 */
export class DatafilesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly files: FileStore,
    private readonly pdfFiles: PdfFiles,
    private readonly periods: PeriodsService,
  ) {}

  async list(locale: Locale, periodId: number): Promise<Datafile[]> {
    await this.periods.get(this.db, periodId);
    return (await repo.listDatafiles(this.db, { periodId })).map((f) => view(locale, f));
  }

  private async one(locale: Locale, id: number): Promise<Datafile> {
    const [row] = await repo.listDatafiles(this.db, { id });
    if (!row) throw new AppError('NOT_FOUND');
    return view(locale, row);
  }

  /** An Excel sheet checked against the catalogues as they are now; a file that is not a workbook is refused on its field. */
  private async check<K extends SheetKind>(db: Executor, kind: K, data: Buffer) {
    // Only a zip (an .xlsx is one) is read as a workbook: a CSV or anything else renamed .xlsx is not the template.
    if (data.subarray(0, 2).toString('latin1') !== 'PK') throw new AppError('VALIDATION', { fields: { file: 'surveyAdmin.file.notExcel' } });
    const table = await readTable('catalogue.xlsx', data).catch(() => {
      throw new AppError('VALIDATION', { fields: { file: 'surveyAdmin.file.notExcel' } });
    });
    return checkSheet(kind, table, await repo.catalogueContext(db));
  }

  /** Keeps an uploaded file with what its check found; nothing is applied. */
  async upload(actor: Actor, locale: Locale, periodId: number, kind: CatalogueKind, upload: UploadedFile | undefined): Promise<Datafile> {
    if (!upload) throw new AppError('VALIDATION', { fields: { file: 'validation.required' } });
    const name = uploadName(upload);
    await this.periods.get(this.db, periodId);
    const data = await fsp.readFile(upload.path);
    let checked: { issues: DatafileIssue[]; rowsTotal: number; rowsOk: number } = { issues: [], rowsTotal: 0, rowsOk: 0 };
    let key: string;
    if (isSheet(kind)) {
      checked = await this.check(this.db, kind, data);
      key = newKey(AREA);
      await this.files.put(key, fs.createReadStream(upload.path));
    } else {
      key = await this.pdfFiles.store(upload, AREA);
    }
    const id = await this.pdfFiles.orForget(key, () =>
      this.db.transaction(async (tx) => {
        const now = this.clock.now();
        const status = checked.issues.some((i) => i.severity === 'error') ? 'invalid' : 'validated';
        const fileId = await repo.insertDatafile(tx, {
          periodId,
          kind,
          fileKey: key,
          fileName: name,
          size: upload.size,
          sha256: createHash('sha256').update(data).digest('hex'),
          status,
          rowsTotal: checked.rowsTotal,
          rowsOk: checked.rowsOk,
          issues: checked.issues,
          uploadedBy: actor.user.id,
          uploadedAt: now,
        });
        await writeLog(tx, now, {
          domain: LOG,
          action: 'datafile.uploaded',
          entity: 'surveyDatafile',
          entityId: fileId,
          ...authorOf(actor),
          after: { periodId, kind, fileName: name, status, rowsTotal: checked.rowsTotal, rowsOk: checked.rowsOk, issues: checked.issues.length },
        });
        return fileId;
      }),
    );
    return this.one(locale, id);
  }

  /**
   * Applies a checked file in one transaction. It is checked again against the catalogues as they are now, so a job
   * group removed since the upload cannot slip in; a file with errors is refused.
   */
  async apply(actor: Actor, locale: Locale, datafileId: number): Promise<Datafile> {
    // A replaced instruction stays stored: its datafile row (superseded) still points at it and downloads it.
    await this.db.transaction(async (tx) => {
      const file = await repo.findDatafile(tx, datafileId, true);
      if (!file) throw new AppError('NOT_FOUND');
      if (file.status === 'applied' || file.status === 'superseded' || file.kind === 'company_submission')
        throw new AppError('DATAFILE_NOT_APPLICABLE');
      if (file.status === 'invalid') throw new AppError('DATAFILE_HAS_ERRORS');
      const period = await this.periods.get(tx, file.periodId, true);
      const now = this.clock.now();
      let rows = 0;
      if (file.kind === 'instructions_pdf') {
        if (!INSTRUCTIONS_EDITABLE.has(period.status)) throw new AppError('PERIOD_LOCKED');
        await repo.setInstructions(tx, period.id, file.fileKey);
      } else {
        if (period.status !== 'draft') throw new AppError('CATALOGUE_FROZEN');
        rows = await this.applySheet(tx, file.kind, period.id, await buffer(await this.files.get(file.fileKey)));
      }
      await repo.markApplied(tx, file, actor.user.id, now);
      await writeLog(tx, now, {
        domain: LOG,
        action: 'datafile.applied',
        entity: 'surveyDatafile',
        entityId: file.id,
        ...authorOf(actor),
        after: { periodId: period.id, kind: file.kind, fileName: file.fileName, rows },
      });
    });
    return this.one(locale, datafileId);
  }

  /** Checks a sheet again and applies its rows by kind; answers how many. A file with errors now is refused. */
  private async applySheet(tx: Executor, kind: SheetKind, periodId: number, data: Buffer): Promise<number> {
    const usable = <T>(checked: { rows: T[]; issues: DatafileIssue[] }): T[] => {
      if (checked.issues.some((i) => i.severity === 'error')) throw new AppError('DATAFILE_HAS_ERRORS');
      return checked.rows;
    };
    switch (kind) {
      case 'regions': {
        const rows = usable(await this.check(tx, 'regions', data));
        await repo.applyRegions(tx, periodId, rows);
        return rows.length;
      }
      case 'positions_catalogue': {
        const rows = usable(await this.check(tx, 'positions_catalogue', data));
        await repo.applyPositions(tx, periodId, rows);
        return rows.length;
      }
      case 'cars': {
        const rows = usable(await this.check(tx, 'cars', data));
        await repo.applyCars(tx, periodId, rows);
        return rows.length;
      }
    }
  }

  async template(locale: Locale, kind: SheetKind): Promise<Buffer> {
    const groups = await repo.jobGroupList(this.db);
    return sheetTemplate(
      kind,
      locale,
      groups.map((g) => ({ code: g.code, name: locale === 'ru' ? g.nameRu : g.nameEn })),
    );
  }

  /** A loaded file as it was uploaded, with its name. */
  async download(datafileId: number) {
    const file = await repo.findDatafile(this.db, datafileId);
    if (!file) throw new AppError('NOT_FOUND');
    return { name: file.fileName, pdf: file.kind === 'instructions_pdf', stream: await this.files.get(file.fileKey) };
  }

  /** The period's instruction PDF. */
  async instructions(periodId: number) {
    const period = await this.periods.get(this.db, periodId);
    if (!period.instructionsFileKey) throw new AppError('NOT_FOUND');
    return { name: `${period.code}.pdf`, stream: await this.files.get(period.instructionsFileKey) };
  }
}
