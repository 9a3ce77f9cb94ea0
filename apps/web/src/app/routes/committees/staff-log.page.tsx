import { ROLE_PREFIX } from '@portal/shared';
import { CommitteeLogTable } from '../../../features/committees/components/committee-log-table.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { StaffCwg } from './staff-cwg.tsx';

/** /{aipm|admin}/cwg/log: the committees' log. */
export default function StaffLogPage() {
  const role = useCurrentUser()?.role ?? 'staff';
  return (
    <StaffCwg tab="log">
      <CommitteeLogTable base={ROLE_PREFIX[role]} isAdmin={role === 'admin'} />
    </StaffCwg>
  );
}
