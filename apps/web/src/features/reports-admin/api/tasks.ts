import { reports } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { REPORTS_ADMIN_KEY, type StaffPrefix } from './keys.ts';
import { anyRunning, nextPollDelay } from './polling.ts';

/**
 * GET /{admin|aipm}/report/tasks?periodId: the period's runs, newest first. With `follow`, asked again while any is
 * unfinished (one call for many rows, where a checkStatus per row would be one per second each).
 */
export const useTasks = (prefix: StaffPrefix, periodId: number, follow = false) =>
  useQuery({
    queryKey: [...REPORTS_ADMIN_KEY, 'tasks', prefix, periodId],
    queryFn: ({ signal }) => callEndpoint(reports.tasks[prefix], { query: { periodId }, signal }),
    refetchInterval: (q) => (follow && q.state.data && anyRunning(q.state.data) ? nextPollDelay(undefined, q.state.dataUpdateCount) : false),
  });
