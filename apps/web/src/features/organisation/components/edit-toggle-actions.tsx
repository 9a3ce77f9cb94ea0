import EditOutlined from '@mui/icons-material/EditOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../../../components/row-actions.tsx';

/** The row buttons of the organisation lists, named after the row ("Deactivate Demo Pharma"): edit, and switch on/off (green while on). */
export function useEditToggleActions() {
  const { t } = useTranslation();
  return {
    edit: (name: string, onClick: () => void): RowAction => ({
      label: t('organisation:editNamed', { name }),
      icon: <EditOutlined fontSize="small" />,
      onClick,
    }),
    toggle: (name: string, isActive: boolean, onClick: () => void): RowAction =>
      isActive
        ? { label: t('organisation:deactivateNamed', { name }), icon: <ToggleOnOutlined fontSize="small" />, color: 'success', onClick }
        : { label: t('organisation:activateNamed', { name }), icon: <ToggleOffOutlined fontSize="small" />, onClick },
  };
}
