import { type PublishedReport, reports } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';

export type PublishedFilters = z.input<typeof reports.getPublishedReports.query>;

const publishedQuery = (query: PublishedFilters) =>
  queryOptions({
    queryKey: ['reports', 'published', query],
    queryFn: ({ signal }): Promise<PublishedReport[]> => callEndpoint(reports.getPublishedReports, { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /user/report/getPublishedReports: every published report the person may read, filtered by the server. */
export const usePublishedReports = (filters: PublishedFilters = {}) => useQuery(publishedQuery(filters));
