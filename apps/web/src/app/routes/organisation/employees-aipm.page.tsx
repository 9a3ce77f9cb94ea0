import { AipmStaffTable } from '../../../features/organisation/components/aipm-staff-table.tsx';
import { StaffEmployees } from './staff-employees.tsx';

/** /{aipm|admin}/employees/aipm: the association's own staff. */
export default function EmployeesAipmPage() {
  return (
    <StaffEmployees tab="aipm">
      <AipmStaffTable />
    </StaffEmployees>
  );
}
