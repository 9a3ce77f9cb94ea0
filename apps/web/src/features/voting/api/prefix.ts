import { type StaffPrefix, staffPrefix, useStaffPrefix } from '../../../lib/api-prefix.ts';

/** The voting screens' contract prefix: the staff's (admin's for admin). */
export type VotingPrefix = StaffPrefix;
export const votingPrefix = staffPrefix;
export const useVotingPrefix = useStaffPrefix;

/** The root of every voting query: a change anywhere refreshes the lists, the page and the counts. */
export const VOTING_KEY = ['voting'] as const;
