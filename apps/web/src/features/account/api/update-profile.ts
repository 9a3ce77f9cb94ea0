import { account } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { CURRENT_USER_KEY } from '../../../lib/auth.ts';

export type ProfileValues = z.output<typeof account.updateProfile.body>;

/** POST /api/update; the answer is the updated user, which replaces the cached one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProfileValues) => callEndpoint(account.updateProfile, { body: values }),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}
