import { credit, type DistributorGroup } from '@portal/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { type StaffPrefix, useStaffPrefix } from '../../../lib/api-prefix.ts';
import { CREDIT_KEY, useInvalidateCredit } from './keys.ts';

/** GET /{admin|aipm}/distributor-groups: the holdings by name. */
export const useDistributorGroups = (prefix: StaffPrefix) =>
  useQuery({
    queryKey: [...CREDIT_KEY, 'groups', prefix],
    queryFn: ({ signal }) => callEndpoint(credit.distributorGroups[prefix], { signal }),
  });

/** POST /{admin|aipm}/distributor-groups/create, or update (rename). */
export function useSaveDistributorGroup() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateCredit();
  return useMutation({
    mutationFn: ({ group, nameRu, nameEn }: { group?: DistributorGroup; nameRu: string; nameEn: string }) =>
      group
        ? callEndpoint(credit.updateDistributorGroup[prefix], { body: { id: group.id, nameRu, nameEn } })
        : callEndpoint(credit.createDistributorGroup[prefix], { body: { nameRu, nameEn } }),
    onSuccess: invalidate,
  });
}
