import type { Locale, SheetKind } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import { CAR_CLASSES, CAR_FUELS, CAREER_LEVELS, type CareerLevel } from '@portal/shared/survey-model';
import ExcelJS from 'exceljs';
import type { DatafileIssue } from '../../db/schema/index.ts';
import { normaliseHeader, type Table } from '../../lib/table-upload.ts';

/**
 * The catalogue files' sheets (regions, positions, cars): their columns, the template staff download, and the row-by-row
 * check that turns a sheet into rows to apply and issues to show. Pure: what the database holds comes in `CatalogueContext`.
 */

interface ColumnDef {
  key: string;
  required: boolean;
  max?: number;
}

const COLUMNS: Record<SheetKind, ColumnDef[]> = {
  regions: [
    { key: 'code', required: true, max: 20 },
    { key: 'nameEn', required: true, max: 200 },
    { key: 'nameRu', required: true, max: 200 },
    { key: 'sort', required: false },
  ],
  positions_catalogue: [
    { key: 'jobGroupCode', required: true, max: 20 },
    { key: 'positionCode', required: true, max: 20 },
    { key: 'titleEn', required: true, max: 200 },
    { key: 'titleRu', required: true, max: 200 },
    { key: 'descriptionEn', required: false, max: 4000 },
    { key: 'descriptionRu', required: false, max: 4000 },
    { key: 'careerLevel', required: true },
    { key: 'isField', required: false },
    { key: 'replacesCode', required: false, max: 20 },
  ],
  cars: [
    { key: 'make', required: true, max: 100 },
    { key: 'model', required: true, max: 100 },
    { key: 'carClass', required: true },
    { key: 'fuel', required: true },
    { key: 'listPrice', required: true },
  ],
};

/** Columns whose header is missing make the whole file unreadable; optional ones may be left out. */
const MANDATORY_HEADERS: Record<SheetKind, string[]> = {
  regions: ['code', 'nameEn', 'nameRu'],
  positions_catalogue: ['jobGroupCode', 'positionCode', 'titleEn', 'titleRu', 'careerLevel', 'isField'],
  cars: ['make', 'model', 'carClass', 'fuel', 'listPrice'],
};

const columnName = (locale: Locale, key: string) => translate(locale, `surveyAdmin.columns.${key}`);

/** A column is found by its key or its name in either language, compared without case or extra spaces. */
const headerNames = (key: string) => new Set([key, columnName('en', key), columnName('ru', key)].map(normaliseHeader));

export interface RegionRow {
  code: string;
  nameEn: string;
  nameRu: string;
  sort: number;
}
export interface PositionRow {
  jobGroupCode: string;
  code: string;
  titleEn: string;
  titleRu: string;
  descriptionEn: string;
  descriptionRu: string;
  careerLevel: CareerLevel;
  isField: boolean;
  replacesCode: string | null;
  sort: number;
}
export interface CarRow {
  make: string;
  model: string;
  carClass: (typeof CAR_CLASSES)[number];
  fuel: (typeof CAR_FUELS)[number];
  listPrice: string;
}
export type SheetRows = { regions: RegionRow[]; positions_catalogue: PositionRow[]; cars: CarRow[] };

/** What the database holds that a sheet is checked against. */
export interface CatalogueContext {
  /** Job group codes (upper case). */
  jobGroups: Set<string>;
  /** Position codes already in the catalogue (upper case). */
  positions: Set<string>;
  /** Region code (upper case) → its English name, and English name (lower case) → its code. */
  regionNames: Map<string, string>;
  regionCodes: Map<string, string>;
}

export interface SheetCheck<K extends SheetKind> {
  rows: SheetRows[K];
  issues: DatafileIssue[];
  rowsTotal: number;
  rowsOk: number;
}

const FLAG_YES = new Set(['yes', 'y', 'да', 'д', '1', 'true', 'x', '+']);
const FLAG_NO = new Set(['no', 'n', 'нет', 'н', '0', 'false', '-', '']);
const PRICE_RE = /^\d{1,12}(\.\d{1,2})?$/;

