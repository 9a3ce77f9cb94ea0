import { useQueryClient } from '@tanstack/react-query';

export { type StaffPrefix, useStaffPrefix } from '../../../lib/api-prefix.ts';

/** The root of every report staff query: a change anywhere refreshes the editions, the tasks and the statistics. */
export const REPORTS_ADMIN_KEY = ['reportsAdmin'] as const;

export function useInvalidateReportsAdmin(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: REPORTS_ADMIN_KEY });
}
