import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** POST /{p}/vote/updateResponse: correct a response's answers (refused when secret). */
export function useUpdateResponse(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof voting.updateResponse.aipm.body>>) => callEndpoint(voting.updateResponse[prefix], { body }),
    onSuccess: invalidate,
  });
}
