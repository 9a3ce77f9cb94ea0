import { SubscribersTable } from '../../../features/committees/components/subscribers-table.tsx';
import { StaffCommittee } from './staff-committee.tsx';

/** /{aipm|admin}/cwg/committees/:id/subscribers: a committee's or group's page, its subscribers, and setting them from a list. */
export default function StaffCommitteeSubscribersPage() {
  return <StaffCommittee tab="subscribers">{(committee) => <SubscribersTable committee={committee} />}</StaffCommittee>;
}
