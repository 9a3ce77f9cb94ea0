import { survey } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

// Reference lists change rarely (seeded), so they are kept for the whole visit.
export const regionsQuery = queryOptions({
  queryKey: ['account', 'regions'],
  queryFn: ({ signal }) => callEndpoint(survey.getRegions, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const jobGroupsQuery = queryOptions({
  queryKey: ['account', 'jobGroups'],
  queryFn: ({ signal }) => callEndpoint(survey.getJobGroups, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** GET /api/user/salary/getRegions */
export const useRegions = () => useQuery(regionsQuery);
/** GET /api/user/salary/getJobGroups */
export const useJobGroups = () => useQuery(jobGroupsQuery);
