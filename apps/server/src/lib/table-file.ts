import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface Column<T> {
  header: string;
  value: (row: T) => string | number;
  width?: number;
}

/**
 * One CSV cell. Text that a spreadsheet would read as a formula (=, +, -, @, tab or return first: names come
 * from the public signup form, phones start with +) gets an apostrophe in front, so it stays text.
 */
export const csvCell = (v: string | number) => {
  const s = typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : String(v);
  return /[",\r\n;]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** A table as CSV (UTF-8 with BOM, so Excel reads Cyrillic) or as an Excel workbook. */
export async function tableFile<T>(format: 'csv' | 'xlsx', sheet: string, columns: Column<T>[], rows: T[]): Promise<Buffer> {
  if (format === 'csv') {
    const lines = [columns.map((c) => csvCell(c.header)).join(','), ...rows.map((r) => columns.map((c) => csvCell(c.value(r))).join(','))];
    return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet(sheet);
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 20 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(columns.map((c) => c.value(r)));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  png: 'image/png',
  svg: 'image/svg+xml',
  ics: 'text/calendar; charset=utf-8',
  zip: 'application/zip',
} as const;

/**
 * Sends a file under the given name (ASCII fallback plus the UTF-8 name), to be saved (attachment) or shown in the
 * browser (inline).
 */
export function sendFile(
  reply: FastifyReply,
  name: string,
  type: keyof typeof CONTENT_TYPES,
  data: Buffer | string | Readable,
  disposition: 'attachment' | 'inline' = 'attachment',
): FastifyReply {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', '');
  return reply
    .header('Content-Type', CONTENT_TYPES[type])
    .header('Content-Disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Cache-Control', 'no-store')
    .send(data);
}
