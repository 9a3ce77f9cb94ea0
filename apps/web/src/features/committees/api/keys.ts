import { useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_KEY } from '../../../lib/dashboard.ts';

export { type StaffPrefix, useStaffPrefix } from '../../../lib/api-prefix.ts';

/** The root of every committees query: a change anywhere refreshes the lists, the counts and the log. */
export const COMMITTEES_KEY = ['committees'] as const;

/** Refreshes every committees query and the navigation's counts (unviewed log entries, open requests) after a change. */
export function useInvalidateCommittees(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: COMMITTEES_KEY }), client.invalidateQueries({ queryKey: DASHBOARD_KEY })]);
  };
}
