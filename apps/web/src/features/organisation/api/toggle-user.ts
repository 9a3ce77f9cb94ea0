import { organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';
import type { OrgPrefix } from './prefix.ts';

/** POST /{p}/company/toggleUser: switching off ends the person's sessions. */
export function useToggleUser(prefix: OrgPrefix) {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: { id: number; isActive: boolean }) => callEndpoint(organisation.toggleUser[prefix], { body }),
    onSuccess: invalidate,
  });
}
