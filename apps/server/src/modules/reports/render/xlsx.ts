import { translate } from '@portal/shared/i18n';
import ExcelJS from 'exceljs';
import type { CellValue, RangeChartSection, ReportDocument, TableColumn, TableSection } from '../report-document.ts';

/** The cover's row left empty for the reader's mark, stamped at download (watermark.ts). */
export const COVER_MARK_ROW = 4;

const NUMBER_FORMATS: Record<TableColumn['format'], string | undefined> = {
  text: undefined,
  int: '#,##0',
  money: '#,##0',
  pct: '0.0',
  ratio: '0',
  // Set per cell (writeRow).
  figure: undefined,
};
const FIGURE_FORMATS = { whole: '#,##0', tenths: '#,##0.0' };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E2F3' } };
const SUPPRESSED_FONT: Partial<ExcelJS.Font> = { italic: true, color: { argb: 'FF808080' } };
const HEADER_ROW = 2;
const MARK_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FF9C0006' } };
/** How many rows a text column's width is measured on: enough to see the names, few enough to stay fast. */
const WIDTH_SAMPLE = 500;

/** Excel's header and footer codes treat `&` as a command. */
const headerText = (text: string) => text.replaceAll('&', '&&');

/** A sheet's footer: the page number, and the reader's mark once stamped (watermark.ts). */
export const footerText = (left = '') => `&L&8${headerText(left)}&R&8&P / &N`;

/**
 * The report as an Excel workbook: a cover with the methodology, a sheet per table (named by its `sheet`, else its
 * heading) with a bold filled header that stays in view and filters, number formats by column, hidden cells as their
 * reason in grey italics; the range charts as tables with data bars on one Charts sheet after them.
 */
export async function renderXlsx(doc: ReportDocument): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.title = doc.title;
  wb.creator = doc.title;
  const t = (key: string) => translate(doc.language, `reportDoc.${key}`);
  const names = new SheetNames();
  const sheet = (name: string, columns: number) => {
    const ws = wb.addWorksheet(names.take(name), {
      pageSetup: { paperSize: 9, orientation: columns > 8 ? 'landscape' : 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    });
    ws.headerFooter = { oddHeader: `&C&8${headerText(doc.confidentiality)}`, oddFooter: footerText() };
    return ws;
  };

  const cover = sheet(t('xlsx.cover'), 1);
  writeCover(cover, doc);
  for (const section of doc.sections)
    if (section.kind === 'table') writeTable(sheet(section.sheet ?? section.heading, section.columns.length), section);
  const charts = doc.sections.filter((s) => s.kind === 'range_chart');
  if (charts.length > 0) {
    const ws = sheet(t('xlsx.charts'), 5);
    for (const chart of charts) writeChart(ws, chart, t('columns.own'));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function writeCover(ws: ExcelJS.Worksheet, doc: ReportDocument): void {
  ws.getColumn(1).width = 120;
  const line = (row: number, text: string, font: Partial<ExcelJS.Font>) => {
    const cell = ws.getCell(row, 1);
    cell.value = text;
    cell.font = font;
    cell.alignment = { wrapText: true, vertical: 'top' };
    // Excel does not grow a row for wrapped text it did not lay out itself: about 110 characters a line at this width.
    ws.getRow(row).height = Math.max(1, Math.ceil(text.length / 110)) * 15 + 2;
  };
  line(1, doc.title, { bold: true, size: 16 });
  line(2, doc.subtitle, { size: 12 });
  line(3, doc.confidentiality, { italic: true, color: { argb: 'FF9C0006' } });
  // Styled and empty: the stamp fills it in without touching the styles (watermark.ts).
  ws.getCell(COVER_MARK_ROW, 1).font = MARK_FONT;
  let row = COVER_MARK_ROW + 2;
  for (const section of doc.sections) {
    if (section.kind !== 'text') continue;
    line(row++, section.heading, { bold: true, size: 12 });
    for (const p of section.paragraphs) line(row++, p, {});
    row++;
  }
}

function writeTable(ws: ExcelJS.Worksheet, table: TableSection): void {
  ws.getCell(1, 1).value = table.heading;
  ws.getCell(1, 1).font = { bold: true, size: 13 };
  ws.columns = table.columns.map((c) => ({ key: c.key, width: columnWidth(c, table.rows), style: { numFmt: NUMBER_FORMATS[c.format] } }));
  const header = ws.getRow(HEADER_ROW);
  table.columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = c.label;
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.alignment = { wrapText: true, vertical: 'middle', horizontal: c.format === 'text' ? 'left' : 'center' };
    cell.border = { bottom: { style: 'thin' } };
  });
  header.height = 32;
  ws.views = [{ state: 'frozen', xSplit: 0, ySplit: HEADER_ROW }];
  ws.pageSetup.printTitlesRow = `${HEADER_ROW}:${HEADER_ROW}`;
  table.rows.forEach((r, i) => {
    writeRow(ws.getRow(HEADER_ROW + 1 + i), table.columns, r);
  });
  const last = HEADER_ROW + table.rows.length;
  ws.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: last, column: table.columns.length } };
  (table.notes ?? []).forEach((note, i) => {
    const cell = ws.getCell(last + 2 + i, 1);
    cell.value = note;
    cell.font = { italic: true, size: 9 };
  });
}

