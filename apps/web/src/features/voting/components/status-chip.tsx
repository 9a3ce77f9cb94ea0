import Chip from '@mui/material/Chip';
import type { VotingStatus } from '@portal/shared';
import { useTranslation } from 'react-i18next';

const COLOR: Record<VotingStatus, 'default' | 'primary' | 'success' | 'warning'> = {
  planned: 'default',
  started: 'success',
  stopped: 'warning',
  archived: 'default',
};

/** A voting's status as a coloured chip. */
export function StatusChip({ status }: { status: VotingStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant={status === 'archived' ? 'outlined' : 'filled'} color={COLOR[status]} label={t(`voting:status.${status}`)} />;
}
