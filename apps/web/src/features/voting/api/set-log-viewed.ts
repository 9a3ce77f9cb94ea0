import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** POST /{p}/vote/log/setViewed: one log entry viewed. */
export function useSetLogViewed(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof voting.logSetViewed.aipm.body>>) => callEndpoint(voting.logSetViewed[prefix], { body }),
    onSuccess: invalidate,
  });
}
