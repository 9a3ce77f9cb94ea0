import { type AipmEmployeeInput, organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';
import type { StaffPrefix } from './prefix.ts';

/** POST /{admin|aipm}/company/addNewAIPMEmployee (only admin creates admins). */
export function useAddAipmEmployee(prefix: StaffPrefix) {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: AipmEmployeeInput) => callEndpoint(organisation.addNewAipmEmployee[prefix], { body }),
    onSuccess: invalidate,
  });
}
