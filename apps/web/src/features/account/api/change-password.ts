import { account } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';

export type ChangePasswordValues = z.output<typeof account.changePassword.body>;

/** POST /api/changePassword; the server ends the user's other sessions. */
export function useChangePassword() {
  return useMutation({ mutationFn: (values: ChangePasswordValues) => callEndpoint(account.changePassword, { body: values }) });
}
