import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { rolePath } from '@portal/shared';
import { FILL_AREAS } from '@portal/shared/survey-model';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { HomeCard } from '../../../components/home-card.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useAvailableReports } from '../api/available-reports.ts';
import { SurveyCard } from './survey-card.tsx';

/** The home page's surveys: each one the person may fill now, with the company's progress and deadline. */
export default function SurveysHomeCard() {
  const { t } = useTranslation();
  const role = useCurrentUser()?.role ?? 'employee';
  const available = useAvailableReports();
  const surveys = available.data?.surveys ?? [];
  const mayFill = available.data?.areas.some((a) => FILL_AREAS.includes(a));
  return (
    <HomeCard title={t('reports:home.title')} more={{ label: t('reports:selection.title'), to: rolePath(role, 'reports/selection') }}>
      {available.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {available.error ? <Alert severity="error">{errorMessage(available.error)}</Alert> : null}
      {available.data && surveys.length === 0 ? (
        <Typography color="text.secondary">{t(mayFill ? 'reports:home.none' : 'reports:selection.noArea')}</Typography>
      ) : null}
      {surveys.map((s) => (
        <SurveyCard key={s.periodId} survey={s} compact />
      ))}
    </HomeCard>
  );
}
