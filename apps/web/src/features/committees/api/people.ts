import { type ApiPrefix, organisation } from '@portal/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Choice } from '../../../components/search-autocomplete.tsx';
import { callEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY } from './keys.ts';

/** A person to choose: the label shows the e-mail and company; `fullName` is for the words around the choice (a toast). */
export interface PersonChoice extends Choice {
  fullName: string;
}

/**
 * GET /{p}/company/users?search=: active people matching a search, 20 at a time, as choices for a person select
 * (staff: people of every member company; ceo and trusted: their own company's).
 */
export const personChoices = (prefix: ApiPrefix, search: string) =>
  queryOptions({
    queryKey: [...COMMITTEES_KEY, 'people', prefix, search],
    // Typed as plain choices for the select (which takes Choice options); each is a PersonChoice all the same.
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const query = { page: 1, pageSize: 20, sort: 'surname', order: 'asc', search, isActive: 'true' } as const;
      const { rows } = await callEndpoint(organisation.companyUsers[prefix], { signal, query });
      return rows.map(
        (p): PersonChoice => ({
          id: p.id,
          name: `${p.surname} ${p.name} <${p.email}>${p.company ? ` — ${p.company.name}` : ''}`,
          fullName: `${p.name} ${p.surname}`,
        }),
      );
    },
    placeholderData: keepPreviousData,
  });
