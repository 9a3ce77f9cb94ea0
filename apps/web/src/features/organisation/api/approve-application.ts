import { organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';
import type { StaffPrefix } from './prefix.ts';

export type ApproveInput = z.input<typeof organisation.approveApplication.admin.body>;

/** POST /{admin|aipm}/applications/approve: creates the person (Registered) and e-mails the set-password link. */
export function useApproveApplication(prefix: StaffPrefix) {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: ApproveInput) => callEndpoint(organisation.approveApplication[prefix], { body }),
    onSuccess: invalidate,
  });
}
