import { organisation } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** GET /{p}/company?isActive=true: the active member companies to choose the voters from. */
export const useActiveCompanies = (prefix: VotingPrefix) =>
  useQuery({
    queryKey: [...VOTING_KEY, 'companies', prefix],
    queryFn: ({ signal }) =>
      callEndpoint(organisation.companies[prefix], { signal, query: { isActive: 'true', pageSize: 200, sort: 'name', order: 'asc' } as never }),
    staleTime: 60_000,
  });
