import { MEMBER_POSITIONS, type RequestStatus } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { termKind, today } from './membership-term.ts';

/** A day of a term ('YYYY-MM-DD'), in the page's language; read in UTC so it is the same day in every time zone. */
export const formatDay = (day: string): string => formatDate(`${day.slice(0, 10)}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });

type Named = { nameEn: string; nameRu: string };

export const isNamedPosition = (position: string): boolean => (MEMBER_POSITIONS as readonly string[]).includes(position);

/** The words of the company's committee pages for names, details, positions, statuses and terms, in the page's language. */
export function useCompanyCwgLabels() {
  const { t, i18n } = useTranslation();
  const ru = i18n.language === 'ru';
  return {
    name: (c: Named) => (ru ? c.nameRu : c.nameEn),
    details: (c: { detailsEn: string; detailsRu: string }) => (ru ? c.detailsRu : c.detailsEn),
    /** A group's name with its committee's ("Pricing — Market access"). */
    fullName: (c: Named & { parentId: number | null }, parent: Named | undefined) =>
      parent && c.parentId !== null
        ? t('committees:company.groupOf', { group: ru ? c.nameRu : c.nameEn, committee: ru ? parent.nameRu : parent.nameEn })
        : ru
          ? c.nameRu
          : c.nameEn,
    /** One of the named positions in the page's language, or the free title as written. */
    position: (position: string) => (isNamedPosition(position) ? t(`committees:company.positions.${position}`) : position),
    status: (status: RequestStatus) => t(`committees:company.status.${status}`),
    term: (since: string, until: string | null) =>
      t(`committees:company.term.${termKind(since, until, today())}`, { since: formatDay(since), until: until ? formatDay(until) : '' }),
  };
}

export const personName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;
