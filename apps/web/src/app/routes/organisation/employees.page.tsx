import { Navigate } from 'react-router';

/** /aipm/employees and /admin/employees open their first child, the companies. */
export default function EmployeesPage() {
  return <Navigate to="companies" replace />;
}
