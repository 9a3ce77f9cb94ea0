import { REPORT_LANGUAGES } from '@portal/shared/reports-model';
import { useMutation } from '@tanstack/react-query';
import { mayGenerate } from '../components/editions.ts';
import { createReport } from './create-report.ts';
import { useInvalidateReportsAdmin, useStaffPrefix } from './keys.ts';
import { startGeneration } from './start-generation.ts';

/**
 * Every participant's company report in both languages: create/report/company (one draft per participant, or the
 * existing ones), then startGeneration for each that is a draft or failed. One at a time, so a hundred participants
 * do not arrive at the server at once; answers how many started and how many were refused.
 */
export function useGenerateAllCompanyReports() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateReportsAdmin();
  return useMutation({
    mutationFn: async (periodId: number) => {
      let started = 0;
      let refused = 0;
      for (const language of REPORT_LANGUAGES) {
        const drafts = await createReport(prefix, { periodId, type: 'company', language });
        // The rows show (and then follow their runs) while the rest are still being started.
        void invalidate();
        for (const report of drafts.filter(mayGenerate)) {
          try {
            await startGeneration(prefix, report.id);
            started++;
          } catch {
            refused++;
          }
        }
      }
      return { started, refused };
    },
    onSettled: invalidate,
  });
}
