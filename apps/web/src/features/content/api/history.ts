import { type HistoryQuery, history, organisation } from '@portal/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';

const historyQuery = (prefix: StaffPrefix, query: HistoryQuery) =>
  queryOptions({
    queryKey: ['history', prefix, query],
    queryFn: ({ signal }) => callEndpoint(history.list[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /{aipm|admin}/history: every change, newest first, filtered and paged in the database. */
export const useHistory = (prefix: StaffPrefix, query: HistoryQuery) => useQuery(historyQuery(prefix, query));

/** The association's staff, the authors the history's filter offers. */
export const useHistoryAuthors = (prefix: StaffPrefix) =>
  useQuery({ queryKey: ['history', 'authors', prefix], queryFn: ({ signal }) => callEndpoint(organisation.aipmEmployees[prefix], { signal }) });

/** GET /{aipm|admin}/history/download: the filtered history as Excel. */
export const useDownloadHistory = (prefix: StaffPrefix) =>
  useMutation({ mutationFn: (query: HistoryQuery) => downloadEndpoint(history.download[prefix], { query }) });
