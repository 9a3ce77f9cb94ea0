import { type AreaChange, type AreasListBody, surveyAccess } from '@portal/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';

const AREAS_KEY = ['surveyAccess', 'areas'] as const;

const areasQuery = (prefix: StaffPrefix, body: AreasListBody) =>
  queryOptions({
    queryKey: [...AREAS_KEY, prefix, body],
    queryFn: ({ signal }) => callEndpoint(surveyAccess.areasList[prefix], { signal, body }),
    placeholderData: keepPreviousData,
  });

/** POST /{admin|aipm}/access/areas/list: company people with their areas, paged, sorted and filtered. */
export const useAreaPeople = (prefix: StaffPrefix, body: AreasListBody) => useQuery(areasQuery(prefix, body));

/** POST /{admin|aipm}/access/areas/update: every change or none. */
export function useUpdateAreas(prefix: StaffPrefix) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: AreaChange[]) => callEndpoint(surveyAccess.areasUpdate[prefix], { body: { changes } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['surveyAccess'] }),
  });
}
