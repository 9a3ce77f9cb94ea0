import { reports } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { type StaffPrefix, useInvalidateReportsAdmin, useStaffPrefix } from './keys.ts';

/** POST /{admin|aipm}/report/startGeneration: builds the edition's file in a durable job (409 while it is building). */
export const startGeneration = (prefix: StaffPrefix, reportId: number) => callEndpoint(reports.startGeneration[prefix], { body: { reportId } });

export function useStartGeneration() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateReportsAdmin();
  return useMutation({ mutationFn: (reportId: number) => startGeneration(prefix, reportId), onSuccess: invalidate });
}
