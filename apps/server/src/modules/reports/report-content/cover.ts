import type { ReportType, SizeBand, StatCellValues } from '@portal/shared/reports-model';
import type { ReportDocument, ReportSection, SnapshotData, TableSection, TextSection } from '../report-document.ts';
import type { ReportWords } from './report-words.ts';

/** The title, subtitle and confidentiality line every report opens with; a table or chart with nothing in it is left out. */
export function reportFrame(
  type: ReportType,
  data: SnapshotData,
  w: ReportWords,
  sections: ReportSection[],
  titleParams: Record<string, string> = {},
): ReportDocument {
  const period = w.language === 'ru' ? data.period.titleRu : data.period.titleEn;
  return {
    type,
    language: w.language,
    title: w.t(`title.${type}`, { period, ...titleParams }),
    subtitle: w.t('subtitle', { date: w.date(data.period.effectiveDate), count: data.participants.length }),
    confidentiality: w.t('confidentiality'),
    sections: sections.filter((s) => (s.kind === 'table' ? s.rows.length > 0 : s.kind === 'range_chart' ? s.bars.length > 0 : true)),
  };
}

/** Methodology (design §3.1–3.3): what the figures are, how they were computed and which anonymity rules hid what. */
export function methodology(data: SnapshotData, w: ReportWords, extra: string[] = []): TextSection {
  const r = data.rules;
  return {
    kind: 'text',
    heading: w.t('methodology.heading'),
    paragraphs: [
      w.t('methodology.effectiveDate', { date: w.date(data.period.effectiveDate), frozen: w.date(data.createdAt) }),
      w.t('methodology.currency'),
      w.t('methodology.definitions'),
      w.t('methodology.unit'),
      w.t('methodology.percentiles'),
      w.t('methodology.weighting'),
      w.t('methodology.anonymity', {
        minCompanies: r.minCompanies,
        minIncumbents: r.minIncumbents,
        minCompaniesTail: r.minCompaniesP10P90,
        minIncumbentsTail: r.minIncumbentsP10P90,
        maxShare: r.maxCompanySharePct,
      }),
      w.t('methodology.participants', { count: data.participants.length }),
      ...extra,
    ],
  };
}

/** The participants by name: usual in such surveys, and it reveals no figure. */
export function participantList(data: SnapshotData, w: ReportWords): TableSection {
  const collator = new Intl.Collator(w.language);
  return {
    kind: 'table',
    heading: w.t('participants.heading'),
    columns: [{ key: 'company', label: w.t('participants.company'), format: 'text' }],
    rows: [...data.participants].sort((a, b) => collator.compare(a.name, b.name)).map((p) => ({ company: p.name })),
  };
}

export const sizeBandLabel = (band: SizeBand, w: ReportWords) => w.t('cut.sizeBand', { band: w.t(`sizeBand.${band}`) });

/** Where a cell's figures come from: a region, a company size band, or the whole country. */
export function cutLabel(cell: Pick<StatCellValues, 'regionId' | 'sizeBand'>, w: ReportWords): string {
  if (cell.regionId !== null) return w.region(cell.regionId);
  if (cell.sizeBand !== null) return sizeBandLabel(cell.sizeBand, w);
  return w.t('cut.allRussia');
}
