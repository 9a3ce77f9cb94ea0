import { committees, organisation } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY, type StaffPrefix, useInvalidateCommittees } from './keys.ts';

export type CommitteeLogQuery = z.input<typeof committees.log.aipm.query>;

/** GET /{admin|aipm}/committee/log: changes to committees, groups, members, requests and subscribers, newest first, filtered. */
export const useCommitteeLog = (prefix: StaffPrefix, query: CommitteeLogQuery) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'log', prefix, query],
    queryFn: ({ signal }) => callEndpoint(committees.log[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /{p}/company/AIPMEmployee: the association's staff, the authors the log filters by. */
export const useLogAuthors = (prefix: StaffPrefix) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'logAuthors', prefix],
    queryFn: ({ signal }) => callEndpoint(organisation.aipmEmployees[prefix], { signal }),
  });

/** GET /admin/committee/logIsViewed?id= (a GET, like the users' log's). */
export function useMarkLogViewed() {
  const invalidate = useInvalidateCommittees();
  return useMutation({ mutationFn: (id: number) => callEndpoint(committees.logIsViewed, { query: { id } }), onSuccess: invalidate });
}

/** POST /admin/committee/setAllLogIsViewed */
export function useSetAllLogViewed() {
  const invalidate = useInvalidateCommittees();
  return useMutation({ mutationFn: () => callEndpoint(committees.setAllLogIsViewed), onSuccess: invalidate });
}
