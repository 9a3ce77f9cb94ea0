import type { CellValue, TableColumn, TableSection } from '../report-document.ts';
import { bottomOf, COLOURS, contentWidth, type Doc, type Layout, MARGIN, type NumberFormats, newPage, type PdfBlock, pen } from './pdf-page.ts';

/** Tables wider than this many columns go on landscape pages. */
const PORTRAIT_COLUMNS = 7;
const PAD = 2;
const HEADING_SIZE = 12;
const NOTE_SIZE = 7;
/** How many rows a text column's width is judged on: enough to see the names, few enough to stay fast. */
const WIDTH_SAMPLE = 300;

const isHidden = (v: CellValue) => v !== null && typeof v === 'object';

function display(v: CellValue, format: TableColumn['format'], numbers: NumberFormats): string {
  if (v === null) return '';
  if (typeof v === 'object') return v.label;
  if (typeof v !== 'number') return v;
  if (format === 'figure') return numbers[Number.isInteger(v) ? 'int' : 'pct'].format(v);
  return numbers[format].format(v);
}

/**
 * Widths by content: a figure's column as wide as its widest figure (sampled) or its header's longest word, so figures
 * never wrap; text columns share the rest by their longest value, and wrap.
 */
function columnWidths(doc: Doc, table: TableSection, texts: string[][], available: number, fontSize: number): number[] {
  const sample = texts.slice(0, WIDTH_SAMPLE);
  const widest = (font: string, values: string[]) => Math.max(0, ...values.map((v) => doc.font(font, fontSize).widthOfString(v)));
  const wanted = table.columns.map((c, i) => {
    const values = sample.map((row) => row[i]!);
    if (c.format === 'text') return Math.min(widest('body', values), fontSize * 20) + 2 * PAD;
    return Math.max(widest('body', values), widest('bold', c.label.split(/\s+/))) + 2 * PAD + 1;
  });
  const figures = table.columns.reduce((sum, c, i) => (c.format === 'text' ? sum : sum + wanted[i]!), 0);
  const text = wanted.reduce((a, b) => a + b, 0) - figures;
  // Text columns take what the figures leave; if the figures alone are too wide, everything shrinks alike.
  const scale = (w: number, isText: boolean) =>
    figures >= available ? (w * available) / (figures + text) : isText ? (w * (available - figures)) / (text || 1) : w;
  return wanted.map((w, i) => scale(w, table.columns[i]!.format === 'text'));
}

/**
 * A table from a new page (landscape when wide), its header repeated on every page it runs to, striped rows, hidden
 * cells' reasons in grey italics, its notes under it. Most cells fit on one line and are placed by their measured width,
 * which skips pdfkit's line wrapper (the slow part of a large table); only longer texts wrap. The same names and
 * figures repeat, so each is measured once.
 */
