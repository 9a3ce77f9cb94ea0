import { reports } from '@portal/shared';
import type { SizeBand } from '@portal/shared/reports-model';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { REPORTS_ADMIN_KEY, type StaffPrefix } from './keys.ts';

export interface CutQuery {
  periodId: number;
  regionIds: number[];
  sizeBand?: SizeBand;
}

/** POST /{admin|aipm}/report/cut: a read (it changes nothing), so it is cached like one, per choice of regions and size. */
export const useInteractiveCut = (prefix: StaffPrefix, cut: CutQuery) =>
  useQuery({
    queryKey: [...REPORTS_ADMIN_KEY, 'cut', prefix, cut],
    queryFn: () => callEndpoint(reports.interactiveCut[prefix], { body: cut }),
    placeholderData: keepPreviousData,
  });