type Cells = Record<string, string>;

/** Checks a sheet of a kind row by row; nothing is applied. */
export function checkSheet<K extends SheetKind>(kind: K, table: Table, ctx: CatalogueContext): SheetCheck<K> {
  const [header, ...body] = table;
  const issues: DatafileIssue[] = [];
  const at: Record<string, number> = {};
  header?.cells.forEach((h, i) => {
    const name = normaliseHeader(String(h));
    for (const c of COLUMNS[kind]) if (headerNames(c.key).has(name)) at[c.key] ??= i;
  });
  for (const key of MANDATORY_HEADERS[kind]) {
    if (at[key] === undefined) issues.push({ row: header?.line ?? 1, column: key, severity: 'error', code: 'missingColumn' });
  }
  const lines = body
    .map(({ line, cells }) => ({
      line,
      cells: Object.fromEntries(COLUMNS[kind].map((c) => [c.key, at[c.key] === undefined ? '' : String(cells[at[c.key]!] ?? '').trim()])) as Cells,
    }))
    .filter((l) => Object.values(l.cells).some((v) => v !== ''));
  if (issues.length) return { rows: [] as SheetRows[K], issues, rowsTotal: lines.length, rowsOk: 0 };
  if (!lines.length)
    return { rows: [] as SheetRows[K], issues: [{ row: 0, column: null, severity: 'error', code: 'emptyFile' }], rowsTotal: 0, rowsOk: 0 };

  const rows: unknown[] = [];
  let rowsOk = 0;
  const firstSeen = new Map<string, number>();
  const codes = new Set(kind === 'positions_catalogue' ? lines.map((l) => l.cells.positionCode!.toUpperCase()) : []);
  lines.forEach(({ line, cells }, index) => {
    const rowIssues: DatafileIssue[] = [];
    const error = (column: string | null, code: string, params?: DatafileIssue['params']) =>
      rowIssues.push({ row: line, column, severity: 'error', code, ...(params ? { params } : {}) });
    const warn = (column: string | null, code: string, params?: DatafileIssue['params']) =>
      rowIssues.push({ row: line, column, severity: 'warning', code, ...(params ? { params } : {}) });
    for (const c of COLUMNS[kind]) {
      const v = cells[c.key] ?? '';
      if (c.required && v === '') error(c.key, 'required');
      else if (c.max && v.length > c.max) error(c.key, 'tooLong', { max: c.max });
    }
    /** A value that must be unique in the file: the second one is an error naming the first's row. */
    const once = (column: string, key: string, value: string) => {
      const other = firstSeen.get(key);
      if (other !== undefined) error(column, 'duplicate', { value, other });
      else firstSeen.set(key, line);
    };
    const blocking = () => rowIssues.some((i) => i.severity === 'error');

    if (kind === 'regions') {
      const code = cells.code!.toUpperCase();
      const sortText = cells.sort ?? '';
      if (sortText !== '' && !/^-?\d{1,6}$/.test(sortText)) error('sort', 'sort', { value: sortText });
      if (code) once('code', `code:${code}`, code);
      if (cells.nameEn) {
        once('nameEn', `name:${cells.nameEn.toLowerCase()}`, cells.nameEn);
        const owner = ctx.regionCodes.get(cells.nameEn.toLowerCase());
        if (owner && owner !== code) error('nameEn', 'nameTaken', { value: cells.nameEn, other: owner });
        const stored = ctx.regionNames.get(code);
        if (stored && stored !== cells.nameEn) warn('nameEn', 'renamed', { value: code, other: stored });
      }
      if (!blocking())
        rows.push({ code, nameEn: cells.nameEn!, nameRu: cells.nameRu!, sort: sortText === '' ? index : Number(sortText) } satisfies RegionRow);
    } else if (kind === 'positions_catalogue') {
      const code = cells.positionCode!.toUpperCase();
      const group = cells.jobGroupCode!.toUpperCase();
      const level = cells.careerLevel!.toUpperCase();
      const flag = (cells.isField ?? '').toLowerCase();
      const replaces = (cells.replacesCode ?? '').toUpperCase();
      if (code) once('positionCode', `code:${code}`, code);
      if (group && !ctx.jobGroups.has(group)) error('jobGroupCode', 'unknownJobGroup', { value: cells.jobGroupCode! });
      if (level && !(CAREER_LEVELS as readonly string[]).includes(level)) error('careerLevel', 'careerLevel', { value: cells.careerLevel! });
      if (!FLAG_YES.has(flag) && !FLAG_NO.has(flag)) error('isField', 'flag', { value: cells.isField! });
      if (replaces && replaces === code) error('replacesCode', 'replacesItself');
      else if (replaces && !codes.has(replaces) && !ctx.positions.has(replaces))
        error('replacesCode', 'unknownReplaces', { value: cells.replacesCode! });
      if (!cells.descriptionEn && !cells.descriptionRu) warn('descriptionEn', 'noDescription');
      if (!blocking()) {
        rows.push({
          jobGroupCode: group,
          code,
          titleEn: cells.titleEn!,
          titleRu: cells.titleRu!,
          descriptionEn: cells.descriptionEn ?? '',
          descriptionRu: cells.descriptionRu ?? '',
          careerLevel: level as CareerLevel,
          isField: FLAG_YES.has(flag),
          replacesCode: replaces || null,
          sort: index,
        } satisfies PositionRow);
      }
    } else {
      const carClass = cells.carClass!.toUpperCase();
      const fuel = cells.fuel!.toLowerCase();
      const price = cells.listPrice!.replace(/[\s\u00a0]/g, '').replace(',', '.');
      if (cells.make && cells.model) once('model', `car:${cells.make.toLowerCase()}|${cells.model.toLowerCase()}`, `${cells.make} ${cells.model}`);
      if (carClass && !(CAR_CLASSES as readonly string[]).includes(carClass)) error('carClass', 'carClass', { value: cells.carClass! });
      if (fuel && !(CAR_FUELS as readonly string[]).includes(fuel)) error('fuel', 'fuel', { value: cells.fuel! });
      if (price && (!PRICE_RE.test(price) || Number(price) <= 0)) error('listPrice', 'price', { value: cells.listPrice! });
      if (!blocking()) {
        rows.push({
          make: cells.make!,
          model: cells.model!,
          carClass: carClass as CarRow['carClass'],
          fuel: fuel as CarRow['fuel'],
          listPrice: price,
        } satisfies CarRow);
      }
    }
    if (!rowIssues.some((i) => i.severity === 'error')) rowsOk++;
    issues.push(...rowIssues);
  });
  return { rows: rows as SheetRows[K], issues, rowsTotal: lines.length, rowsOk };
}

