import { reports, type staffDataPersonSchema } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';

export type StaffDataPerson = z.infer<typeof staffDataPersonSchema>;
export type StaffDataChange = z.input<typeof reports.staffDataUpdate.body>['changes'][number];
const STAFF_DATA_KEY = ['surveyAccess', 'staffData'] as const;

/** GET /admin/access/staff-data/list: the staff with the data scopes each holds. */
export const useStaffData = () => useQuery({ queryKey: STAFF_DATA_KEY, queryFn: ({ signal }) => callEndpoint(reports.staffDataList, { signal }) });

/** POST /admin/access/staff-data/update: every change or none. */
export function useUpdateStaffData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: StaffDataChange[]) => callEndpoint(reports.staffDataUpdate, { body: { changes } }),
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_DATA_KEY }),
  });
}
