import { reports } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateReportsAdmin, useStaffPrefix } from './keys.ts';

/** POST /{admin|aipm}/report/convertToPdf: the PDF edition of a ready xlsx, made in a durable job. */
export function useConvertToPdf() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateReportsAdmin();
  return useMutation({
    mutationFn: (reportId: number) => callEndpoint(reports.convertToPdf[prefix], { body: { reportId } }),
    onSuccess: invalidate,
  });
}
