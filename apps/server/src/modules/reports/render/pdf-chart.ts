import type { RangeChartSection } from '../report-document.ts';
import { A4, bottomOf, COLOURS, contentWidth, type Doc, MARGIN, newPage, type PdfBlock } from './pdf-page.ts';

const LABEL_WIDTH = 170;
const ROW = 18;
const LEGEND = 28;
/** Room under the bars for the axis's figures. */
const AXIS = 20;

/** P25–P75 bars with a median tick and the own dot, on one scale for the whole chart, an axis under each page of it. */
export function planChart(doc: Doc, chart: RangeChartSection, figures: Intl.NumberFormat, ownLabel: string): PdfBlock {
  const width = contentWidth('portrait');
  const headingHeight = doc.font('bold', 12).heightOfString(chart.heading, { width }) + 6;
  const perPage = Math.max(1, Math.floor((bottomOf('portrait') - AXIS - MARGIN - headingHeight - LEGEND) / ROW));
  const pages = Math.ceil(chart.bars.length / perPage);

  const left = MARGIN + LABEL_WIDTH + 8;
  const right = A4.portrait.width - MARGIN - 10;
  const values = chart.bars.flatMap((b) => [b.p25, b.p75, ...(b.own == null ? [] : [b.own])]);
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const span = high - low || Math.abs(high) || 1;
  const [min, max] = [low - span * 0.08, high + span * 0.08];
  const x = (v: number) => left + ((v - min) / (max - min)) * (right - left);
  const withOwn = chart.bars.some((b) => b.own != null);

  const axis = (top: number, bottom: number) => {
    doc.lineWidth(0.5).strokeColor(COLOURS.muted).moveTo(left, bottom).lineTo(right, bottom).stroke();
    doc.font('body', 6.5).fillColor(COLOURS.muted);
    for (let i = 0; i <= 4; i++) {
      const v = min + ((max - min) * i) / 4;
      doc.moveTo(x(v), top).lineTo(x(v), bottom).dash(1, { space: 2 }).stroke().undash();
      doc.text(figures.format(v), x(v) - 40, bottom + 3, { width: 80, align: 'center', lineBreak: false });
    }
  };
  const legend = (y: number) => {
    doc.font('body', 7.5);
    doc.rect(MARGIN, y, 18, 8).fill(COLOURS.bar);
    doc.fillColor(COLOURS.text).text('P25–P75', MARGIN + 22, y, { lineBreak: false });
    doc
      .lineWidth(2)
      .strokeColor(COLOURS.median)
      .moveTo(MARGIN + 90, y - 2)
      .lineTo(MARGIN + 90, y + 10)
      .stroke();
    doc.text('P50', MARGIN + 96, y, { lineBreak: false });
    if (!withOwn) return;
    doc.circle(MARGIN + 140, y + 4, 3).fill(COLOURS.own);
    doc.fillColor(COLOURS.text).text(ownLabel, MARGIN + 147, y, { lineBreak: false });
  };

  const draw = () => {
    for (let page = 0; page < pages; page++) {
      newPage(doc, 'portrait');
      doc.font('bold', 12).fillColor(COLOURS.text).text(chart.heading, MARGIN, MARGIN, { width });
      legend(MARGIN + headingHeight);
      const top = MARGIN + headingHeight + LEGEND;
      const bars = chart.bars.slice(page * perPage, (page + 1) * perPage);
      bars.forEach((bar, i) => {
        const mid = top + i * ROW + ROW / 2;
        doc
          .font('body', 7.5)
          .fillColor(COLOURS.text)
          .text(bar.label, MARGIN, mid - 4.5, { width: LABEL_WIDTH, ellipsis: true, lineBreak: false });
        doc.rect(x(bar.p25), mid - 4, Math.max(1, x(bar.p75) - x(bar.p25)), 8).fill(COLOURS.bar);
        doc
          .lineWidth(2)
          .strokeColor(COLOURS.median)
          .moveTo(x(bar.p50), mid - 6)
          .lineTo(x(bar.p50), mid + 6)
          .stroke();
        if (bar.own != null) doc.circle(x(bar.own), mid, 3).fill(COLOURS.own);
      });
      axis(top, top + bars.length * ROW);
    }
    doc.strokeColor(COLOURS.text).lineWidth(1);
  };
  return { pages, draw };
}
