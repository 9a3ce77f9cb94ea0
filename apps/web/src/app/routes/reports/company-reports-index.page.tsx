import { Navigate } from 'react-router';

/** /reports (company roles): what they may fill and read. */
export default function CompanyReportsIndexPage() {
  return <Navigate to="selection" replace />;
}
