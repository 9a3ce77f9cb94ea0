import { LOCALE_TAG } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { ReportLanguage } from '@portal/shared/reports-model';
import type { SnapshotData } from '../report-document.ts';

type Params = Record<string, string | number>;

/** The words of one report: the reportDoc catalogue and the snapshot's catalogues, in the report's language. */
export interface ReportWords {
  language: ReportLanguage;
  t(key: string, params?: Params): string;
  /** A catalogue word where there is one (benchmark items, choices), else the key itself: staff may add items the catalogue does not name. */
  tOr(key: string, fallback: string): string;
  position(id: number): string;
  region(id: number): string;
  jobGroup(id: number): string;
  /** A date (YYYY-MM-DD or an instant) as the report's readers write it. */
  date(value: string | Date): string;
}

export function reportWords(data: SnapshotData, language: ReportLanguage): ReportWords {
  const t = (key: string, params?: Params) => translate(language, `reportDoc.${key}`, params);
  const ru = language === 'ru';
  const byId = <T extends { id: number }>(rows: T[], name: (row: T) => string) => {
    const names = new Map(rows.map((r) => [r.id, name(r)]));
    return (id: number) => names.get(id) ?? String(id);
  };
  const dateFormat = new Intl.DateTimeFormat(LOCALE_TAG[language], { dateStyle: 'long', timeZone: 'UTC' });
  return {
    language,
    t,
    tOr: (key, fallback) => {
      const word = t(key);
      return word === `reportDoc.${key}` ? fallback : word;
    },
    position: byId(data.positions, (p) => (ru ? p.titleRu : p.titleEn)),
    region: byId(data.regions, (r) => (ru ? r.nameRu : r.nameEn)),
    jobGroup: byId(data.jobGroups, (g) => (ru ? g.nameRu : g.nameEn)),
    date: (value) => dateFormat.format(typeof value === 'string' ? new Date(value) : value),
  };
}
