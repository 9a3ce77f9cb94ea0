import { type EmployeeUpdateInput, organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';
import type { OrgPrefix } from './prefix.ts';

/** POST /{p}/company/updateEmployee: details, role within the company, status. */
export function useUpdateEmployee(prefix: OrgPrefix) {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: EmployeeUpdateInput) => callEndpoint(organisation.updateEmployee[prefix], { body }),
    onSuccess: invalidate,
  });
}
