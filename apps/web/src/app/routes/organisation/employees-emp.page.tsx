import { PeopleTable } from '../../../features/organisation/components/people-table.tsx';
import { StaffEmployees } from './staff-employees.tsx';

/** /{aipm|admin}/employees/emp: all people of member companies. */
export default function EmployeesEmpPage() {
  return (
    <StaffEmployees tab="emp">
      <PeopleTable scope="all" />
    </StaffEmployees>
  );
}
