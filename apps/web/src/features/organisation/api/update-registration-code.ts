import { organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';
import type { OrgPrefix } from './prefix.ts';

/** POST /{p}/company/updateRegistrationCode: the old link stops working, a new one is e-mailed. */
export function useUpdateRegistrationCode(prefix: OrgPrefix) {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(organisation.updateRegistrationCode[prefix], { body: { id } }),
    onSuccess: invalidate,
  });
}
