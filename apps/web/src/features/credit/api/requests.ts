import {
  type DistributorInput,
  type DistributorRequest,
  type DistributorRequestInput,
  type DistributorRequestListQuery,
  distributorRequests,
} from '@portal/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { type StaffPrefix, useStaffPrefix } from '../../../lib/api-prefix.ts';
import { CREDIT_KEY, useInvalidateCredit } from './keys.ts';

const REQUESTS_KEY = [...CREDIT_KEY, 'requests'] as const;

/** GET /user/credit/distributorRequests: the company's latest requests (a person without credit.fill gets 403, no logout). */
export const useMyDistributorRequests = () =>
  useQuery({
    queryKey: [...REQUESTS_KEY, 'mine'],
    queryFn: ({ signal }) => callEndpoint(distributorRequests.mine, { signal, authRedirect: false }),
    retry: false,
  });

/** POST /user/credit/requestDistributor. */
export function useRequestDistributor() {
  const invalidate = useInvalidateCredit();
  return useMutation({
    mutationFn: (body: DistributorRequestInput) => callEndpoint(distributorRequests.create, { body }),
    onSuccess: invalidate,
  });
}

/** GET /{admin|aipm}/distributor-requests: the staff's queue, sorted, searched and filtered by the server. */
export const useDistributorRequests = (prefix: StaffPrefix, query: DistributorRequestListQuery) =>
  useQuery({
    queryKey: [...REQUESTS_KEY, prefix, query],
    queryFn: ({ signal }) => callEndpoint(distributorRequests.list[prefix], { query, signal }),
    placeholderData: keepPreviousData,
  });

export type RequestAnswer =
  | { kind: 'add'; request: DistributorRequest; fields: DistributorInput }
  | { kind: 'refuse'; request: DistributorRequest; reason: string };

/** Staff add the requested distributor or refuse the request; the queue and the list refresh after. */
export function useAnswerRequest() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateCredit();
  return useMutation({
    mutationFn: (a: RequestAnswer) =>
      a.kind === 'add'
        ? callEndpoint(distributorRequests.add[prefix], { body: { ...a.fields, requestId: a.request.id } })
        : callEndpoint(distributorRequests.refuse[prefix], { body: { requestId: a.request.id, reason: a.reason } }),
    onSuccess: invalidate,
  });
}
