import { reports } from '@portal/shared';
import type { ReportLanguage } from '@portal/shared/reports-model';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateReportsAdmin, useStaffPrefix } from './keys.ts';

/** POST /{admin|aipm}/report/createZip: a zip of the period's ready reports in a language, built in a durable job. */
export function useCreateZip() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateReportsAdmin();
  return useMutation({
    mutationFn: (input: { periodId: number; language: ReportLanguage }) => callEndpoint(reports.createZip[prefix], { body: input }),
    onSuccess: invalidate,
  });
}
