import type { Report } from '@portal/shared';
import type { ReportType } from '@portal/shared/reports-model';
import { useTranslation } from 'react-i18next';

/** How the access screen names what a grant opens: a type's every edition, or one edition (found among the period's). */
export function useGrantLabels(editions: readonly Report[]) {
  const { t } = useTranslation();
  const typeName = (type: ReportType) => t(`reports:reportType.${type}`);
  return {
    subject: (s: { reportId?: number | null; reportType?: ReportType | null }): string => {
      if (!s.reportId) return t('reports:grants.allEditions', { type: typeName(s.reportType ?? 'general') });
      const r = editions.find((e) => e.id === s.reportId);
      if (!r) return t('reports:grants.editionUnknown', { id: s.reportId });
      return t('reports:grants.edition', {
        type: r.type === 'company' && r.companyName ? `${typeName(r.type)} (${r.companyName})` : typeName(r.type),
        language: t(`reports:language.${r.language}`),
        format: t(`reports:format.${r.format}`),
        version: r.version,
      });
    },
  };
}
