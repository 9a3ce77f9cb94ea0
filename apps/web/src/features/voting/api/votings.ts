import { voting } from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

export type VotingListQuery = z.input<typeof voting.list.aipm.query>;

/** GET /{p}/vote/get: votings, paged, filtered by status, searched. */
export const useVotings = (prefix: VotingPrefix, query: VotingListQuery, enabled = true) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'list', prefix, query],
    queryFn: ({ signal }) => callEndpoint(voting.list[prefix], { signal, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
