import { CompaniesTable } from '../../../features/organisation/components/companies-table.tsx';
import { StaffEmployees } from './staff-employees.tsx';

/** /{aipm|admin}/employees/companies */
export default function EmployeesCompaniesPage() {
  return (
    <StaffEmployees tab="companies">
      <CompaniesTable />
    </StaffEmployees>
  );
}
