import { account } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { CURRENT_USER_KEY } from '../../../lib/auth.ts';

const TWO_FACTOR_KEY = ['account', 'twoFactor'];

/** GET /api/user/twoFactor: on or off, and the recovery codes left. */
export const useTwoFactor = () => useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: ({ signal }) => callEndpoint(account.getTwoFactor, { signal }) });

/** POST /api/user/twoFactor/start: a new secret to scan. */
export const useStartTwoFactor = () => useMutation({ mutationFn: () => callEndpoint(account.startTwoFactor) });

/**
 * POST /api/user/twoFactor/confirm and /disable; the status is read again after either, and the person after confirming
 * (an app enrolled in a session that could only enrol gives it every right).
 */
export function useChangeTwoFactor() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  // The person is read again in the background: awaiting it would let the status's new answer take the form (and its
  // callbacks, which show the recovery codes) away first.
  const onConfirmed = () => {
    void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    return onSettled();
  };
  return {
    confirm: useMutation({ mutationFn: (code: string) => callEndpoint(account.confirmTwoFactor, { body: { code } }), onSettled: onConfirmed }),
    disable: useMutation({ mutationFn: (body: { password: string; code: string }) => callEndpoint(account.disableTwoFactor, { body }), onSettled }),
  };
}
