import { API_PREFIX_OF, type ApiPrefix, type Role, type STAFF_API_PREFIXES } from '@portal/shared';
import { useCurrentUser } from '../../../lib/auth.ts';

/** The key of the per-prefix contracts that a role calls. */
export type OrgPrefix = ApiPrefix;
export type StaffPrefix = (typeof STAFF_API_PREFIXES)[number];

export const orgPrefix = (role: Role | undefined): OrgPrefix | undefined => (role ? API_PREFIX_OF[role] : undefined);

export const isStaffPrefix = (prefix: OrgPrefix): prefix is StaffPrefix => prefix === 'admin' || prefix === 'aipm';

/** The current user's contract prefix (the area's guard has loaded the user; staff's as the fallback). */
export function useOrgPrefix(): OrgPrefix {
  return orgPrefix(useCurrentUser()?.role) ?? 'aipm';
}

/** For staff-only screens: admin's or staff's prefix. */
export function useStaffPrefix(): StaffPrefix {
  const prefix = useOrgPrefix();
  return prefix === 'admin' ? 'admin' : 'aipm';
}

/** The root of every organisation query: a change anywhere refreshes the lists and the counts. */
export const ORG_KEY = ['organisation'] as const;
