import { voting } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** GET /{p}/vote/turnout: who has and who has not voted yet, by company. */
export const useVotingTurnout = (prefix: VotingPrefix, id: number) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'turnout', prefix, id],
    queryFn: ({ signal }) => callEndpoint(voting.turnout[prefix], { signal, query: { id } }),
  });
