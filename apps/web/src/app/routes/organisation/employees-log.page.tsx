import { UsersLogTable } from '../../../features/organisation/components/users-log-table.tsx';
import { StaffEmployees } from './staff-employees.tsx';

/** /{aipm|admin}/employees/log: the users' log. */
export default function EmployeesLogPage() {
  return (
    <StaffEmployees tab="log">
      <UsersLogTable />
    </StaffEmployees>
  );
}
