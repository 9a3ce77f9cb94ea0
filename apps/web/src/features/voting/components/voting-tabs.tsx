import { LinkTabs } from '../../../components/link-tabs.tsx';

export const VOTING_TABS = ['list', 'create', 'archive', 'log'] as const;
export type VotingTab = (typeof VOTING_TABS)[number];

/** The children of /voting for staff and admin, as link tabs (false: none of them is open, e.g. a voting's page). */
export function VotingTabs({ base, current }: { base: string; current: VotingTab | false }) {
  return <LinkTabs tabs={VOTING_TABS} current={current} keyPrefix="voting:tabs" path={`${base}/voting`} />;
}
