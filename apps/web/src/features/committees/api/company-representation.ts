import { committees, organisation } from '@portal/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Choice } from '../../../components/search-autocomplete.tsx';
import { callEndpoint } from '../../../lib/api-client.ts';
import { COMPANY_CWG_KEY, type ManagerPrefix, useInvalidateCompanyCwg } from './company-side.ts';

/** GET /{ceo|trusted}/committee/users: the active committees and groups with the company's members and subscribers of each. */
export const useCompanyCommittees = (prefix: ManagerPrefix | undefined) =>
  useQuery({
    queryKey: [...COMPANY_CWG_KEY, 'representation', prefix],
    queryFn: ({ signal }) => callEndpoint(committees.companyCommittees[prefix as ManagerPrefix], { signal }),
    enabled: prefix !== undefined,
  });

/** The company's active people matching a search, 50 at a time (the server searches and scopes them to the company). */
export const companyPersonChoices = (prefix: ManagerPrefix, search: string) =>
  queryOptions({
    queryKey: [...COMPANY_CWG_KEY, 'people', prefix, search],
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const query = { page: 1, pageSize: 50, sort: 'surname', order: 'asc', search, isActive: 'true' } as const;
      const { rows } = await callEndpoint(organisation.companyUsers[prefix], { signal, query });
      return rows.map((p) => ({ id: p.id, name: `${p.surname} ${p.name} (${p.email})` }));
    },
    placeholderData: keepPreviousData,
  });

export interface MemberTerm {
  position: string;
  since: string;
  until: string;
}

/**
 * POST /{ceo|trusted}/committee/addUser or updateUser: the company's own member, where the committee lets companies
 * manage their members (selfService).
 */
export function useSaveMember(prefix: ManagerPrefix) {
  const invalidate = useInvalidateCompanyCwg();
  return useMutation({
    mutationFn: (change: ({ memberId: number } | { committeeId: number; userId: number }) & MemberTerm) => {
      if ('memberId' in change) {
        const { memberId, ...term } = change;
        return callEndpoint(committees.updateMember[prefix], { body: { id: memberId, ...term } });
      }
      return callEndpoint(committees.addMember[prefix], { body: change });
    },
    onSuccess: invalidate,
  });
}

/** DELETE /{ceo|trusted}/committee/users: the membership ends today (a term not yet begun is deleted). */
export function useRemoveMember(prefix: ManagerPrefix) {
  const invalidate = useInvalidateCompanyCwg();
  return useMutation({
    mutationFn: (memberId: number) => callEndpoint(committees.removeMember[prefix], { query: { id: memberId } }),
    onSuccess: invalidate,
  });
}
