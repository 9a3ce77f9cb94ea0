import type { VotingStatus } from './voting.status.ts';

/**
 * Rules about a voting that the server and both voting screens apply alike. This file imports nothing that
 * runs (no zod), so the public form's small bundle can use it through `@portal/shared/voting-rules`.
 */

/** Why a voting takes no answers at an instant: it has not begun, or it is over. */
export type ClosedReason = 'notBegun' | 'over';

export interface VotingWindow {
  status: VotingStatus;
  startsAt: Date | string;
  endsAt: Date | string;
}

const ms = (t: Date | string) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/**
 * Whether a voting takes answers at `now` (ms since the epoch): a started voting does from its start until, not at, its
 * end. `toleranceMs` lets a browser whose clock runs a little behind the server's show a voting that has just begun as open.
 */
export function closedReason(v: VotingWindow, now: number, toleranceMs = 0): ClosedReason | null {
  if (v.status === 'planned' || (v.status === 'started' && now + toleranceMs < ms(v.startsAt))) return 'notBegun';
  if (v.status !== 'started' || now >= ms(v.endsAt)) return 'over';
  return null;
}
