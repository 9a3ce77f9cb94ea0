import { LinkTabs } from '../../../components/link-tabs.tsx';

export const CWG_TABS = ['committees', 'assignments', 'stat', 'log', 'template', 'settings'] as const;
export type CwgTab = (typeof CWG_TABS)[number];

/** The children of /cwg for staff and admin, as link tabs. */
export function CwgTabs({ base, current }: { base: string; current: CwgTab }) {
  return <LinkTabs tabs={CWG_TABS} current={current} keyPrefix="committees:staff.tabs" path={`${base}/cwg`} />;
}

export const COMMITTEE_TABS = ['members', 'subscribers', 'distribution', 'mailings'] as const;
export type CommitteeTab = (typeof COMMITTEE_TABS)[number];

/** The sections of one committee's or group's page, as link tabs. */
export function CommitteeTabs({ base, committeeId, current }: { base: string; committeeId: number; current: CommitteeTab }) {
  return (
    <LinkTabs tabs={COMMITTEE_TABS} current={current} keyPrefix="committees:staff.committeeTabs" path={`${base}/cwg/committees/${committeeId}`} />
  );
}
