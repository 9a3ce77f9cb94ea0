import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateVoting } from './invalidate.ts';

/** POST /vote/sendResponse: the voter's final response; answers a receipt. */
export function useSendVote() {
  const invalidate = useInvalidateVoting();
  return useMutation({
    mutationFn: (body: { votingId: number; optionIds: number[] }) => callEndpoint(voting.sendResponse, { body }),
    onSuccess: invalidate,
  });
}
