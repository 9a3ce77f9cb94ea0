import { erasure } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';
import { ORG_KEY, type StaffPrefix } from './prefix.ts';

export type ErasureListQuery = z.input<(typeof erasure.list.admin)['query']>;

/** GET /{admin|aipm}/erasure: people's requests to erase their personal data. */
export const useErasureRequests = (prefix: StaffPrefix, query: ErasureListQuery) =>
  useQuery({
    queryKey: [...ORG_KEY, 'erasure', prefix, query],
    queryFn: ({ signal }) => callEndpoint(erasure.list[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** POST /{admin|aipm}/erasure/confirm (the person is erased) or /refuse (the reason is e-mailed to them). */
export function useDecideErasure(prefix: StaffPrefix) {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (decision: { id: number; reason?: string }) =>
      decision.reason === undefined
        ? callEndpoint(erasure.confirm[prefix], { body: { id: decision.id } })
        : callEndpoint(erasure.refuse[prefix], { body: { id: decision.id, reason: decision.reason } }),
    onSuccess: invalidate,
  });
}
