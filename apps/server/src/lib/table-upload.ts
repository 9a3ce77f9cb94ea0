import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from './app-error.ts';

/** The headers an e-mail column goes by, in English and Russian (compared with `normaliseHeader`). */
export const EMAIL_HEADERS = ['email', 'e-mail', 'эл. почта', 'электронная почта', 'почта'];

export const normaliseHeader = (h: string) => h.trim().toLowerCase().replace(/\s+/g, ' ');

/** Rows of cells with their line (row) number in the file, so a preview points at the right line. */
export type Table = { line: number; cells: string[] }[];

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

/**
 * Reads an uploaded table: CSV (comma or semicolon, UTF-8) or Excel (.xlsx, first sheet); anything unreadable is
 * IMPORT_INVALID_FILE.
 */
export async function readTable(filename: string, data: Buffer): Promise<Table> {
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
      return table;
    }
    const text = data.toString('utf8').replace(/^\uFEFF/, '');
    const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
    const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
    const records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return records.map((r) => ({ line: r.info.lines, cells: r.record }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('IMPORT_INVALID_FILE');
  }
}
