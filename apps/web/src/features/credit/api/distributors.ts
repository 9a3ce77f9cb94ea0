import { credit, type Distributor, type DistributorInput, type DistributorListQuery } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { type StaffPrefix, useStaffPrefix } from '../../../lib/api-prefix.ts';
import { CREDIT_KEY, useInvalidateCredit } from './keys.ts';

/** GET /{admin|aipm}/distributors: a page of the list, sorted, searched and filtered by the server. */
export const useDistributors = (prefix: StaffPrefix, query: DistributorListQuery) =>
  useQuery({
    queryKey: [...CREDIT_KEY, 'distributors', prefix, query],
    queryFn: ({ signal }) => callEndpoint(credit.distributors[prefix], { query, signal }),
    placeholderData: keepPreviousData,
  });

/** POST /{admin|aipm}/distributors/create, or update with the version the form started from. */
export function useSaveDistributor() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateCredit();
  return useMutation({
    mutationFn: ({ distributor, fields }: { distributor?: Distributor; fields: DistributorInput }) =>
      distributor
        ? callEndpoint(credit.updateDistributor[prefix], { body: { ...fields, id: distributor.id, version: distributor.version } })
        : callEndpoint(credit.createDistributor[prefix], { body: fields }),
    onSuccess: invalidate,
  });
}

/** POST /{admin|aipm}/distributors/merge: the duplicate into the survivor. */
export function useMergeDistributors() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateCredit();
  return useMutation({
    mutationFn: (body: { duplicateId: number; survivorId: number }) => callEndpoint(credit.mergeDistributors[prefix], { body }),
    onSuccess: invalidate,
  });
}
