import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** POST /{p}/vote/answer/rollback: restore a deleted response (409 when its place is taken). */
export function useRestoreResponse(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof voting.restoreResponse.aipm.body>>) => callEndpoint(voting.restoreResponse[prefix], { body }),
    onSuccess: invalidate,
  });
}
