import { organisation } from '@portal/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** GET /{p}/company?isActive=true&search=: the active member companies matching a search, to choose the voters from. */
export const activeCompanyChoices = (prefix: VotingPrefix, search: string) =>
  queryOptions({
    queryKey: [...VOTING_KEY, 'companies', prefix, search],
    queryFn: async ({ signal }) => {
      const query = { page: 1, pageSize: 50, sort: 'name', order: 'asc', search, isActive: 'true' } as const;
      const { rows } = await callEndpoint(organisation.companies[prefix], { signal, query });
      return rows.map(({ id, name }) => ({ id, name }));
    },
    placeholderData: keepPreviousData,
  });
