import { organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';

/** POST /admin/company/toggle: switching off cascades to the company's people; the answer counts what it did. */
export function useToggleCompany() {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: { id: number; isActive: boolean }) => callEndpoint(organisation.toggleCompany, { body }),
    onSuccess: invalidate,
  });
}
