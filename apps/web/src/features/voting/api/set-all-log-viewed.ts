import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';
import type { VotingPrefix } from './prefix.ts';

/** POST /{p}/vote/log/setAllViewed: every log entry viewed. */
export function useSetAllLogViewed(prefix: VotingPrefix) {
  const invalidate = useInvalidateVoting();
  return useMutation({ mutationFn: () => callEndpoint(voting.logSetAllViewed[prefix]), onSuccess: invalidate });
}
