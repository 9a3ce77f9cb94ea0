import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** POST /{p}/vote/update: 409 VOTES_WILL_BE_DELETED (with the count) unless confirmDeleteVotes. */
export function useUpdateVoting(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof voting.update.aipm.body>>) => callEndpoint(voting.update[prefix], { body }),
    onSuccess: invalidate,
  });
}
