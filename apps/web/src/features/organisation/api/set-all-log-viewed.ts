import { organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';

/** POST /admin/users/setAllLogIsViewed */
export function useSetAllLogViewed() {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: () => callEndpoint(organisation.usersLogSetAllViewed),
    onSuccess: invalidate,
  });
}
