import { voting } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY } from './prefix.ts';

/** GET /vote/getActive: the votings the caller may answer now, with their own response. */
export const useActiveVotings = () =>
  useQuery({
    queryKey: [...VOTING_KEY, 'voter', 'active'],
    queryFn: ({ signal }) => callEndpoint(voting.active, { signal }),
    refetchInterval: 30_000,
  });
