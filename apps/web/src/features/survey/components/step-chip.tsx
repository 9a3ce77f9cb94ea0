import Chip from '@mui/material/Chip';
import type { SurveyStep } from '@portal/shared';
import { useTranslation } from 'react-i18next';

const COLOR = {
  not_started: 'default',
  in_progress: 'primary',
  complete: 'success',
  has_errors: 'error',
  not_applicable: 'default',
} as const satisfies Record<SurveyStep['status'], 'default' | 'primary' | 'success' | 'error'>;

/** A step's status as a chip (not started, in progress, complete, has errors). */
export function StepChip({ status }: { status: SurveyStep['status'] }) {
  const { t } = useTranslation();
  return <Chip size="small" variant={status === 'complete' ? 'filled' : 'outlined'} color={COLOR[status]} label={t(`survey:status.${status}`)} />;
}
