import { type accessChange, type accessGrantSchema, reports } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';

export type AccessGrant = z.infer<typeof accessGrantSchema>;
export type AccessChange = z.input<typeof accessChange>;

/** GET /{admin|aipm}/access/reports/list: who may read a period's reports (live grants). */
export const useReportGrants = (prefix: StaffPrefix, periodId: number) =>
  useQuery({
    queryKey: ['surveyAccess', 'reportGrants', prefix, periodId],
    queryFn: ({ signal }) => callEndpoint(reports.accessReportsList[prefix], { signal, query: { periodId } }),
  });

/** POST /{admin|aipm}/access/reports/update: every change or none. */
export function useUpdateReportGrants(prefix: StaffPrefix) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: AccessChange[]) => callEndpoint(reports.accessReportsUpdate[prefix], { body: { changes } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['surveyAccess', 'reportGrants'] }),
  });
}
