import { RequestsTable } from '../../../features/committees/components/requests-table.tsx';
import { StaffCwg } from './staff-cwg.tsx';

/** /{aipm|admin}/cwg/assignments: the membership requests of every company. */
export default function StaffAssignmentsPage() {
  return (
    <StaffCwg tab="assignments">
      <RequestsTable />
    </StaffCwg>
  );
}
