import { voting } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** GET /{p}/vote/getStats: per option count and share, response ratio, quorum (live on the results page: useLiveResults). */
export const useVotingStats = (prefix: VotingPrefix, id: number) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'stats', prefix, id],
    queryFn: ({ signal }) => callEndpoint(voting.stats[prefix], { signal, query: { id } }),
  });
