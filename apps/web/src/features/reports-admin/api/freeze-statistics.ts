import { reports } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateReportsAdmin, useStaffPrefix } from './keys.ts';

/** POST /{admin|aipm}/report/freeze: a compute_stats task over the period's accepted responses. */
export function useFreezeStatistics() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateReportsAdmin();
  return useMutation({
    mutationFn: (periodId: number) => callEndpoint(reports.freezeStatistics[prefix], { body: { periodId } }),
    onSuccess: invalidate,
  });
}
