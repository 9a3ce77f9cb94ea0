import { VotingsTable } from '../../../features/voting/components/votings-table.tsx';
import { StaffVoting } from './staff-voting.tsx';

/** /{aipm|admin}/voting/archive */
export default function VotingArchivePage() {
  return (
    <StaffVoting tab="archive">
      <VotingsTable archive />
    </StaffVoting>
  );
}
