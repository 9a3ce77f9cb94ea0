import { committees } from '@portal/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { COMPANY_CWG_KEY, useInvalidateCompanyCwg } from './company-side.ts';

/** GET /user/committee: the active committees and groups with details, and the caller's membership, open request and subscription. */
export const useOwnCommittees = () =>
  useQuery({
    queryKey: [...COMPANY_CWG_KEY, 'own'],
    queryFn: ({ signal }) => callEndpoint(committees.own, { signal }),
  });

/** POST /user/committee/subscribes: receive a committee's or group's mailings, or stop. */
export function useSetSubscribed() {
  const invalidate = useInvalidateCompanyCwg();
  return useMutation({
    mutationFn: (body: { committeeId: number; subscribed: boolean }) => callEndpoint(committees.setSubscribed, { body }),
    onSuccess: invalidate,
  });
}
