import { liveTopic } from '@portal/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { DASHBOARD_KEY } from '../../../lib/dashboard.ts';
import { useLiveTopic } from '../../../lib/live.ts';
import type { StaffPrefix } from './prefix.ts';

export const dashboardQuery = (prefix: StaffPrefix) =>
  queryOptions({
    // Under ORG_KEY, so every organisation change refreshes it too.
    queryKey: [...DASHBOARD_KEY, prefix],
    // The navigation's counts: the endpoint is imported on use (lib/shell-endpoints.ts).
    queryFn: async ({ signal }) => callEndpoint((await import('../../../lib/shell-endpoints.ts')).organisation.dashboard[prefix], { signal }),
    staleTime: 30_000,
  });

/**
 * GET /{admin|aipm}/dashboard: pending requests, unviewed log entries (people, committees), open membership requests,
 * membership size; read again whenever a change it counts is made, on any app server (the live topic `dashboard`).
 */
export function useDashboard(prefix: StaffPrefix, enabled = true) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...DASHBOARD_KEY, prefix] });
  useLiveTopic(enabled ? liveTopic.dashboard : null, { onReady: refresh, onChanged: refresh });
  return useQuery({ ...dashboardQuery(prefix), enabled });
}
