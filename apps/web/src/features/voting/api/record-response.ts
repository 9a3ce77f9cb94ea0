import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** POST /{p}/vote/sendResponse: a response on someone's behalf (a paper ballot). */
export function useRecordResponse(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof voting.sendResponseOnBehalf.aipm.body>>) =>
      callEndpoint(voting.sendResponseOnBehalf[prefix], { body }),
    onSuccess: invalidate,
  });
}
