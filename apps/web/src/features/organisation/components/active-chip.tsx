import Chip from '@mui/material/Chip';
import { useOrgLabels } from './labels.ts';

/** "Active" in green or "Inactive" in grey. */
export function ActiveChip({ isActive }: { isActive: boolean }) {
  const labels = useOrgLabels();
  return <Chip size="small" label={labels.active(isActive)} color={isActive ? 'success' : 'default'} variant={isActive ? 'filled' : 'outlined'} />;
}

/** A switched-off row of a list reads greyed out. */
export const inactiveRowSx = (row: { isActive: boolean }) => (row.isActive ? undefined : { '& td': { color: 'text.disabled' } });
