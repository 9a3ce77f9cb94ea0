import type { Role, STAFF_API_PREFIXES } from '@portal/shared';
import { useCurrentUser } from './auth.ts';

/** The key of the per-prefix staff contracts: 'admin' for admin, 'aipm' for the association's staff. */
export type StaffPrefix = (typeof STAFF_API_PREFIXES)[number];

export const staffPrefix = (role: Role | undefined): StaffPrefix => (role === 'admin' ? 'admin' : 'aipm');

/** The current staff user's contract prefix (the area's guard has loaded the user). */
export function useStaffPrefix(): StaffPrefix {
  return staffPrefix(useCurrentUser()?.role);
}
