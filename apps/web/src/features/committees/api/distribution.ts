import { committees } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY, type StaffPrefix } from './keys.ts';

/** GET /{admin|aipm}/committee/distribution: current members and subscribers, once each, active people of active companies. */
export const useDistribution = (prefix: StaffPrefix, committeeId: number) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'distribution', prefix, committeeId],
    queryFn: ({ signal }) => callEndpoint(committees.distribution[prefix], { signal, query: { committeeId } }),
  });

/** GET /{admin|aipm}/committee/distribution/download as Excel or CSV. */
export const downloadDistribution = (prefix: StaffPrefix, committeeId: number, format: 'xlsx' | 'csv') =>
  downloadEndpoint(committees.distributionDownload[prefix], { query: { committeeId, format } });
