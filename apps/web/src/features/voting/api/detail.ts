import { voting } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** GET /{p}/vote/getDetail: one voting with its options and settings. */
export const useVotingDetail = (prefix: VotingPrefix, id: number) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'detail', prefix, id],
    queryFn: ({ signal }) => callEndpoint(voting.getDetail[prefix], { signal, query: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
