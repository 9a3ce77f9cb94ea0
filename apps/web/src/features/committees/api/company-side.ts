import type { Role } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../../lib/auth.ts';

/** The company's own contracts: ceo and trusted act for their company under their own prefix. */
export type ManagerPrefix = 'ceo' | 'trusted';
/** Requests and memberships: the person's own (/user), or their company's for ceo and trusted. */
export type ReaderPrefix = 'user' | ManagerPrefix;

export const managerPrefix = (role: Role | undefined): ManagerPrefix | undefined => (role === 'ceo' || role === 'trusted' ? role : undefined);

/** The caller's company prefix, or undefined for an employee (who acts only for themselves). */
export const useManagerPrefix = (): ManagerPrefix | undefined => managerPrefix(useCurrentUser()?.role);

/** Whose requests and memberships the caller follows: their company's (ceo, trusted) or their own. */
export const useReaderPrefix = (): ReaderPrefix => useManagerPrefix() ?? 'user';

/** The root of every query of the company's committee pages and home card: a change anywhere refreshes them all. */
export const COMPANY_CWG_KEY = ['committees', 'company'] as const;

export function useInvalidateCompanyCwg(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: COMPANY_CWG_KEY });
}
