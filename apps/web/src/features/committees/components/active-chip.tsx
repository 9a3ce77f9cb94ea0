import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** "Active" in green or "Inactive" in grey, for a committee or group. */
export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(active ? 'committees:staff.active' : 'committees:staff.inactive')}
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
    />
  );
}
