import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** POST /{p}/vote/remind: e-mails those who have not voted yet; answers how many were sent. */
export function useRemindVoters(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof voting.remind.aipm.body>>) => callEndpoint(voting.remind[prefix], { body }),
    onSuccess: invalidate,
  });
}
