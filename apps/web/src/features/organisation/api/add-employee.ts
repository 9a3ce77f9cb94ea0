import { type EmployeeInput, organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';
import type { OrgPrefix } from './prefix.ts';

/** POST /{p}/company/addNewEmployee: the person gets the set-password e-mail. */
export function useAddEmployee(prefix: OrgPrefix) {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: EmployeeInput) => callEndpoint(organisation.addNewEmployee[prefix], { body }),
    onSuccess: invalidate,
  });
}
