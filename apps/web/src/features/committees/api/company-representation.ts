import { committees } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { COMPANY_CWG_KEY, type ManagerPrefix } from './company-side.ts';

/** GET /{ceo|trusted}/committee/users: the active committees and groups with the company's members and subscribers of each. */
export const useCompanyCommittees = (prefix: ManagerPrefix | undefined) =>
  useQuery({
    queryKey: [...COMPANY_CWG_KEY, 'representation', prefix],
    queryFn: ({ signal }) => callEndpoint(committees.companyCommittees[prefix as ManagerPrefix], { signal }),
    enabled: prefix !== undefined,
  });
