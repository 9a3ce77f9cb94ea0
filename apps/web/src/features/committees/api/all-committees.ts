import { committees } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY, type StaffPrefix } from './keys.ts';

export const allCommitteesQuery = (prefix: StaffPrefix) =>
  queryOptions({
    queryKey: [...COMMITTEES_KEY, 'all', prefix],
    queryFn: ({ signal }) => callEndpoint(committees.all[prefix], { signal }),
  });

/** GET /{admin|aipm}/committee/all: every committee and group, active or not, in their order, with their counts. */
export const useAllCommittees = (prefix: StaffPrefix) => useQuery(allCommitteesQuery(prefix));
