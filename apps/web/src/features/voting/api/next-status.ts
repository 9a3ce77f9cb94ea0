import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** POST /{p}/vote/nextStatus: start, stop or archive, from the status the screen shows. */
export function useNextStatus(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof voting.nextStatus.aipm.body>>) => callEndpoint(voting.nextStatus[prefix], { body }),
    onSuccess: invalidate,
  });
}
