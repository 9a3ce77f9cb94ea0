import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { LOCALE_TAG } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { ReportLanguage } from '@portal/shared/reports-model';
import { degrees, ParseSpeeds, PDFDocument, rgb } from 'pdf-lib';
import { COVER_MARK_ROW, footerText } from './xlsx.ts';
import { patchZip } from './zip-patch.ts';

/** Who a downloaded copy was issued to: stamped on every page and sheet, so a passed-on copy names its reader. */
export interface ReaderMark {
  name: string;
  company: string;
  issuedAt: Date;
  language: ReportLanguage;
}

const require = createRequire(import.meta.url);
/** DejaVu Sans has the Cyrillic letters; read once, embedded (as a subset) in every stamped copy. */
let fontBytes: Buffer | undefined;
const font = () => (fontBytes ??= fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));

export function markLine(mark: ReaderMark): string {
  const date = new Intl.DateTimeFormat(LOCALE_TAG[mark.language], { dateStyle: 'long', timeZone: 'UTC' }).format(mark.issuedAt);
  return translate(mark.language, 'reportDoc.issuedTo', { name: mark.name, company: mark.company, date });
}

/** A light diagonal mark across every page and a footer line naming the reader. */
export async function stampPdf(buffer: Buffer, mark: ReaderMark): Promise<Buffer> {
  const pdf = await PDFDocument.load(buffer, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  pdf.registerFontkit(fontkit);
  const face = await pdf.embedFont(font(), { subset: true });
  const line = markLine(mark);
  const diagonal = `${mark.company} · ${mark.name}`;
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    // The mark runs corner to corner, sized so it fits the page's diagonal.
    const angle = Math.atan2(height, width);
    const room = Math.hypot(width, height) * 0.7;
    const size = Math.min(40, room / Math.max(1, face.widthOfTextAtSize(diagonal, 1)));
    const textWidth = face.widthOfTextAtSize(diagonal, size);
    page.drawText(diagonal, {
      x: width / 2 - (Math.cos(angle) * textWidth) / 2 + (Math.sin(angle) * size) / 2,
      y: height / 2 - (Math.sin(angle) * textWidth) / 2 - (Math.cos(angle) * size) / 2,
      size,
      font: face,
      color: rgb(0.5, 0.5, 0.5),
      opacity: 0.12,
      rotate: degrees((angle * 180) / Math.PI),
    });
    page.drawText(line, { x: 36, y: 8, size: 7, font: face, color: rgb(0.35, 0.35, 0.35) });
  }
  return Buffer.from(await pdf.save({ objectsPerTick: Number.POSITIVE_INFINITY }));
}

const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
/** renderXlsx adds the cover first, so it is the first sheet's file; its mark cell is styled and empty. */
const COVER_FILE = 'xl/worksheets/sheet1.xml';
const MARK_CELL = new RegExp(`<c r="A${COVER_MARK_ROW}"( s="\\d+")?/>`);

/**
 * The reader's line on the cover (the cell renderXlsx left for it) and in every sheet's footer. It edits those XML
 * files inside the workbook and copies the rest as they are: reading and rewriting a large workbook with exceljs took
 * seconds, and this runs on every download.
 */
export async function stampXlsx(buffer: Buffer, mark: ReaderMark): Promise<Buffer> {
  const line = xml(markLine(mark));
  const footer = `<oddFooter>${xml(footerText(markLine(mark)))}</oddFooter>`;
  const stampFooter = (text: string) => text.replace(/<oddFooter>[^<]*<\/oddFooter>/, () => footer);
  return patchZip(buffer, (name) => {
    if (name === COVER_FILE)
      return (text) =>
        stampFooter(text).replace(MARK_CELL, (_, style = '') => `<c r="A${COVER_MARK_ROW}"${style} t="inlineStr"><is><t>${line}</t></is></c>`);
    if (name.startsWith('xl/worksheets/sheet')) return stampFooter;
    return undefined;
  });
}
