import { API_PREFIX_OF, type ApiPrefix, type Role } from '@portal/shared';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';
import { useCurrentUser } from '../../../lib/auth.ts';

export { type StaffPrefix, useStaffPrefix } from '../../../lib/api-prefix.ts';

/** The key of the per-prefix contracts that a role calls. */
export type OrgPrefix = ApiPrefix;

export const orgPrefix = (role: Role | undefined): OrgPrefix | undefined => (role ? API_PREFIX_OF[role] : undefined);

export const isStaffPrefix = (prefix: OrgPrefix): prefix is StaffPrefix => prefix === 'admin' || prefix === 'aipm';

/** The current user's contract prefix (the area's guard has loaded the user; staff's as the fallback). */
export function useOrgPrefix(): OrgPrefix {
  return orgPrefix(useCurrentUser()?.role) ?? 'aipm';
}

/** The root of every organisation query: a change anywhere refreshes the lists and the counts. */
export const ORG_KEY = ['organisation'] as const;
