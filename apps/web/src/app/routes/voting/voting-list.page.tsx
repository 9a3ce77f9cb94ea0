import { VotingsTable } from '../../../features/voting/components/votings-table.tsx';
import { StaffVoting } from './staff-voting.tsx';

/** /{aipm|admin}/voting/list */
export default function VotingListPage() {
  return (
    <StaffVoting tab="list">
      <VotingsTable />
    </StaffVoting>
  );
}
