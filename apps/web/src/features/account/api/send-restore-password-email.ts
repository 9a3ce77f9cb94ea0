import { account } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

/** GET /api/sendRestorePasswordEmail?email=…: always answers the same, whether the account exists or not. */
export function useSendRestorePasswordEmail() {
  return useMutation({
    mutationFn: (email: string) => callEndpoint(account.sendRestorePasswordEmail, { query: { email } }),
  });
}

/** GET /api/user/sendRestorePasswordEmail: the logged-in user e-mails themselves a reset link. */
export function useSendOwnRestorePasswordEmail() {
  return useMutation({ mutationFn: () => callEndpoint(account.sendOwnRestorePasswordEmail) });
}
