import { voting } from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

export type ResponseListQuery = z.input<typeof voting.responses.aipm.query>;

/** GET /{p}/vote/responses: the responses of a voting. */
export const useVotingResponses = (prefix: VotingPrefix, query: ResponseListQuery) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'responses', prefix, query],
    queryFn: ({ signal }) => callEndpoint(voting.responses[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });
