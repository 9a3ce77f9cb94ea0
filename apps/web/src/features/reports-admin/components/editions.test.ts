import type { Report } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { companyRows, durationSeconds, editionRows, isBuilding, mayConvert, mayCreate, mayGenerate, periodReportTypes } from './editions.ts';

let nextId = 1;
const report = (over: Partial<Report>): Report => ({
  id: nextId++,
  periodId: 1,
  type: 'general',
  companyId: null,
  companyName: null,
  language: 'en',
  format: 'xlsx',
  version: 1,
  status: 'ready',
  snapshotId: 1,
  fileName: null,
  size: null,
  pdfSourceReportId: null,
  generatedAt: null,
  publishedAt: null,
  downloads: 0,
  taskId: null,
  ...over,
});

describe('the editions table', () => {
  it('offers the market reports of a salary period and the credit report of a credit one', () => {
    expect(periodReportTypes('salary')).toEqual(['general', 'car', 'full']);
    expect(periodReportTypes('credit')).toEqual(['credit']);
  });

  it('has a line per type and language with its newest Excel edition and the PDF made from that edition only', () => {
    const old = report({ version: 1 });
    const oldPdf = report({ format: 'pdf', pdfSourceReportId: old.id });
    const current = report({ version: 2 });
    const ru = report({ language: 'ru', status: 'draft' });
    const company = report({ type: 'company', companyId: 5, companyName: 'Acme', version: 3 });
    const rows = editionRows([old, oldPdf, current, ru, company], ['general', 'car']);
    expect(rows.map((r) => [r.type, r.language, r.xlsx?.id, r.pdf?.id])).toEqual([
      ['general', 'en', current.id, undefined],
      ['general', 'ru', ru.id, undefined],
      ['car', 'en', undefined, undefined],
      ['car', 'ru', undefined, undefined],
    ]);
    const currentPdf = report({ format: 'pdf', pdfSourceReportId: current.id });
    expect(editionRows([old, oldPdf, current, currentPdf], ['general'])[0]?.pdf?.id).toBe(currentPdf.id);
  });

  it('creates the first edition once statistics are frozen, and a new one on newer statistics or after a withdrawal', () => {
    expect(mayCreate({ type: 'general', xlsx: undefined }, null)).toBe(false);
    expect(mayCreate({ type: 'general', xlsx: undefined }, 1)).toBe(true);
    expect(mayCreate({ type: 'general', xlsx: report({ snapshotId: 1, status: 'published' }) }, 1)).toBe(false);
    expect(mayCreate({ type: 'general', xlsx: report({ snapshotId: 1 }) }, 2)).toBe(true);
    expect(mayCreate({ type: 'general', xlsx: report({ snapshotId: 1, status: 'queued', taskId: 3 }) }, 2)).toBe(false);
    expect(mayCreate({ type: 'general', xlsx: report({ snapshotId: 2, status: 'withdrawn' }) }, 2)).toBe(true);
    // The credit report needs no statistics.
    expect(mayCreate({ type: 'credit', xlsx: undefined }, null)).toBe(true);
    expect(mayCreate({ type: 'credit', xlsx: report({ type: 'credit', snapshotId: null }) }, null)).toBe(false);
  });

  it('generates a draft or retries a failed build, never while one runs', () => {
    expect(mayGenerate(report({ status: 'draft' }))).toBe(true);
    expect(mayGenerate(report({ status: 'failed' }))).toBe(true);
    expect(mayGenerate(report({ status: 'draft', taskId: 4 }))).toBe(false);
    expect(mayGenerate(report({ status: 'ready' }))).toBe(false);
    expect(mayGenerate(undefined)).toBe(false);
    expect(isBuilding(report({ status: 'generating' }))).toBe(true);
  });

  it('converts a ready Excel edition without a PDF, or whose PDF failed', () => {
    const xlsx = report({ status: 'ready' });
    expect(mayConvert({ xlsx, pdf: undefined })).toBe(true);
    expect(mayConvert({ xlsx, pdf: report({ format: 'pdf', status: 'failed' }) })).toBe(true);
    expect(mayConvert({ xlsx, pdf: report({ format: 'pdf', status: 'ready' }) })).toBe(false);
    expect(mayConvert({ xlsx, pdf: report({ format: 'pdf', status: 'queued', taskId: 9 }) })).toBe(false);
    expect(mayConvert({ xlsx: report({ status: 'draft' }), pdf: undefined })).toBe(false);
    expect(mayConvert({ xlsx: report({ status: 'published' }), pdf: undefined })).toBe(true);
  });
});

describe('the company reports', () => {
  it('have a row per participant, by name, with its newest Excel edition in each language', () => {
    const rows = companyRows([
      report({ type: 'company', companyId: 2, companyName: 'Beta', language: 'en', version: 1 }),
      report({ type: 'company', companyId: 2, companyName: 'Beta', language: 'en', version: 2, status: 'draft' }),
      report({ type: 'company', companyId: 1, companyName: 'Alpha', language: 'ru' }),
      report({ type: 'company', companyId: 1, companyName: 'Alpha', language: 'ru', format: 'pdf' }),
      report({ type: 'general' }),
    ]);
    expect(rows.map((r) => [r.companyName, r.editions.en?.version, r.editions.ru?.format])).toEqual([
      ['Alpha', undefined, 'xlsx'],
      ['Beta', 2, undefined],
    ]);
    expect(rows[1]?.editions.en?.status).toBe('draft');
  });
});

describe('a run’s duration', () => {
  const start = '2026-03-01T10:00:00.000Z';
  it('counts to its end, or to now while it runs; none before it starts', () => {
    expect(durationSeconds({ startedAt: start, finishedAt: '2026-03-01T10:01:05.400Z' }, 0)).toBe(65);
    expect(durationSeconds({ startedAt: start, finishedAt: null }, Date.parse(start) + 12_000)).toBe(12);
    expect(durationSeconds({ startedAt: null, finishedAt: null }, Date.parse(start))).toBeNull();
  });
});
