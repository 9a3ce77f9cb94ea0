import { voting } from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

export type VotingLogQuery = z.input<typeof voting.log.aipm.query>;

/** GET /{p}/vote/log/get: the voting log. */
export const useVotingLog = (prefix: VotingPrefix, query: VotingLogQuery) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'log', prefix, query],
    queryFn: ({ signal }) => callEndpoint(voting.log[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });
