import { REPORT_LANGUAGES } from '@portal/shared/reports-model';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/pdf-text.ts';
import { SAMPLE_OWN, sampleSnapshot } from '../../../../test/report-fixtures.ts';
import { companyReport } from '../report-content/company.ts';
import { fullReport } from '../report-content/full.ts';
import { generalReport } from '../report-content/general.ts';
import { renderPdf } from './pdf.ts';
import { stampPdf, stampXlsx } from './watermark.ts';
import { COVER_MARK_ROW, renderXlsx } from './xlsx.ts';

const readXlsx = async (buffer: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return wb;
};
const mark = { name: 'Иван Петров', company: 'ООО Фармамед', issuedAt: new Date(Date.UTC(2026, 9, 5)), language: 'ru' as const };

describe('the xlsx renderer', () => {
  it('writes a cover, a sheet per table with a frozen, filtered, formatted header, and the charts with data bars', async () => {
    const doc = fullReport(sampleSnapshot(), 'en');
    const wb = await readXlsx(await renderXlsx(doc));
    // A sheet's name is cut to Excel's 31 characters.
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Cover', 'Participants', 'Sales', 'Marketing', 'Allowance prevalence by job gro', 'Charts']);
    const cover = wb.getWorksheet('Cover')!;
    expect(cover.getCell(1, 1).value).toBe('Salary survey 2026: full report');
    expect(String(cover.getCell(3, 1).value)).toContain('Confidential');
    expect(cover.getColumn(1).values.join(' ')).toContain('PERCENTILE.INC');

    const sales = wb.getWorksheet('Sales')!;
    expect(sales.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(sales.autoFilter).toBeTruthy();
    expect(sales.headerFooter.oddHeader).toContain('Confidential');
    const header = sales.getRow(2);
    expect(header.getCell(1).value).toBe('Position');
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(header.getCell(1).fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    // Moscow's base salary: its P25 a formatted number, its P10 hidden with its reason in grey italics.
    const moscow = sales.getRow(3);
    expect(moscow.getCell(2).value).toBe('Moscow');
    expect(moscow.getCell(9).value).toBe(144_000);
    expect(moscow.getCell(9).numFmt).toBe('#,##0');
    expect(moscow.getCell(8).value).toBe('n<10');
    expect(moscow.getCell(8).font).toMatchObject({ italic: true });
    const notes = sales.getColumn(1).values.join(' ');
    expect(notes).toContain('n<5: fewer than 5 companies');

    const charts = wb.getWorksheet('Charts')!;
    expect(charts.getCell(1, 1).value).toBe('Sales: base salary P25–P75 by career level, all Russia');
    expect(charts.getRow(3).values).toEqual([undefined, 'P1 Medical Representative', 135_000, 150_000, 165_000]);
  });

  it('formats percentages and compa-ratios by their column', async () => {
    const wb = await readXlsx(await renderXlsx(companyReport(sampleSnapshot(), SAMPLE_OWN, 'Alpha Bio', 'en')));
    const others = wb.worksheets.find((ws) => ws.getCell(1, 1).value === 'Your turnover, increase budget and policies against the market')!;
    expect(others.getRow(3).getCell(4)).toMatchObject({ value: 25, numFmt: '0.0' });
    expect(others.getRow(3).getCell(8)).toMatchObject({ value: 138.9, numFmt: '0' });
  });

  it('stamps the reader on the cover and in every sheet footer, keeping the rest', async () => {
    const plain = await renderXlsx(generalReport(sampleSnapshot(), 'ru'));
    const wb = await readXlsx(await stampXlsx(plain, mark));
    expect(wb.worksheets[0]!.getCell(COVER_MARK_ROW, 1).value).toBe('Выдано: Иван Петров, ООО Фармамед, 5 октября 2026 г.');
    for (const ws of wb.worksheets) {
      expect(ws.headerFooter.oddFooter).toContain('Иван Петров');
      expect(ws.headerFooter.oddHeader).toContain('Конфиденциально');
    }
    expect(wb.worksheets.map((ws) => ws.name)).toEqual((await readXlsx(plain)).worksheets.map((ws) => ws.name));
    expect(wb.worksheets[3]!.getRow(2).getCell(1).value).toBe('Должность');
  });

  it('gives a chart of percentages a percentage format', async () => {
    const wb = await readXlsx(await renderXlsx(generalReport(sampleSnapshot(), 'en')));
    const charts = wb.getWorksheet('Charts')!;
    const trend = charts.getColumn(1).values.indexOf('2025 · Field force');
    expect(charts.getRow(trend).getCell(3)).toMatchObject({ value: 7, numFmt: '0.0' });
    expect(charts.getRow(3).getCell(3).numFmt).toBe('#,##0');
  });
});

describe.each(REPORT_LANGUAGES)('the PDF renderer in %s', (language) => {
  it('renders every report with its Cyrillic text, page numbers and confidentiality line; the stamp adds to every page', async () => {
    const data = sampleSnapshot();
    const pdf = await renderPdf(companyReport(data, SAMPLE_OWN, 'ООО Фармамед', language));
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const text = await pdfText(pdf);
    expect(text).toMatch(/ООО\s+Фармамед/);
    expect(text).toContain(language === 'ru' ? `Страница ${pages} из ${pages}` : `Page ${pages} of ${pages}`);
    expect(text).toContain(language === 'ru' ? 'Медицинский представитель' : 'Medical Representative');
    expect(text).toContain('n<5');

    const stamped = await stampPdf(pdf, { ...mark, language });
    expect((await PDFDocument.load(stamped)).getPageCount()).toBe(pages);
    const line = language === 'ru' ? 'Выдано: Иван Петров, ООО Фармамед' : 'Issued to Иван Петров, ООО Фармамед';
    expect((await pdfText(stamped)).split(line).length - 1).toBe(pages);
  });

  it('renders the general and full reports, a table running over pages repeating its header', async () => {
    const data = sampleSnapshot();
    const general = await renderPdf(generalReport(data, language));
    for (const pdf of [general, await renderPdf(fullReport(data, language))]) expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(2);
    const headings = await pdfText(general);
    for (const heading of language === 'ru' ? ['Профиль участников', 'Динамика ключевых показателей'] : ['Participant profile', 'Five-year trend'])
      expect(headings).toContain(heading);
    data.participants = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Компания ${i}` }));
    const text = await pdfText(await renderPdf(generalReport(data, language)));
    const heading = language === 'ru' ? 'Компания' : 'Company';
    expect(text.split('\n').filter((l) => l.trim() === heading).length).toBeGreaterThan(1);
  });
});
