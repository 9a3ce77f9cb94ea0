import { reports } from '@portal/shared';
import type { ReportType } from '@portal/shared/reports-model';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateReportsAdmin, useStaffPrefix } from './keys.ts';

/**
 * POST /{admin|aipm}/report/setAccessToReport for a period's reports of a type: the accepted participants get them
 * (give to get; later editions too) and the ready ones are published, which e-mails the people who gain access.
 */
export function usePublishToParticipants() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateReportsAdmin();
  return useMutation({
    mutationFn: ({ periodId, reportType }: { periodId: number; reportType: ReportType }) =>
      callEndpoint(reports.setAccessToReport[prefix], { body: { periodId, reportType, participants: true, publish: true } }),
    onSuccess: invalidate,
  });
}
