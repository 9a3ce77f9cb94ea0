import { voting } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** GET /{p}/vote/getStats: per option count and share, response ratio, quorum; every 3 s while the voting runs. */
export const useVotingStats = (prefix: VotingPrefix, id: number, live: boolean) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'stats', prefix, id],
    queryFn: ({ signal }) => callEndpoint(voting.stats[prefix], { signal, query: { id } }),
    refetchInterval: live ? 3000 : false,
  });
