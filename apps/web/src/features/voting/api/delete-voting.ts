import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** DELETE /{p}/vote/delete: a planned voting only; one with votes answers 409 VOTING_DELETE_HAS_VOTES (with the count) unless confirmDeleteVotes. */
export function useDeleteVoting(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (query: z.input<NonNullable<typeof voting.remove.aipm.query>>) => callEndpoint(voting.remove[prefix], { query }),
    onSuccess: invalidate,
  });
}
