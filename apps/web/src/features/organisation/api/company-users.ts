import { organisation, type UserListQuery } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { ORG_KEY, type OrgPrefix } from './prefix.ts';

export const companyUsersQuery = (prefix: OrgPrefix, query: UserListQuery) =>
  queryOptions({
    queryKey: [...ORG_KEY, 'users', prefix, query],
    queryFn: ({ signal }) => callEndpoint(organisation.companyUsers[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /{p}/company/users: people of member companies (ceo and trusted: their own company's). */
export const useCompanyUsers = (prefix: OrgPrefix, query: UserListQuery) => useQuery(companyUsersQuery(prefix, query));
