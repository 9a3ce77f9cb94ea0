import Chip from '@mui/material/Chip';
import type { RequestStatus } from '@portal/shared';
import { useCommitteeLabels } from './labels.ts';

const COLOR: Record<RequestStatus, 'primary' | 'warning' | 'success' | 'default'> = {
  new: 'primary',
  inProgress: 'warning',
  confirmed: 'success',
  removed: 'default',
};

/** A membership request's status (New, In progress, Confirmed, Removed) as a coloured chip; `label` words it ("Your request: New"). */
export function RequestStatusChip({ status, label }: { status: RequestStatus; label?: (status: string) => string }) {
  const labels = useCommitteeLabels();
  const word = labels.requestStatus(status);
  return <Chip size="small" color={COLOR[status]} variant={status === 'removed' ? 'outlined' : 'filled'} label={label ? label(word) : word} />;
}
