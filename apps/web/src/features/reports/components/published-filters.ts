import {
  REPORT_FORMATS,
  REPORT_LANGUAGES,
  REPORT_TYPES,
  type ReportFormat,
  type ReportLanguage,
  type ReportType,
} from '@portal/shared/reports-model';

/** The report history's filters, as the page's URL holds them (?period=&type=&language=&format=). */
export interface PublishedFilterValues {
  periodId?: number;
  type?: ReportType;
  language?: ReportLanguage;
  format?: ReportFormat;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** The filters a URL asks for; anything unknown (an old link, a typo) is no filter rather than an error. */
export function readFilters(params: URLSearchParams): PublishedFilterValues {
  const period = Number(params.get('period'));
  return {
    periodId: Number.isInteger(period) && period > 0 ? period : undefined,
    type: oneOf(REPORT_TYPES, params.get('type')),
    language: oneOf(REPORT_LANGUAGES, params.get('language')),
    format: oneOf(REPORT_FORMATS, params.get('format')),
  };
}

/** The URL's search params for the filters, leaving out those not set. */
export function writeFilters(filters: PublishedFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.periodId) params.set('period', String(filters.periodId));
  if (filters.type) params.set('type', filters.type);
  if (filters.language) params.set('language', filters.language);
  if (filters.format) params.set('format', filters.format);
  return params;
}

export const hasFilters = (filters: PublishedFilterValues): boolean => Object.values(filters).some((v) => v !== undefined);
