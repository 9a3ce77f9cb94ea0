import { reports } from '@portal/shared';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';

/**
 * GET /{admin|aipm}/report/participants: the period's participants (give to get) as the server counts them: the
 * companies its frozen statistics hold, or for a credit period the companies whose credit data its report holds.
 */
export const participants = (prefix: StaffPrefix, periodId: number) => callEndpoint(reports.participants[prefix], { query: { periodId } });
