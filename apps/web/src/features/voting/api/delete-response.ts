import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** DELETE /{p}/vote/answer/delete: delete a response. */
export function useDeleteResponse(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (query: z.input<NonNullable<typeof voting.deleteResponse.aipm.query>>) => callEndpoint(voting.deleteResponse[prefix], { query }),
    onSuccess: invalidate,
  });
}
