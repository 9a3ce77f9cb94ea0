import { organisation } from '@portal/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** GET /{p}/company/users?search=: active people of member companies matching a search, to record a response on someone's behalf. */
export const personChoices = (prefix: VotingPrefix, search: string) =>
  queryOptions({
    queryKey: [...VOTING_KEY, 'people', prefix, search],
    queryFn: async ({ signal }) => {
      const query = { page: 1, pageSize: 20, sort: 'surname', order: 'asc', search, isActive: 'true' } as const;
      const { rows } = await callEndpoint(organisation.companyUsers[prefix], { signal, query });
      return rows.map((p) => ({ id: p.id, name: `${p.name} ${p.surname} <${p.email}>${p.company ? ` — ${p.company.name}` : ''}` }));
    },
    placeholderData: keepPreviousData,
  });
