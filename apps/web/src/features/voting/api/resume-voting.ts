import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** POST /{p}/vote/resume: a stopped voting runs again (with a new end when the old one has passed). */
export function useResumeVoting(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof voting.resume.aipm.body>>) => callEndpoint(voting.resume[prefix], { body }),
    onSuccess: invalidate,
  });
}
