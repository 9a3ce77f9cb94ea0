import { LIMITS, surveyAdmin } from '@portal/shared';
import type { Choice } from '../../../components/search-autocomplete.tsx';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';

/**
 * GET /{admin|aipm}/report-progress/list?status=accepted, page by page: the companies whose answers to the period were
 * accepted (give to get), test companies left out, as the companies "all accepted participants" stands for.
 */
export async function acceptedParticipants(prefix: StaffPrefix, periodId: number): Promise<Choice[]> {
  const found: Choice[] = [];
  for (let page = 1; ; page++) {
    const query = { periodId, status: 'accepted', page, pageSize: LIMITS.pageSizeMax } as const;
    const { rows, total } = await callEndpoint(surveyAdmin.progress[prefix], { query });
    for (const row of rows) if (!row.isTest) found.push({ id: row.companyId, name: row.company });
    if (rows.length === 0 || page * LIMITS.pageSizeMax >= total) return found;
  }
}
