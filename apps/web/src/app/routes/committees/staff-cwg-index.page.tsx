import { Navigate } from 'react-router';

/** /aipm/cwg and /admin/cwg open their first child, the committees. */
export default function StaffCwgIndexPage() {
  return <Navigate to="committees" replace />;
}
