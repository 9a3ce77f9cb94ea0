import { COMPANY_ROLES, type Role } from '@portal/shared';
import type { ComponentType } from 'react';

export interface HomeCardEntry {
  id: string;
  /** Who sees the card: an area the person cannot use shows none. */
  roles: readonly Role[];
  card: () => Promise<{ default: ComponentType }>;
}

/**
 * The cards of the members' home page, in the order shown. Each area adds its own here (its card lives in its
 * feature), so the page never changes when an area arrives.
 */
export const HOME_CARDS: readonly HomeCardEntry[] = [
  { id: 'voting', roles: COMPANY_ROLES, card: () => import('../features/voting/components/voting-home-card.tsx') },
  { id: 'events', roles: COMPANY_ROLES, card: () => import('../features/content/components/events-home-card.tsx') },
  { id: 'committees', roles: COMPANY_ROLES, card: () => import('../features/committees/components/committees-home-card.tsx') },
  { id: 'surveys', roles: COMPANY_ROLES, card: () => import('../features/survey-access/components/surveys-home-card.tsx') },
  { id: 'reports', roles: COMPANY_ROLES, card: () => import('../features/reports/components/reports-home-card.tsx') },
  { id: 'digest', roles: COMPANY_ROLES, card: () => import('../features/content/components/digest-home-card.tsx') },
];
