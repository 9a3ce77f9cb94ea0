import { createRequire } from 'node:module';
import { LOCALE_TAG } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import PDFDocument from 'pdfkit';
import type { CellValue, RangeChartSection, ReportDocument, TableColumn, TableSection, TextSection } from '../report-document.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans has the Cyrillic letters (as in the voting protocol); embedded, subset, in every report. */
const FONTS = {
  body: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf'),
};
const MARGIN = 40;
/** The renderer's footer sits this far above the page's bottom edge; the reader's stamp goes below it (watermark.ts). */
const FOOTER_FROM_BOTTOM = 28;
const BOTTOM = MARGIN + 12;
const COLOURS = { text: '#000000', muted: '#808080', header: '#D9E2F3', stripe: '#F4F6FA', bar: '#9DC3E6', median: '#1F3864', own: '#C00000' };
/** Tables wider than this many columns go on landscape pages. */
const PORTRAIT_COLUMNS = 7;
const FRACTION_DIGITS: Record<TableColumn['format'], number> = { text: 0, int: 0, money: 0, pct: 1, ratio: 0 };

type Doc = PDFKit.PDFDocument;

/**
 * The report as a PDF: a cover with the methodology, each table from a new page (landscape when wide) with its header
 * repeated on every page it runs to, hidden cells' reasons in grey, each range chart as P25–P75 bars with a median tick
 * and the own dot, and on every page the confidentiality line and "page N of M".
 */
