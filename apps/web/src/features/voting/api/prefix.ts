import type { Role, STAFF_API_PREFIXES } from '@portal/shared';
import { useCurrentUser } from '../../../lib/auth.ts';

/** The key of the per-prefix staff contracts ('admin' for admin, 'aipm' for staff). */
export type VotingPrefix = (typeof STAFF_API_PREFIXES)[number];

export const votingPrefix = (role: Role | undefined): VotingPrefix => (role === 'admin' ? 'admin' : 'aipm');

/** The current staff user's contract prefix. */
export function useVotingPrefix(): VotingPrefix {
  return votingPrefix(useCurrentUser()?.role);
}

/** The root of every voting query: a change anywhere refreshes the lists, the page and the counts. */
export const VOTING_KEY = ['voting'] as const;
