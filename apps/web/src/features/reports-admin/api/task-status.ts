import { reports } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../../lib/api-client.ts';
import { REPORTS_ADMIN_KEY, type StaffPrefix, useInvalidateReportsAdmin } from './keys.ts';
import { isFinal, nextPollDelay } from './polling.ts';

/**
 * GET /{admin|aipm}/report/checkStatus, asked again every second or two until the task is final; then the editions and
 * the history are read again, so what it built shows.
 */
export function useFollowedTask(prefix: StaffPrefix, taskId: number) {
  const status = useQuery({
    queryKey: [...REPORTS_ADMIN_KEY, 'task', prefix, taskId],
    queryFn: ({ signal }) => callEndpoint(reports.checkStatus[prefix], { query: { taskId }, signal }),
    refetchInterval: (q) => nextPollDelay(q.state.data, q.state.dataUpdateCount),
  });
  const invalidate = useInvalidateReportsAdmin();
  const final = status.data !== undefined && isFinal(status.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per task's end (invalidate is a new function each render)
  useEffect(() => {
    if (final) void invalidate();
  }, [final, taskId]);
  return status.data;
}
