import { organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';
import type { StaffPrefix } from './prefix.ts';

/** POST /{admin|aipm}/company/toggleAIPMUser */
export function useToggleAipmUser(prefix: StaffPrefix) {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: { id: number; isActive: boolean }) => callEndpoint(organisation.toggleAipmUser[prefix], { body }),
    onSuccess: invalidate,
  });
}
