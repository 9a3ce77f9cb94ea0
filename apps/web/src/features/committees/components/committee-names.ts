import type { Committee } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useOwnCommittees } from '../api/own-committees.ts';
import { useCommitteeLabels } from './labels.ts';

/**
 * Names of committees and groups as the membership pages write them, a group with its committee; the names come with
 * the active committees the pages already know. A committee known by its id only and no longer active says so.
 */
export function useCommitteeNames(): (committee: Committee | number) => string {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const own = useOwnCommittees();
  const byId = new Map<number, Committee>((own.data ?? []).map((c) => [c.id, c]));
  return (committee) => {
    const c = typeof committee === 'number' ? byId.get(committee) : committee;
    if (!c) return t('committees:company.membership.inactiveCommittee');
    return labels.fullName(c, c.parentId === null ? undefined : byId.get(c.parentId));
  };
}
