import { Navigate } from 'react-router';

/** /{aipm|admin}/cwg/committees/:id opens the committee's members. */
export default function StaffCommitteeIndexPage() {
  return <Navigate to="members" replace />;
}
