import { createRequire } from 'node:module';
import { LOCALE_TAG } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import PDFDocument from 'pdfkit';
import type { ReportDocument } from '../report-document.ts';
import { planChart } from './pdf-chart.ts';
import { bottomOf, COLOURS, contentWidth, type Doc, MARGIN, type NumberFormats, newPage, type PdfBlock } from './pdf-page.ts';
import { planTable } from './pdf-table.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans has the Cyrillic letters (as in the voting protocol); embedded, subset, in every report. */
const FONTS = {
  body: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf'),
};
/** The footer's line sits this far above the page's bottom edge; the reader's stamp goes below it (watermark.ts). */
const FOOTER_FROM_BOTTOM = 28;
const FRACTION_DIGITS: Record<keyof NumberFormats, number> = { text: 0, int: 0, money: 0, pct: 1, ratio: 0 };

/**
 * The report as a PDF: a cover with the methodology, each table from a new page (landscape when wide) with its header
 * repeated on every page it runs to, hidden cells' reasons in grey, each range chart as P25–P75 bars with a median tick
 * and the own dot, and on every page the confidentiality line and "page N of M". Every section is laid out before any
 * is drawn, so the page count is known and each page is written out as soon as it is full.
 */
export function renderPdf(report: ReportDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, autoFirstPage: false, info: { Title: report.title } });
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
  ) as NumberFormats;
  const t = (key: string, params?: Record<string, string | number>) => translate(report.language, `reportDoc.${key}`, params);

  const blocks: PdfBlock[] = [planCover(doc, report)];
  for (const section of report.sections) {
    if (section.kind === 'table') blocks.push(planTable(doc, section, numbers));
    if (section.kind === 'range_chart' && section.bars.length > 0)
      blocks.push(planChart(doc, section, numbers[section.format ?? 'money'], t('columns.own')));
  }
  const pages = blocks.reduce((n, b) => n + b.pages, 0);
  let page = 0;
  doc.on('pageAdded', () => footer(doc, report.confidentiality, t('pdf.page', { page: ++page, pages })));
  for (const block of blocks) block.draw();
  doc.end();
  return done;
}

type Line = { text: string; font: string; size: number; colour: string; gap: number; align?: 'justify' };

/** The title, subtitle and confidentiality line, then the text sections (the methodology); a paragraph never splits. */
function planCover(doc: Doc, report: ReportDocument): PdfBlock {
  const width = contentWidth('portrait');
  const lines: Line[] = [
    { text: report.title, font: 'bold', size: 20, colour: COLOURS.text, gap: 4 },
    { text: report.subtitle, font: 'body', size: 12, colour: COLOURS.text, gap: 4 },
    { text: report.confidentiality, font: 'italic', size: 9, colour: COLOURS.own, gap: 24 },
  ];
  for (const section of report.sections) {
    if (section.kind !== 'text') continue;
    lines.push({ text: section.heading, font: 'bold', size: 13, colour: COLOURS.text, gap: 5 });
    for (const p of section.paragraphs) lines.push({ text: p, font: 'body', size: 9.5, colour: COLOURS.text, gap: 5, align: 'justify' });
    lines[lines.length - 1]!.gap = 14;
  }
  let pages = 1;
  let y = MARGIN;
  const placed = lines.map((line) => {
    const height = doc.font(line.font, line.size).heightOfString(line.text, { width, align: line.align });
    const breaks = y + height > bottomOf('portrait') && y > MARGIN;
    if (breaks) {
      pages++;
      y = MARGIN;
    }
    const at = { line, y, breaks };
    y += height + line.gap;
    return at;
  });
  const draw = () => {
    newPage(doc, 'portrait');
    for (const { line, y, breaks } of placed) {
      if (breaks) newPage(doc, 'portrait');
      doc.font(line.font, line.size).fillColor(line.colour).text(line.text, MARGIN, y, { width, align: line.align });
    }
  };
  return { pages, draw };
}

/** Drawn as each page is made: text below the bottom margin would start a page of its own, so it writes with none. */
function footer(doc: Doc, confidentiality: string, pageOf: string): void {
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const width = doc.page.width - 2 * MARGIN;
  const y = doc.page.height - FOOTER_FROM_BOTTOM;
  doc.font('body', 7).fillColor(COLOURS.muted);
  doc.text(confidentiality, MARGIN, y, { width: width - 90, lineBreak: false, ellipsis: true });
  doc.text(pageOf, MARGIN + width - 90, y, { width: 90, align: 'right', lineBreak: false });
  doc.page.margins.bottom = margin;
  doc.x = MARGIN;
  doc.y = MARGIN;
}
