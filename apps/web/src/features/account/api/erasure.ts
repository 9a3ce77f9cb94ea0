import { erasure } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

const ERASURE_KEY = ['account', 'erasure'];

/** GET /api/user/erasure: the person's latest erasure request (null when they never asked). */
export const useOwnErasure = () => useQuery({ queryKey: ERASURE_KEY, queryFn: ({ signal }) => callEndpoint(erasure.mine, { signal }) });

/** POST /api/user/erasure/request or /withdraw: both answer the request as it stands, which the card shows at once. */
export function useChangeErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: 'request' | 'withdraw') => callEndpoint(change === 'request' ? erasure.request : erasure.withdraw),
    onSuccess: (latest) => client.setQueryData(ERASURE_KEY, latest),
  });
}