export function planTable(doc: Doc, table: TableSection, numbers: NumberFormats): PdfBlock {
  const layout: Layout = table.columns.length > PORTRAIT_COLUMNS ? 'landscape' : 'portrait';
  const width = contentWidth(layout);
  const bottom = bottomOf(layout);
  const fontSize = layout === 'landscape' ? 7 : 8;
  const texts = table.rows.map((row) => table.columns.map((c) => display(row[c.key] ?? null, c.format, numbers)));
  const widths = columnWidths(doc, table, texts, width, fontSize);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const inner = widths.map((w) => w - 2 * PAD);
  const isText = table.columns.map((c) => c.format === 'text');
  const wrapped = (i: number) => ({ width: inner[i]!, align: isText[i] ? ('left' as const) : ('right' as const) });

  const headingHeight = doc.font('bold', HEADING_SIZE).heightOfString(table.heading, { width }) + 6;
  doc.font('bold', fontSize);
  const headerHeight = Math.max(...table.columns.map((c, i) => doc.heightOfString(c.label, wrapped(i)))) + 2 * PAD;

  doc.font('body', fontSize);
  const lineHeight = doc.currentLineHeight(true) + 2 * PAD;
  const measured = new Map<string, number>();
  const measure = (key: string, compute: () => number) => {
    let value = measured.get(key);
    if (value === undefined) {
      value = compute();
      measured.set(key, value);
    }
    return value;
  };
  const widthOf = (text: string) => measure(text, () => doc.widthOfString(text));
  const heightOf = (text: string, i: number) => measure(`${i}\u0000${text}`, () => doc.heightOfString(text, wrapped(i)) + 2 * PAD);

  // Every cell measured here, in the body font, so that drawing only places them.
  const columns = table.columns.length;
  const cellWidths = new Float64Array(texts.length * columns);
  const heights = texts.map((cells, r) => {
    let height = lineHeight;
    cells.forEach((s, i) => {
      if (s === '') return;
      const w = widthOf(s);
      cellWidths[r * columns + i] = w;
      if (isText[i] && w > inner[i]!) height = Math.max(height, heightOf(s, i));
    });
    return height;
  });
  const notes = table.notes ?? [];
  const noteHeights = notes.map((n) => doc.font('italic', NOTE_SIZE).heightOfString(n, { width }));

  // Where each page begins: rows first, then the notes.
  let pages = 1;
  let y = MARGIN + headingHeight + headerHeight;
  const rowBreaks = new Set<number>();
  heights.forEach((h, r) => {
    if (y + h > bottom) {
      pages++;
      rowBreaks.add(r);
      y = MARGIN + headerHeight;
    }
    y += h;
  });
  y += 6;
  const noteBreaks = new Set<number>();
  noteHeights.forEach((h, n) => {
    if (y + h > bottom) {
      pages++;
      noteBreaks.add(n);
      y = MARGIN;
    }
    y += h;
  });

  const draw = () => {
    const ink = pen(doc, fontSize);
    const header = (top: number) => {
      doc.rect(MARGIN, top, width, headerHeight).fill(COLOURS.header);
      doc.font('bold', fontSize).fillColor(COLOURS.text);
      table.columns.forEach((c, i) => {
        doc.text(c.label, xs[i]! + PAD, top + PAD, wrapped(i));
      });
      ink.forget();
      return top + headerHeight;
    };
    newPage(doc, layout);
    doc.font('bold', HEADING_SIZE).fillColor(COLOURS.text).text(table.heading, MARGIN, MARGIN, { width });
    let top = header(MARGIN + headingHeight);
    texts.forEach((cells, r) => {
      if (rowBreaks.has(r)) {
        newPage(doc, layout);
        top = header(MARGIN);
      }
      if (r % 2 === 1) {
        doc.rect(MARGIN, top, width, heights[r]!).fill(COLOURS.stripe);
        ink.forget();
      }
      const row = table.rows[r]!;
      cells.forEach((s, i) => {
        if (s === '') return;
        const hidden = isHidden(row[table.columns[i]!.key] ?? null);
        ink.use(hidden ? 'italic' : 'body', hidden ? COLOURS.muted : COLOURS.text);
        const w = cellWidths[r * columns + i]!;
        if (w <= inner[i]!) doc.text(s, xs[i]! + PAD + (isText[i] ? 0 : inner[i]! - w), top + PAD, { lineBreak: false });
        else doc.text(s, xs[i]! + PAD, top + PAD, isText[i] ? wrapped(i) : { ...wrapped(i), lineBreak: false });
      });
      top += heights[r]!;
    });
    top += 6;
    doc.font('italic', NOTE_SIZE).fillColor(COLOURS.muted);
    notes.forEach((note, n) => {
      if (noteBreaks.has(n)) {
        newPage(doc, layout);
        doc.font('italic', NOTE_SIZE).fillColor(COLOURS.muted);
        top = MARGIN;
      }
      doc.text(note, MARGIN, top, { width });
      top += noteHeights[n]!;
    });
  };
  return { pages, draw };
}
