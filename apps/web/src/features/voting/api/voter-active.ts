import { voting } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useLiveVoterVotings } from './live-results.ts';
import { VOTING_KEY } from './prefix.ts';

/** GET /vote/getActive: the votings the caller may answer now, with their own response; read again when one starts, stops or changes. */
export function useActiveVotings() {
  useLiveVoterVotings();
  return useQuery({ queryKey: [...VOTING_KEY, 'voter', 'active'], queryFn: ({ signal }) => callEndpoint(voting.active, { signal }) });
}
