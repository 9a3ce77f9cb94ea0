import { DistributionList } from '../../../features/committees/components/distribution-list.tsx';
import { StaffCommittee } from './staff-committee.tsx';

/** /{aipm|admin}/cwg/committees/:id/distribution: a committee's or group's page, its distribution list. */
export default function StaffCommitteeDistributionPage() {
  return <StaffCommittee tab="distribution">{(committee) => <DistributionList committee={committee} />}</StaffCommittee>;
}
