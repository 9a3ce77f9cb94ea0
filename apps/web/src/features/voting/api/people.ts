import { organisation } from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** GET /{p}/company/users?search=: people of member companies, to record a response on someone's behalf. */
export const usePeopleSearch = (prefix: VotingPrefix, search: string, enabled: boolean) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'people', prefix, search],
    queryFn: ({ signal }) => callEndpoint(organisation.companyUsers[prefix], { signal, query: { search, pageSize: 20, isActive: 'true' } as never }),
    placeholderData: keepPreviousData,
    enabled,
  });
