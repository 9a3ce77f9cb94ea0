import { useQueryClient } from '@tanstack/react-query';
import { VOTING_KEY } from './prefix.ts';

/** Refreshes every voting query (lists, the voting's page, the log count) after a change. */
export function useInvalidateVoting(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: VOTING_KEY });
}
