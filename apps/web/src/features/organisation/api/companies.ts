import { type CompanyListQuery, organisation } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { ORG_KEY, type StaffPrefix } from './prefix.ts';

export const companiesQuery = (prefix: StaffPrefix, query: CompanyListQuery) =>
  queryOptions({
    queryKey: [...ORG_KEY, 'companies', prefix, query],
    queryFn: ({ signal }) => callEndpoint(organisation.companies[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /{admin|aipm}/company: paged, sorted, searched, filtered by isActive. */
export const useCompanies = (prefix: StaffPrefix, query: CompanyListQuery) => useQuery(companiesQuery(prefix, query));
