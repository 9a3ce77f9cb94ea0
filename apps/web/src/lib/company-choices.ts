import { organisation } from '@portal/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from './api-client.ts';
import type { StaffPrefix } from './api-prefix.ts';

/**
 * Member companies matching a search, 50 at a time, as choices for the staff's company selects (people, voters, access
 * areas). Under the organisation's query key, so adding or renaming a company refreshes them.
 */
export const companyChoices = (prefix: StaffPrefix, search: string, activeOnly = false) =>
  queryOptions({
    queryKey: ['organisation', 'companyChoices', prefix, search, activeOnly],
    queryFn: async ({ signal }) => {
      const query = { page: 1, pageSize: 50, sort: 'name', order: 'asc', search, isActive: activeOnly ? 'true' : '' } as const;
      const { rows } = await callEndpoint(organisation.companies[prefix], { signal, query });
      return rows.map(({ id, name }) => ({ id, name }));
    },
    placeholderData: keepPreviousData,
  });
