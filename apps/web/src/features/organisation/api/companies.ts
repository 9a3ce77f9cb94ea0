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

/** Company choices matching a search, 50 at a time, for the company selects. */
export const companyChoices = (prefix: StaffPrefix, search: string, activeOnly = false) =>
  queryOptions({
    queryKey: [...ORG_KEY, 'companyChoices', prefix, search, activeOnly],
    queryFn: async ({ signal }) => {
      const query = { page: 1, pageSize: 50, sort: 'name', order: 'asc', search, isActive: activeOnly ? 'true' : '' } as const;
      const { rows } = await callEndpoint(organisation.companies[prefix], { signal, query });
      return rows.map(({ id, name }) => ({ id, name }));
    },
    placeholderData: keepPreviousData,
  });
