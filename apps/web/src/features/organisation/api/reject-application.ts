import { organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';
import type { StaffPrefix } from './prefix.ts';

/** POST /{admin|aipm}/applications/reject: the reason is e-mailed to the applicant. */
export function useRejectApplication(prefix: StaffPrefix) {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) => callEndpoint(organisation.rejectApplication[prefix], { body }),
    onSuccess: invalidate,
  });
}
