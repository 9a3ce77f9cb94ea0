import { useTranslation } from 'react-i18next';
import { VotingForm } from '../../../features/voting/components/voting-form.tsx';
import { StaffVoting } from './staff-voting.tsx';

/** /{aipm|admin}/voting/create */
export default function VotingCreatePage() {
  const { t } = useTranslation();
  return (
    <StaffVoting tab="create" title={t('voting:form.createTitle')}>
      <VotingForm mode="create" />
    </StaffVoting>
  );
}
