import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePeriods } from '../../../features/survey-admin/api/periods.ts';
import { DatafilesPanel } from '../../../features/survey-admin/components/datafiles-panel.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { StaffSurveyFrame } from './staff-survey-frame.tsx';

/** /{aipm|admin}/reports/period/:id (decision: a page of its own, so it can be shared): a period's catalogue files. */
export default function StaffPeriodFilesPage() {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const id = Number(useParams().id);
  const periods = usePeriods(prefix);
  const period = periods.data?.find((p) => p.id === id);
  return (
    <StaffSurveyFrame tab="periods" title={t('surveyAdmin:periods.files')}>
      {() =>
        period ? (
          <DatafilesPanel prefix={prefix} period={period} />
        ) : periods.isPending ? (
          <LinearProgress aria-label={t('common:loading')} />
        ) : (
          <Alert severity="warning">{t('errors:notFound')}</Alert>
        )
      }
    </StaffSurveyFrame>
  );
}
