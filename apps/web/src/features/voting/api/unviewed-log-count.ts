import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** The number of unviewed voting-log entries, for the navigation badge (one row fetched, its total read). */
export const useUnviewedVotingLogCount = (prefix: VotingPrefix, enabled: boolean) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'log', 'unviewed', prefix],
    queryFn: async ({ signal }) => {
      // The navigation's count: the endpoint is imported on use (lib/shell-endpoints.ts).
      const { voting } = await import('../../../lib/shell-endpoints.ts');
      return (await callEndpoint(voting.log[prefix], { signal, query: { viewed: 'false', pageSize: 1 } as never })).total;
    },
    enabled,
    staleTime: 30_000,
  });
