import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** POST /{p}/vote/answer/rejected: reject a response with a reason. */
export function useRejectResponse(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof voting.rejectResponse.aipm.body>>) => callEndpoint(voting.rejectResponse[prefix], { body }),
    onSuccess: invalidate,
  });
}
