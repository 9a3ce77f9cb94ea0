import { voting } from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';
import type { VotingListQuery } from './votings.ts';

/** GET /{p}/vote/getArchive: archived votings, searched. */
export const useVotingArchive = (prefix: VotingPrefix, query: VotingListQuery, enabled = true) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'archive', prefix, query],
    queryFn: ({ signal }) => callEndpoint(voting.archive[prefix], { signal, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
