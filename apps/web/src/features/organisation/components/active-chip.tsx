import Chip from '@mui/material/Chip';
import { useOrgLabels } from './labels.ts';

/** "Active" in green or "Inactive" in grey. */
export function ActiveChip({ isActive }: { isActive: boolean }) {
  const labels = useOrgLabels();
  return <Chip size="small" label={labels.active(isActive)} color={isActive ? 'success' : 'default'} variant={isActive ? 'filled' : 'outlined'} />;
}
