import { account } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';

export type SetPasswordValues = z.output<typeof account.setPasswordByCode.body>;

/** POST /api/setPasswordByCode (single use link). */
export function useSetPasswordByCode() {
  return useMutation({ mutationFn: (values: SetPasswordValues) => callEndpoint(account.setPasswordByCode, { body: values }) });
}