function writeRow(row: ExcelJS.Row, columns: TableColumn[], values: Record<string, CellValue>): void {
  columns.forEach((c, i) => {
    const v = values[c.key] ?? null;
    if (v === null) return;
    const cell = row.getCell(i + 1);
    if (typeof v === 'object') {
      cell.value = v.label;
      cell.font = SUPPRESSED_FONT;
      cell.alignment = { horizontal: 'right' };
    } else {
      cell.value = v;
      if (c.format === 'figure' && typeof v === 'number') cell.numFmt = Number.isInteger(v) ? FIGURE_FORMATS.whole : FIGURE_FORMATS.tenths;
    }
  });
}

function columnWidth(c: TableColumn, rows: Record<string, CellValue>[]): number {
  if (c.format !== 'text') return Math.max(11, Math.min(16, c.label.length / 2 + 2));
  let longest = c.label.length;
  for (const r of rows.slice(0, WIDTH_SAMPLE)) {
    const v = r[c.key];
    if (typeof v === 'string') longest = Math.max(longest, v.length);
  }
  return Math.min(50, longest + 2);
}

/** A range chart as a table: P25, P50, P75 (and the own figure) with data bars, below the charts before it. */
function writeChart(ws: ExcelJS.Worksheet, chart: RangeChartSection, ownLabel: string): void {
  const withOwn = chart.bars.some((b) => b.own != null);
  const first = ws.rowCount === 0 ? 1 : ws.rowCount + 2;
  ws.getColumn(1).width = 45;
  for (const c of [2, 3, 4, 5]) ws.getColumn(c).width = 14;
  ws.getCell(first, 1).value = chart.heading;
  ws.getCell(first, 1).font = { bold: true, size: 12 };
  const labels = ['', 'P25', 'P50', 'P75', ...(withOwn ? [ownLabel] : [])];
  const header = ws.getRow(first + 1);
  labels.forEach((label, i) => {
    const cell = header.getCell(i + 1);
    cell.value = label;
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
  });
  chart.bars.forEach((b, i) => {
    const row = ws.getRow(first + 2 + i);
    row.values = [b.label, b.p25, b.p50, b.p75, ...(withOwn ? [b.own ?? null] : [])];
    for (let c = 2; c <= labels.length; c++) row.getCell(c).numFmt = NUMBER_FORMATS[chart.format ?? 'money']!;
  });
  if (chart.bars.length === 0) return;
  const lastRow = first + 1 + chart.bars.length;
  const lastColumn = String.fromCharCode(64 + labels.length);
  ws.addConditionalFormatting({
    ref: `B${first + 2}:${lastColumn}${lastRow}`,
    rules: [
      { type: 'dataBar', priority: 1, cfvo: [{ type: 'num', value: 0 }, { type: 'max' }], color: { argb: 'FF5B9BD5' } } as ExcelJS.DataBarRuleType,
    ],
  });
}

/** Excel's sheet names: at most 31 characters, none of []:*?/\, unique regardless of case. */
class SheetNames {
  readonly #taken = new Set<string>();
  take(wanted: string): string {
    const base =
      wanted
        .replace(/[[\]:*?/\\]/g, ' ')
        .trim()
        .slice(0, 31) || 'Sheet';
    let name = base;
    for (let n = 2; this.#taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
    this.#taken.add(name.toLowerCase());
    return name;
  }
}
