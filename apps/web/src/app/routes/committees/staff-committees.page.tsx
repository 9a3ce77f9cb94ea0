import { ROLE_PREFIX } from '@portal/shared';
import { CommitteesTable } from '../../../features/committees/components/committees-table.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { StaffCwg } from './staff-cwg.tsx';

/** /{aipm|admin}/cwg/committees: every committee with its working groups. */
export default function StaffCommitteesPage() {
  const role = useCurrentUser()?.role ?? 'staff';
  return (
    <StaffCwg tab="committees">
      <CommitteesTable base={ROLE_PREFIX[role]} isAdmin={role === 'admin'} />
    </StaffCwg>
  );
}
