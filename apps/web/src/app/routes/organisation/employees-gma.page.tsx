import { PeopleTable } from '../../../features/organisation/components/people-table.tsx';
import { StaffEmployees } from './staff-employees.tsx';

/** /{aipm|admin}/employees/gma: the general managers of all companies. */
export default function EmployeesGmaPage() {
  return (
    <StaffEmployees tab="gma">
      <PeopleTable scope="ceos" />
    </StaffEmployees>
  );
}
