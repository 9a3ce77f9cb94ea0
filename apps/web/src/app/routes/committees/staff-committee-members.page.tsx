import { MembersTable } from '../../../features/committees/components/members-table.tsx';
import { StaffCommittee } from './staff-committee.tsx';

/** /{aipm|admin}/cwg/committees/:id/members: a committee's or group's page, its members, searched and paged in the database. */
export default function StaffCommitteeMembersPage() {
  return <StaffCommittee tab="members">{(committee) => <MembersTable committee={committee} />}</StaffCommittee>;
}
