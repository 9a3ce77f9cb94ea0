import { type AipmEmployeeInput, organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';
import type { StaffPrefix } from './prefix.ts';

/** POST /{admin|aipm}/company/updateAIPMEmployee (only admin touches admins). */
export function useUpdateAipmEmployee(prefix: StaffPrefix) {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: AipmEmployeeInput & { id: number }) => callEndpoint(organisation.updateAipmEmployee[prefix], { body }),
    onSuccess: invalidate,
  });
}
