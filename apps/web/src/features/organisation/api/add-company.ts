import { type CompanyInput, organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';

/** POST /admin/company/add (staff too). */
export function useAddCompany() {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: CompanyInput) => callEndpoint(organisation.addCompany, { body }),
    onSuccess: invalidate,
  });
}
