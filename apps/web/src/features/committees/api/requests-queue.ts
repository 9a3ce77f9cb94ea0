import { committees, type MembershipRequest } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, downloadEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY, type StaffPrefix, useInvalidateCommittees } from './keys.ts';

export type RequestListQuery = z.input<typeof committees.requests.aipm.query>;

/** GET /{admin|aipm}/committee/requests: every company's membership requests, newest first, filtered by status and committee. */
export const useRequestsQueue = (prefix: StaffPrefix, query: RequestListQuery) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'requests', prefix, query],
    queryFn: ({ signal }) => callEndpoint(committees.requests[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /{admin|aipm}/committee/requests/letter: the nomination letter (PDF), saved under its name. */
export const downloadLetter = (prefix: StaffPrefix, id: number) => downloadEndpoint(committees.requestLetter[prefix], { query: { id } });

export type RequestDecision =
  | { kind: 'take'; id: number }
  | { kind: 'confirm'; id: number; since?: string }
  | { kind: 'remove'; id: number; reason: string };

/**
 * POST /{admin|aipm}/committee/requests/take|confirm|remove. The queue is refreshed whatever the answer: a 409 means
 * someone else decided the request meanwhile, and the row should show what they did.
 */
export function useDecideRequest(prefix: StaffPrefix) {
  const invalidate = useInvalidateCommittees();
  return useMutation({
    mutationFn: (decision: RequestDecision): Promise<MembershipRequest> => {
      if (decision.kind === 'take') return callEndpoint(committees.takeRequest[prefix], { body: { id: decision.id } });
      if (decision.kind === 'confirm') {
        return callEndpoint(committees.confirmRequest[prefix], { body: { id: decision.id, ...(decision.since ? { since: decision.since } : {}) } });
      }
      return callEndpoint(committees.removeRequest[prefix], { body: { id: decision.id, reason: decision.reason } });
    },
    onSettled: invalidate,
  });
}