export function renderPdf(report: ReportDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, autoFirstPage: false, info: { Title: report.title } });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const numbers = Object.fromEntries(
    Object.entries(FRACTION_DIGITS).map(([format, digits]) => [
      format,
      new Intl.NumberFormat(LOCALE_TAG[report.language], { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    ]),
  ) as Record<TableColumn['format'], Intl.NumberFormat>;
  const t = (key: string, params?: Record<string, string | number>) => translate(report.language, `reportDoc.${key}`, params);

  newPage(doc, 'portrait');
  cover(doc, report);
  for (const section of report.sections) {
    if (section.kind === 'text') textSection(doc, section);
    if (section.kind === 'table') tableSection(doc, section, numbers);
    if (section.kind === 'range_chart' && section.bars.length > 0) rangeChart(doc, section, numbers.money, t('columns.own'));
  }
  footers(doc, report.confidentiality, (page, pages) => t('pdf.page', { page, pages }));
  doc.end();
  return done;
}

function cover(doc: Doc, report: ReportDocument): void {
  doc.font('bold').fontSize(20).fillColor(COLOURS.text).text(report.title);
  doc.moveDown(0.4).font('body').fontSize(12).text(report.subtitle);
  doc.moveDown(0.4).font('italic').fontSize(9).fillColor(COLOURS.own).text(report.confidentiality);
  doc.fillColor(COLOURS.text).moveDown(1.5);
}

function textSection(doc: Doc, section: TextSection): void {
  doc.font('bold').fontSize(13).fillColor(COLOURS.text).text(section.heading, MARGIN);
  doc.moveDown(0.4).font('body').fontSize(9.5);
  for (const p of section.paragraphs) doc.text(p, { align: 'justify' }).moveDown(0.5);
  doc.moveDown();
}

const bottomOf = (doc: Doc) => doc.page.height - BOTTOM;
/** A page's options replace the document's, so each page names its size and margins again. */
const newPage = (doc: Doc, layout: 'portrait' | 'landscape') => doc.addPage({ size: 'A4', layout, margin: MARGIN });

function display(v: CellValue, format: TableColumn['format'], numbers: Record<TableColumn['format'], Intl.NumberFormat>): string {
  if (v === null) return '';
  if (typeof v === 'object') return v.label;
  return typeof v === 'number' ? numbers[format].format(v) : v;
}

/** Widths by content: text columns by their longest value (sampled), figures by their header; then stretched to the page. */
function columnWidths(table: TableSection, available: number, fontSize: number): number[] {
  const charWidth = fontSize * 0.55;
  const wanted = table.columns.map((c) => {
    if (c.format !== 'text') return Math.max(8, Math.min(14, c.label.length / 2)) * charWidth;
    let longest = 6;
    for (const r of table.rows.slice(0, 300)) {
      const v = r[c.key];
      if (typeof v === 'string') longest = Math.max(longest, v.length);
    }
    return Math.min(36, longest) * charWidth;
  });
  const total = wanted.reduce((a, b) => a + b, 0);
  return wanted.map((w) => (w * available) / total);
}

function tableSection(doc: Doc, table: TableSection, numbers: Record<TableColumn['format'], Intl.NumberFormat>): void {
  const layout = table.columns.length > PORTRAIT_COLUMNS ? 'landscape' : 'portrait';
  newPage(doc, layout);
  const fontSize = layout === 'landscape' ? 7 : 8;
  const pad = 2;
  const widths = columnWidths(table, doc.page.width - 2 * MARGIN, fontSize);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const cellOptions = (i: number, wrap: boolean) => ({
    width: widths[i]! - 2 * pad,
    align: table.columns[i]!.format === 'text' ? ('left' as const) : ('right' as const),
    lineBreak: wrap,
  });
  doc.font('bold').fontSize(12).fillColor(COLOURS.text).text(table.heading, MARGIN, MARGIN);
  doc.moveDown(0.5);

  doc.font('bold').fontSize(fontSize);
  const headerHeight = Math.max(...table.columns.map((c, i) => doc.heightOfString(c.label, cellOptions(i, true)))) + 2 * pad;
  const header = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, doc.page.width - 2 * MARGIN, headerHeight).fill(COLOURS.header);
    doc.font('bold').fontSize(fontSize).fillColor(COLOURS.text);
    table.columns.forEach((c, i) => {
      doc.text(c.label, xs[i]! + pad, y + pad, cellOptions(i, true));
    });
    doc.y = y + headerHeight;
  };
  header();

  // Most cells fit on one line: they are placed by their measured width, which skips pdfkit's line wrapper (the slow
  // part of a large table); only longer texts wrap. The same names and figures repeat, so each is measured once.
  doc.font('body').fontSize(fontSize);
  const lineHeight = doc.currentLineHeight(true) + 2 * pad;
  const inner = widths.map((w) => w - 2 * pad);
  const measured = new Map<string, number>();
  const measure = (key: string, compute: () => number) => {
    let value = measured.get(key);
    if (value === undefined) {
      value = compute();
      measured.set(key, value);
    }
    return value;
  };
  let font = 'body';
  let colour = COLOURS.text;
  const use = (name: string, fill: string) => {
    if (name !== font) {
      font = name;
      doc.font(name);
    }
    if (fill !== colour) {
      colour = fill;
      doc.fillColor(fill);
    }
  };
  const widthOf = (text: string) => measure(`${font}\u0000${text}`, () => doc.widthOfString(text));
  const heightOf = (text: string, i: number) =>
    widthOf(text) <= inner[i]!
      ? lineHeight
      : measure(`${i}\u0000${font}\u0000${text}`, () => doc.heightOfString(text, cellOptions(i, true)) + 2 * pad);
  table.rows.forEach((row, r) => {
    const values = table.columns.map((c) => row[c.key] ?? null);
    const texts = values.map((v, i) => display(v, table.columns[i]!.format, numbers));
    use('body', colour);
    const height = Math.max(lineHeight, ...texts.map((s, i) => (table.columns[i]!.format === 'text' && s !== '' ? heightOf(s, i) : 0)));
    if (doc.y + height > bottomOf(doc)) {
      newPage(doc, layout);
      header();
      font = 'bold';
      colour = COLOURS.text;
    }
    const y = doc.y;
    if (r % 2 === 1) {
      doc.rect(MARGIN, y, doc.page.width - 2 * MARGIN, height).fill(COLOURS.stripe);
      colour = COLOURS.stripe;
    }
    texts.forEach((s, i) => {
      if (s === '') return;
      const hidden = values[i] !== null && typeof values[i] === 'object';
      use(hidden ? 'italic' : 'body', hidden ? COLOURS.muted : COLOURS.text);
      const text = table.columns[i]!.format === 'text';
      const w = widthOf(s);
      if (w <= inner[i]!) doc.text(s, xs[i]! + pad + (text ? 0 : inner[i]! - w), y + pad, { lineBreak: false });
      else doc.text(s, xs[i]! + pad, y + pad, cellOptions(i, text));
    });
    doc.y = y + height;
  });

  doc.font('italic').fontSize(7).fillColor(COLOURS.muted);
  doc.y += 6;
  for (const note of table.notes ?? []) {
    if (doc.y + doc.heightOfString(note, { width: doc.page.width - 2 * MARGIN }) > bottomOf(doc)) {
      newPage(doc, layout);
    }
    doc.text(note, MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });
  }
  doc.fillColor(COLOURS.text);
}

