import { ROLE_PREFIX } from '@portal/shared';
import { TemplatesTable } from '../../../features/committees/components/templates-table.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { StaffCwg } from './staff-cwg.tsx';

/** /{aipm|admin}/cwg/template: the mail templates; admin creates, edits and deletes them, staff view them. */
export default function StaffTemplatesPage() {
  const role = useCurrentUser()?.role ?? 'staff';
  return (
    <StaffCwg tab="template">
      <TemplatesTable base={ROLE_PREFIX[role]} isAdmin={role === 'admin'} />
    </StaffCwg>
  );
}
