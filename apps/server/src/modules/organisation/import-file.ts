import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.ts';

/** Column headers accepted for each field, in English and Russian, compared case- and space-insensitively. */
const FIELDS = ['name', 'surname', 'email', 'position', 'phone', 'role'] as const;
type Field = (typeof FIELDS)[number];

const HEADERS: Record<Field, string[]> = {
  name: ['name', 'first name', 'имя'],
  surname: ['surname', 'last name', 'family name', 'фамилия'],
  email: ['email', 'e-mail', 'эл. почта', 'электронная почта', 'почта'],
  position: ['position', 'job title', 'должность'],
  phone: ['phone', 'telephone', 'телефон'],
  role: ['role', 'роль'],
};

export type RawRow = { line: number } & Record<Field, string>;

const normalise = (h: string) => h.trim().toLowerCase().replace(/\s+/g, ' ');

/** Rows of cells with their line (row) number in the file, so the preview points at the right line. */
type Table = { line: number; cells: string[] }[];

function toRows(table: Table): RawRow[] {
  const [headerRow, ...body] = table;
  const header = headerRow?.cells;
  if (!header) throw new AppError('IMPORT_INVALID_FILE');
  const index: Partial<Record<Field, number>> = {};
  header.forEach((h, i) => {
    for (const field of FIELDS) if (HEADERS[field].includes(normalise(h))) index[field] ??= i;
  });
  if (index.email === undefined || index.name === undefined || index.surname === undefined) throw new AppError('IMPORT_INVALID_FILE');
  return body
    .map(({ line, cells }) => {
      const row = { line } as RawRow;
      for (const field of FIELDS) {
        const at = index[field];
        row[field] = at === undefined ? '' : String(cells[at] ?? '').trim();
      }
      return row;
    })
    .filter((r) => FIELDS.some((f) => r[f] !== ''));
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return String(value.result ?? '');
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if (value instanceof Date) return value.toISOString().slice(0, 10);
  }
  return String(value);
};

/** Reads the rows of an uploaded CSV (comma or semicolon, UTF-8) or Excel (.xlsx, first sheet) file. */
export async function readImportFile(filename: string, data: Buffer): Promise<RawRow[]> {
  const isXlsx = /\.xlsx$/i.test(filename) || data.subarray(0, 2).toString('latin1') === 'PK';
  try {
    if (isXlsx) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(data as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new AppError('IMPORT_INVALID_FILE');
      const table: Table = [];
      sheet.eachRow({ includeEmpty: false }, (row) => {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          cells[col - 1] = cellText(cell.value);
        });
        table.push({ line: row.number, cells: Array.from(cells, (c) => c ?? '') });
      });
      return toRows(table);
    }
    const text = data.toString('utf8').replace(/^\uFEFF/, '');
    const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
    const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
    const records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return toRows(records.map((r) => ({ line: r.info.lines, cells: r.record })));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('IMPORT_INVALID_FILE');
  }
}