/** P25–P75 bars with a median tick and the own dot, on one scale for the whole chart, with an axis under it. */
function rangeChart(doc: Doc, chart: RangeChartSection, money: Intl.NumberFormat, ownLabel: string): void {
  newPage(doc, 'portrait');
  const labelWidth = 170;
  const left = MARGIN + labelWidth + 8;
  const right = doc.page.width - MARGIN - 10;
  const rowHeight = 18;
  const values = chart.bars.flatMap((b) => [b.p25, b.p75, ...(b.own == null ? [] : [b.own])]);
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const span = high - low || Math.abs(high) || 1;
  const [min, max] = [low - span * 0.08, high + span * 0.08];
  const x = (v: number) => left + ((v - min) / (max - min)) * (right - left);

  const heading = () => {
    doc
      .font('bold')
      .fontSize(12)
      .fillColor(COLOURS.text)
      .text(chart.heading, MARGIN, MARGIN, { width: doc.page.width - 2 * MARGIN });
    legend(doc, doc.y + 6, chart.bars.some((b) => b.own != null) ? ownLabel : null);
    doc.y += 28;
  };
  const axis = (top: number, bottom: number) => {
    doc.lineWidth(0.5).strokeColor(COLOURS.muted).moveTo(left, bottom).lineTo(right, bottom).stroke();
    doc.font('body').fontSize(6.5).fillColor(COLOURS.muted);
    for (let i = 0; i <= 4; i++) {
      const v = min + ((max - min) * i) / 4;
      doc.moveTo(x(v), top).lineTo(x(v), bottom).dash(1, { space: 2 }).stroke().undash();
      doc.text(money.format(v), x(v) - 40, bottom + 3, { width: 80, align: 'center', lineBreak: false });
    }
  };

  heading();
  let top = doc.y;
  for (const bar of chart.bars) {
    if (doc.y + rowHeight > bottomOf(doc) - 20) {
      axis(top, doc.y);
      newPage(doc, 'portrait');
      heading();
      top = doc.y;
    }
    const y = doc.y;
    const mid = y + rowHeight / 2;
    doc
      .font('body')
      .fontSize(7.5)
      .fillColor(COLOURS.text)
      .text(bar.label, MARGIN, mid - 4.5, { width: labelWidth, ellipsis: true, lineBreak: false });
    doc.rect(x(bar.p25), mid - 4, Math.max(1, x(bar.p75) - x(bar.p25)), 8).fill(COLOURS.bar);
    doc
      .lineWidth(2)
      .strokeColor(COLOURS.median)
      .moveTo(x(bar.p50), mid - 6)
      .lineTo(x(bar.p50), mid + 6)
      .stroke();
    if (bar.own != null) doc.circle(x(bar.own), mid, 3).fill(COLOURS.own);
    doc.y = y + rowHeight;
  }
  axis(top, doc.y);
  doc.fillColor(COLOURS.text).strokeColor(COLOURS.text).lineWidth(1);
}

function legend(doc: Doc, y: number, ownLabel: string | null): void {
  doc.font('body').fontSize(7.5).fillColor(COLOURS.text);
  doc.rect(MARGIN, y, 18, 8).fill(COLOURS.bar);
  doc.fillColor(COLOURS.text).text('P25–P75', MARGIN + 22, y, { lineBreak: false });
  doc
    .lineWidth(2)
    .strokeColor(COLOURS.median)
    .moveTo(MARGIN + 90, y - 2)
    .lineTo(MARGIN + 90, y + 10)
    .stroke();
  doc.text('P50', MARGIN + 96, y, { lineBreak: false });
  if (ownLabel) {
    doc.circle(MARGIN + 140, y + 4, 3).fill(COLOURS.own);
    doc.fillColor(COLOURS.text).text(ownLabel, MARGIN + 147, y, { lineBreak: false });
  }
}

/** On every page, once all are laid out: the confidentiality line and "page N of M". */
function footers(doc: Doc, confidentiality: string, pageOf: (page: number, pages: number) => string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Text below the bottom margin would start a new page: the footer writes with no margin.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - FOOTER_FROM_BOTTOM;
    const width = doc.page.width - 2 * MARGIN;
    doc.font('body').fontSize(7).fillColor(COLOURS.muted);
    doc.text(confidentiality, MARGIN, y, { width: width - 90, lineBreak: false, ellipsis: true });
    doc.text(pageOf(i + 1, count), MARGIN + width - 90, y, { width: 90, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}
