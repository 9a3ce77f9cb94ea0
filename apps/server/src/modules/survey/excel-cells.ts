import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';

/**
 * What the survey's Excel templates share: a cell read as people fill it, a column's letter for the report, and the
 * template's marks (a hidden sheet naming the template and the period, the column codes in row 2), so a file that is
 * not the template, or whose columns moved, is refused before any cell is read.
 */

export const MARKER_SHEET = 'template';
/** The code row; answers start below it. */
export const CODE_ROW = 2;
export const FIRST_DATA_ROW = 3;

/** A cell's value as typed: a number, trimmed text, or null when empty (formulas give their result). */
export const cellValue = (value: ExcelJS.CellValue): string | number | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'object') {
    if ('result' in value) return typeof value.result === 'number' ? value.result : value.result ? String(value.result) : null;
    if ('richText' in value)
      return (
        value.richText
          .map((t) => t.text)
          .join('')
          .trim() || null
      );
    if ('text' in value && typeof value.text === 'string') return value.text.trim() || null;
    return String(value);
  }
  const text = String(value).trim();
  return text === '' ? null : text;
};

/** 0 → A, 26 → AA. */
export const columnLetter = (index: number) => {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

/** A sheet's header row (in the reader's language) and its code row, in small grey type. */
export function addHeader(
  sheet: ExcelJS.Worksheet,
  columns: readonly { code: string; header: string; width: number }[],
  translate: (header: string) => string,
) {
  sheet.columns = columns.map((c) => ({ width: c.width }));
  sheet.addRow(columns.map((c) => translate(c.header))).font = { bold: true };
  sheet.addRow(columns.map((c) => c.code)).font = { color: { argb: 'FF888888' }, size: 8 };
}

/** The hidden sheet that marks a workbook as one template of one period. */
export function addMarker(workbook: ExcelJS.Workbook, marker: string, periodCode: string) {
  const sheet = workbook.addWorksheet(MARKER_SHEET, { state: 'veryHidden' });
  sheet.addRow([marker]);
  sheet.addRow([periodCode]);
}

/** Opens an uploaded workbook; anything that is not one is refused with the template's own error. */
export async function loadWorkbook(
  file: UploadedFile,
  notTemplate: 'SURVEY_NOT_TEMPLATE' | 'SURVEY_NOT_INCUMBENT_TEMPLATE',
): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load((await fs.readFile(file.path)) as unknown as ArrayBuffer);
  } catch {
    throw new AppError(notTemplate);
  }
  return workbook;
}

/** Whether the workbook carries the marker of this template and period. */
export function hasMarker(workbook: ExcelJS.Workbook, marker: string, periodCode: string): boolean {
  const sheet = workbook.getWorksheet(MARKER_SHEET);
  return !!sheet && cellValue(sheet.getCell('A1').value) === marker && String(cellValue(sheet.getCell('A2').value)) === periodCode;
}

/** Whether a sheet's code row still holds the columns' codes in their places. */
export function codesMatch(sheet: ExcelJS.Worksheet | undefined, columns: readonly { code: string }[]): boolean {
  if (!sheet) return false;
  const row = sheet.getRow(CODE_ROW);
  return columns.every((c, i) => cellValue(row.getCell(i + 1).value) === c.code);
}
