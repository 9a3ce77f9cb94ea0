import { useTranslation } from 'react-i18next';
import { VotingForm } from '../../../features/voting/components/voting-form.tsx';
import { StaffVoting } from './staff-voting.tsx';
import { WithVoting } from './voting-loader.tsx';

/** /{aipm|admin}/voting/clone/:id: the create form prefilled from the voting (new dates left to the user). */
export default function VotingClonePage() {
  const { t } = useTranslation();
  return (
    <StaffVoting tab={false} title={t('voting:form.cloneTitle')}>
      <WithVoting>{(voting) => <VotingForm key={voting.id} mode="clone" voting={voting} />}</WithVoting>
    </StaffVoting>
  );
}
