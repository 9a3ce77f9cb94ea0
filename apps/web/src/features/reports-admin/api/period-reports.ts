import { reports } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { REPORTS_ADMIN_KEY, type StaffPrefix } from './keys.ts';

/** GET /{admin|aipm}/report/list: a period's frozen statistics and its editions, each with the task building it. */
export const usePeriodReports = (prefix: StaffPrefix, periodId: number) =>
  useQuery({
    queryKey: [...REPORTS_ADMIN_KEY, 'list', prefix, periodId],
    queryFn: ({ signal }) => callEndpoint(reports.periodReports[prefix], { query: { periodId }, signal }),
  });
