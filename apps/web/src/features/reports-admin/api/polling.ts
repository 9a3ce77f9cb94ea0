import type { TaskStatus } from '@portal/shared';
import { FINAL_TASK_STATES } from '@portal/shared/reports-model';

export const POLL_FIRST_MS = 1000;
export const POLL_SLOWEST_MS = 2000;
/** Each ask waits this much longer than the one before, up to the slowest. */
const BACKOFF = 1.15;

export const isFinal = (task: Pick<TaskStatus, 'state'>): boolean => FINAL_TASK_STATES.includes(task.state);

export const anyRunning = (tasks: readonly Pick<TaskStatus, 'state'>[]): boolean => tasks.some((task) => !isFinal(task));

/**
 * When to ask about a task again (TanStack Query's refetchInterval): never once it is final; otherwise every second at
 * first, backing off to every two seconds as the asks add up (a long build needs no second-by-second bar), and never
 * sooner than the server asks (`retryAfterMs`), within those bounds.
 */
export function nextPollDelay(task: Pick<TaskStatus, 'state' | 'retryAfterMs'> | undefined, asked: number): number | false {
  if (task && isFinal(task)) return false;
  const backedOff = POLL_FIRST_MS * BACKOFF ** Math.max(0, asked - 1);
  const wanted = Math.max(backedOff, task?.retryAfterMs ?? 0);
  return Math.round(Math.min(POLL_SLOWEST_MS, Math.max(POLL_FIRST_MS, wanted)));
}
