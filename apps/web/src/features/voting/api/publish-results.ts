import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** POST /{p}/vote/publish: publish the results to voters, or withdraw them (votes stay). */
export function usePublishResults(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof voting.publish.aipm.body>>) => callEndpoint(voting.publish[prefix], { body }),
    onSuccess: invalidate,
  });
}
