import { organisation } from '@portal/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Choice } from '../../../components/search-autocomplete.tsx';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';

/** GET /{p}/company/users?search=: active people of member companies matching a search, 20 at a time, as choices. */
export const personChoices = (prefix: StaffPrefix, search: string) =>
  queryOptions({
    queryKey: ['surveyAccess', 'people', prefix, search],
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const query = { page: 1, pageSize: 20, sort: 'surname', order: 'asc', search, isActive: 'true' } as const;
      const { rows } = await callEndpoint(organisation.companyUsers[prefix], { signal, query });
      return rows.map((p) => ({ id: p.id, name: `${p.surname} ${p.name} <${p.email}>${p.company ? ` — ${p.company.name}` : ''}` }));
    },
    placeholderData: keepPreviousData,
  });
