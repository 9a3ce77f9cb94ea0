import { committees, type EndpointQuery } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '../../../lib/api-client.ts';
import { COMPANY_CWG_KEY, type ReaderPrefix, useInvalidateCompanyCwg } from './company-side.ts';

export type RequestListQuery = EndpointQuery<(typeof committees.requests)[ReaderPrefix]>;

/** GET /{user|ceo|trusted}/committee/requests: the caller's own requests, or their company's; paged and sorted in the database. */
export const useMembershipRequests = (prefix: ReaderPrefix, query: RequestListQuery) =>
  useQuery({
    queryKey: [...COMPANY_CWG_KEY, 'requests', prefix, query],
    queryFn: ({ signal }) => callEndpoint(committees.requests[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /{user|ceo|trusted}/committee/approvedMembership: current and coming memberships. */
export const useApprovedMemberships = (prefix: ReaderPrefix) =>
  useQuery({
    queryKey: [...COMPANY_CWG_KEY, 'approved', prefix],
    queryFn: ({ signal }) => callEndpoint(committees.approvedMembership[prefix], { signal }),
  });

/** POST /{user|ceo|trusted}/committee/requests/withdraw: an open request no longer wanted. */
export function useWithdrawRequest(prefix: ReaderPrefix) {
  const invalidate = useInvalidateCompanyCwg();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(committees.withdrawRequest[prefix], { body: { id } }),
    onSuccess: invalidate,
  });
}

/** GET /{user|ceo|trusted}/committee/requests/letter: the nomination letter, saved under its name. */
export const downloadLetter = (prefix: ReaderPrefix, id: number) => downloadEndpoint(committees.requestLetter[prefix], { query: { id } });
