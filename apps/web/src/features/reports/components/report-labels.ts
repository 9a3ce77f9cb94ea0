import type { PublishedReport } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** The words the history shows for a report: its type (with the company for a company report), language, format, period. */
export function useReportLabels() {
  const { t, i18n } = useTranslation();
  return {
    report: (r: Pick<PublishedReport, 'type' | 'companyName'>) =>
      r.type === 'company' && r.companyName ? t('reports:published.companyReport', { company: r.companyName }) : t(`reports:reportType.${r.type}`),
    language: (language: PublishedReport['language']) => t(`reports:language.${language}`),
    format: (format: PublishedReport['format']) => t(`reports:format.${format}`),
    period: (p: Pick<PublishedReport, 'periodCode' | 'periodTitleEn' | 'periodTitleRu'>) =>
      i18n.language === 'ru' ? p.periodTitleRu : p.periodTitleEn,
  };
}