/** An empty workbook of a kind: the header row in the caller's language; the positions template lists the job group codes. */
export async function sheetTemplate(kind: SheetKind, locale: Locale, jobGroups: { code: string; name: string }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(locale, `surveyAdmin.kinds.${kind}`).slice(0, 31));
  sheet.columns = COLUMNS[kind].map((c) => ({ header: columnName(locale, c.key), width: c.max && c.max > 200 ? 50 : 24 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  if (kind === 'positions_catalogue') {
    const reference = workbook.addWorksheet(columnName(locale, 'jobGroupCode').slice(0, 31));
    reference.columns = [
      { header: columnName(locale, 'code'), width: 14 },
      { header: columnName(locale, locale === 'ru' ? 'nameRu' : 'nameEn'), width: 40 },
    ];
    reference.getRow(1).font = { bold: true };
    for (const g of jobGroups) reference.addRow([g.code, g.name]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An issue as the caller reads it: the column's name and the message in their language. */
export function issueView(locale: Locale, issue: DatafileIssue) {
  const column = issue.column ? columnName(locale, issue.column) : null;
  return {
    row: issue.row,
    column,
    severity: issue.severity,
    code: issue.code,
    message: translate(locale, `surveyAdmin.issues.${issue.code}`, { ...issue.params, column: column ?? '' }),
  };
}
