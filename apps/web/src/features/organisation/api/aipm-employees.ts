import { organisation } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { ORG_KEY, type OrgPrefix } from './prefix.ts';

export const aipmEmployeesQuery = (prefix: OrgPrefix) =>
  queryOptions({
    queryKey: [...ORG_KEY, 'aipmEmployees', prefix],
    queryFn: ({ signal }) => callEndpoint(organisation.aipmEmployees[prefix], { signal }),
  });

/** GET /{p}/company/AIPMEmployee: the association's staff and their contacts. */
export const useAipmEmployees = (prefix: OrgPrefix) => useQuery(aipmEmployeesQuery(prefix));
