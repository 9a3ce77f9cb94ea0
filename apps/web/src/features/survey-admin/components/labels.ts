import type { SurveyPeriod } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';

/** A day ('YYYY-MM-DD') in the page's language, read in UTC so it is the same day in every time zone. */
export const formatDay = (day: string): string => formatDate(`${day.slice(0, 10)}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });

/** A period's title in the page's language. */
export function usePeriodTitle(): (p: Pick<SurveyPeriod, 'titleEn' | 'titleRu'>) => string {
  const { i18n } = useTranslation();
  return (p) => (i18n.language === 'ru' ? p.titleRu : p.titleEn);
}
