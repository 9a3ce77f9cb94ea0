import { Navigate } from 'react-router';

/** /voting (every role): its list. */
export default function VotingIndexPage() {
  return <Navigate to="list" replace />;
}
