import { type Committee, isNamedPosition, type RequestStatus } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { termKind, today } from './membership-term.ts';

type Named = Pick<Committee, 'nameEn' | 'nameRu'>;

/** A day of a term ('YYYY-MM-DD'), in the page's language; read in UTC so it is the same day in every time zone. */
export const formatDay = (day: string): string => formatDate(`${day.slice(0, 10)}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });

export const personName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;

/** The committees' words that the staff's and the companies' pages both show, in the page's language. */
export function useCommitteeLabels() {
  const { t, i18n } = useTranslation();
  const ru = i18n.language === 'ru';
  const name = (c: Named) => (ru ? c.nameRu : c.nameEn);
  return {
    /** A committee's or group's name in the page's language. */
    name,
    details: (c: { detailsEn: string; detailsRu: string }) => (ru ? c.detailsRu : c.detailsEn),
    /** A group's name with its committee's ("Pricing — Market access"). */
    fullName: (c: Named & { parentId: number | null }, parent: Named | undefined) =>
      parent && c.parentId !== null ? t('committees:company.groupOf', { group: name(c), committee: name(parent) }) : name(c),
    /** A member's position: one of MEMBER_POSITIONS in words, or the free title as it was typed. */
    position: (position: string) => (isNamedPosition(position) ? t(`committees:positions.${position}`) : position),
    requestStatus: (status: RequestStatus) => t(`committees:requestStatuses.${status}`),
    term: (since: string, until: string | null) =>
      t(`committees:company.term.${termKind(since, until, today())}`, { since: formatDay(since), until: until ? formatDay(until) : '' }),
  };
}
