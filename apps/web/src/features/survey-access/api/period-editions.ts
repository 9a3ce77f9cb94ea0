import { reports } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';

/** GET /{admin|aipm}/report/list: a period's report editions, to give one of them alone. */
export const usePeriodEditions = (prefix: StaffPrefix, periodId: number) =>
  useQuery({
    queryKey: ['surveyAccess', 'editions', prefix, periodId],
    queryFn: ({ signal }) => callEndpoint(reports.periodReports[prefix], { signal, query: { periodId } }),
    select: (data) => data.reports,
  });
