import { voting } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY } from './prefix.ts';

/** GET /vote/getById: one voting the caller may see, with their response and the published results. */
export const useVoterVoting = (id: number) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'voter', 'one', id],
    queryFn: ({ signal }) => callEndpoint(voting.getById, { signal, query: { id } }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
