import type { ReportLanguage, ReportType, StatCellValues, StatDomain, SuppressReason } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';

/**
 * A report as content, whatever its format: the report builders (report-content/) make it from a frozen snapshot, the
 * xlsx and PDF renderers (render/) draw it. Every word in it is already in the report's language.
 */
export interface ReportDocument {
  type: ReportType;
  language: ReportLanguage;
  title: string;
  /** The period and the effective date, under the title. */
  subtitle: string;
  /** Printed on every page and sheet ("Confidential: …"); the reader's own mark is stamped at download (watermark.ts). */
  confidentiality: string;
  sections: ReportSection[];
}

export type ReportSection = TextSection | TableSection | RangeChartSection;

export interface TextSection {
  kind: 'text';
  heading: string;
  paragraphs: string[];
}

/** A value a table shows; a suppressed statistic shows why instead of a number, never a blank. */
export type CellValue = string | number | null | { suppressed: SuppressReason; label: string };

export interface TableColumn {
  key: string;
  label: string;
  /**
   * How its numbers show: `pct` to 0.1, `int`, `money` and `ratio` whole; `figure` as the figure was rounded, whole or
   * to 0.1 (a column whose rows mix counts, amounts and shares).
   */
  format: 'text' | 'int' | 'money' | 'pct' | 'ratio' | 'figure';
}

export interface TableSection {
  kind: 'table';
  heading: string;
  /** In the xlsx, a table gets a sheet of its own when it names one (the full report: a sheet per job group). */
  sheet?: string;
  columns: TableColumn[];
  rows: Record<string, CellValue>[];
  /** Footnotes under the table (the suppression legend, the weighting). */
  notes?: string[];
}

/** P25–P75 bars with a median tick, and optionally the reader's company's own dot (design §3.1, §3.4). */
export interface RangeChartSection {
  kind: 'range_chart';
  heading: string;
  /** How the figures read: amounts (the default) or percentages. */
  format?: 'money' | 'pct';
  bars: { label: string; p25: number; p50: number; p75: number; own?: number | null }[];
}

/** What a report builder reads: one frozen snapshot with the period's catalogues (statistics/snapshot.repository.ts loads it). */
export interface SnapshotData {
  snapshotId: number;
  period: { id: number; code: string; titleEn: string; titleRu: string; effectiveDate: string; bonusYear: number };
  rules: AnonymityRules;
  createdAt: Date;
  participants: { id: number; name: string }[];
  cells: StatCellValues[];
  positions: { id: number; code: string; titleEn: string; titleRu: string; jobGroupId: number; careerLevel: string; isField: boolean }[];
  jobGroups: { id: number; nameEn: string; nameRu: string }[];
  regions: { id: number; nameEn: string; nameRu: string }[];
  /** The earlier periods whose headline figures the trend cells copy, oldest first. */
  trendPeriods: { id: number; code: string; titleEn: string; titleRu: string; effectiveDate: string }[];
  /** The car models the typical-model cells count. */
  carModels: { id: number; make: string; model: string; carClass: string }[];
}

/** A participant's own figures for its company report, in the same cuts and metrics as the snapshot's cells. */
export interface OwnFigure {
  domain: StatDomain;
  metric: string;
  positionId: number | null;
  regionId: number | null;
  /** A turnover figure's job group (null: the whole company), as its cells have it. */
  jobGroupId?: number | null;
  /** A benchmark figure's category, as its cells have it. */
  category?: string | null;
  value: string;
}
