import { type CompanyInput, organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';

/** POST /admin/company/update (staff too). */
export function useUpdateCompany() {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: CompanyInput & { id: number }) => callEndpoint(organisation.updateCompany, { body }),
    onSuccess: invalidate,
  });
}
