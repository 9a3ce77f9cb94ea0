import { committees } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

const unsubscribeKey = (token: string) => ['unsubscribe', token] as const;

/** GET /mail/unsubscribe?token=… (no login): the committee, the address, and whether the link has been used. */
export const useUnsubscribeInfo = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: unsubscribeKey(token),
    queryFn: ({ signal }) => callEndpoint(committees.unsubscribeInfo, { signal, query: { token } }),
    enabled,
    retry: false,
  });

/** POST /mail/unsubscribe?token=… (no login): stops the committee's mailings to the link's address; a second use changes nothing. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(committees.unsubscribe, { query: { token } }),
    onSuccess: (answer) => client.setQueryData(unsubscribeKey(token), answer),
  });
}
