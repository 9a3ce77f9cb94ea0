import { VotingLogTable } from '../../../features/voting/components/voting-log-table.tsx';
import { StaffVoting } from './staff-voting.tsx';

/** /{aipm|admin}/voting/log */
export default function VotingLogPage() {
  return (
    <StaffVoting tab="log">
      <VotingLogTable />
    </StaffVoting>
  );
}
