import { organisation } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { ORG_KEY, type StaffPrefix } from './prefix.ts';

export const dashboardQuery = (prefix: StaffPrefix) =>
  queryOptions({
    queryKey: [...ORG_KEY, 'dashboard', prefix],
    queryFn: ({ signal }) => callEndpoint(organisation.dashboard[prefix], { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** GET /{admin|aipm}/dashboard: pending requests, unviewed log entries, membership size. */
export const useDashboard = (prefix: StaffPrefix, enabled = true) => useQuery({ ...dashboardQuery(prefix), enabled });
