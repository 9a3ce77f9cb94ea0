/** The life of a voting: one table, used by the server to allow a move and by the screens to offer it. */
export const VOTING_STATUSES = ['planned', 'started', 'stopped', 'archived'] as const;
export type VotingStatus = (typeof VOTING_STATUSES)[number];

export const VOTING_ACTIONS = ['start', 'stop', 'resume', 'archive', 'toPlan'] as const;
export type VotingAction = (typeof VOTING_ACTIONS)[number];

export const VOTING_TRANSITIONS: Record<VotingAction, { from: readonly VotingStatus[]; to: VotingStatus }> = {
  start: { from: ['planned'], to: 'started' },
  stop: { from: ['started'], to: 'stopped' },
  resume: { from: ['stopped'], to: 'started' },
  archive: { from: ['stopped'], to: 'archived' },
  toPlan: { from: ['stopped', 'archived'], to: 'planned' },
};

/** The move `nextStatus` makes from each status (resume and to-plan have their own calls). */
export const NEXT_ACTION: Partial<Record<VotingStatus, VotingAction>> = { planned: 'start', started: 'stop', stopped: 'archive' };

export const canMove = (status: VotingStatus, action: VotingAction): boolean => VOTING_TRANSITIONS[action].from.includes(status);

export const actionsFrom = (status: VotingStatus): VotingAction[] => VOTING_ACTIONS.filter((a) => canMove(status, a));
