import { ROLE_PREFIX } from '@portal/shared';
import { CommitteeStatView } from '../../../features/committees/components/committee-stat.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { StaffCwg } from './staff-cwg.tsx';

/** /{aipm|admin}/cwg/stat: members, subscribers and companies per committee and group. */
export default function StaffStatPage() {
  const base = ROLE_PREFIX[useCurrentUser()?.role ?? 'staff'];
  return (
    <StaffCwg tab="stat">
      <CommitteeStatView base={base} />
    </StaffCwg>
  );
}
