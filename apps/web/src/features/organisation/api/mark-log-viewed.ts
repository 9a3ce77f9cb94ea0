import { organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';

/** GET /admin/users/logIsViewed?id= (the spec makes it a GET). */
export function useMarkLogViewed() {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(organisation.usersLogIsViewed, { query: { id } }),
    onSuccess: invalidate,
  });
}
