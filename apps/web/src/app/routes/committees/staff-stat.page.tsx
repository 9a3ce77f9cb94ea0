import { CommitteeStatView } from '../../../features/committees/components/committee-stat.tsx';
import { StaffCwg } from './staff-cwg.tsx';

/** /{aipm|admin}/cwg/stat: members, subscribers and companies per committee and group. */
export default function StaffStatPage() {
  return (
    <StaffCwg tab="stat">
      <CommitteeStatView />
    </StaffCwg>
  );
}
