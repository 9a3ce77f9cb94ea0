import { surveyAccess } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

const availableReportsQuery = queryOptions({
  queryKey: ['surveyAccess', 'available'],
  queryFn: ({ signal }) => callEndpoint(surveyAccess.getAvailableReports, { signal }),
});

/** GET /user/report/getAvailableReports: the surveys the person may fill now and the report areas they hold. */
export const useAvailableReports = () => useQuery(availableReportsQuery);
