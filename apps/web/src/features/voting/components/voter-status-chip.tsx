import Chip from '@mui/material/Chip';
import type { VoterVoting } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** Whether the voter (or, for a company vote, their company) has answered the voting. */
export function VoterStatusChip({ voting }: { voting: Pick<VoterVoting, 'myResponse' | 'companyVotedBy'> }) {
  const { t } = useTranslation();
  if (voting.myResponse !== null) return <Chip size="small" color="success" label={t('voting:voter.voted')} />;
  if (voting.companyVotedBy) return <Chip size="small" color="info" label={t('voting:voter.companyVoted', { name: voting.companyVotedBy })} />;
  return <Chip size="small" variant="outlined" label={t('voting:voter.notVoted')} />;
}
