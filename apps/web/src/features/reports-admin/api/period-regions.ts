import { survey } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { REPORTS_ADMIN_KEY } from './keys.ts';

/** GET /user/salary/getRegions?periodId: the period's frozen regions, for the cut's choice. */
export const usePeriodRegions = (periodId: number) =>
  useQuery({
    queryKey: [...REPORTS_ADMIN_KEY, 'regions', periodId],
    queryFn: ({ signal }) => callEndpoint(survey.getRegions, { query: { periodId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
