import type { TableColumn } from '../report-document.ts';

export type Doc = PDFKit.PDFDocument;
export type Layout = 'portrait' | 'landscape';
/** A formatter per column format; `figure` takes `int`'s or `pct`'s by the figure. */
export type NumberFormats = Record<Exclude<TableColumn['format'], 'figure'>, Intl.NumberFormat>;

export const MARGIN = 40;
export const A4: Record<Layout, { width: number; height: number }> = {
  portrait: { width: 595.28, height: 841.89 },
  landscape: { width: 841.89, height: 595.28 },
};
export const COLOURS = {
  text: '#000000',
  muted: '#808080',
  header: '#D9E2F3',
  stripe: '#F4F6FA',
  bar: '#9DC3E6',
  median: '#1F3864',
  own: '#C00000',
};
/** The lowest a section's content reaches on a page: the footer (and below it the reader's stamp) lies under it. */
export const bottomOf = (layout: Layout) => A4[layout].height - MARGIN - 12;
export const contentWidth = (layout: Layout) => A4[layout].width - 2 * MARGIN;

/** A page's options replace the document's, so each page names its size and margins again. */
export const newPage = (doc: Doc, layout: Layout) => doc.addPage({ size: 'A4', layout, margin: MARGIN });

/**
 * A section laid out before it is drawn: the number of pages it takes is known first, so every page's footer can say
 * "page N of M" as the page is made, and no page has to be held in memory until the end.
 */
export interface PdfBlock {
  pages: number;
  /** Draws the section from a new page on; it makes exactly `pages` pages. */
  draw(): void;
}

/** Sets the font and fill only when they change (pdfkit writes each change into the page); forget() after a new page. */
export function pen(doc: Doc, size: number) {
  let font = '';
  let colour = '';
  return {
    use(name: string, fill: string) {
      if (name !== font) {
        font = name;
        doc.font(name, size);
      }
      if (fill !== colour) {
        colour = fill;
        doc.fillColor(fill);
      }
    },
    forget() {
      font = '';
      colour = '';
    },
  };
}
