import { useTranslation } from 'react-i18next';
import { VotingForm } from '../../../features/voting/components/voting-form.tsx';
import { StaffVoting } from './staff-voting.tsx';
import { WithVoting } from './voting-loader.tsx';

/** /{aipm|admin}/voting/edit/:id */
export default function VotingEditPage() {
  const { t } = useTranslation();
  return (
    <StaffVoting tab={false} title={t('voting:form.editTitle')}>
      <WithVoting>{(voting) => <VotingForm key={voting.id} mode="edit" voting={voting} />}</WithVoting>
    </StaffVoting>
  );
}
