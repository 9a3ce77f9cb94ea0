import { type Committee, MEMBER_POSITIONS } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** The committees' words that the staff's and the companies' pages both show, in the page's language. */
export function useCommitteeLabels() {
  const { t, i18n } = useTranslation();
  const name = (committee: Pick<Committee, 'nameEn' | 'nameRu'>) => (i18n.language === 'ru' ? committee.nameRu : committee.nameEn);
  return {
    /** A committee's or group's name in the page's language. */
    name,
    /** A member's position: one of MEMBER_POSITIONS in words, or the free title as it was typed. */
    position: (position: string) => ((MEMBER_POSITIONS as readonly string[]).includes(position) ? t(`committees:positions.${position}`) : position),
    requestStatus: (status: string) => t(`committees:staff.requests.statuses.${status}`, { defaultValue: status }),
  };
}

export const personName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;

/** Today in the browser's time zone as an ISO day ('YYYY-MM-DD'), as terms are written. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
