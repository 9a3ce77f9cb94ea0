import { account } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';

export type SignupValues = z.output<typeof account.signup.body>;

/** POST /api/signup: always 202, whether or not the e-mail has an account. */
export function useSignup() {
  return useMutation({ mutationFn: (values: SignupValues) => callEndpoint(account.signup, { body: values }) });
}
