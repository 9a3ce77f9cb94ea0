import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rolePath } from '@portal/shared';
import { FILL_AREAS } from '@portal/shared/survey-model';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { useAvailableReports } from '../../../features/survey-access/api/available-reports.ts';
import { SurveyCard } from '../../../features/survey-access/components/survey-card.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** /reports/selection (company roles): the surveys the person may fill now, the report areas they hold and the way to their reports. */
export default function CompanySelectionPage() {
  const { t } = useTranslation();
  const role = useCurrentUser()?.role ?? 'employee';
  usePageTitle(t('reports:selection.title'));
  const available = useAvailableReports();
  const areas = available.data?.areas ?? [];
  const reportAreas = areas.filter((a) => !FILL_AREAS.includes(a));
  return (
    <Stack spacing={3}>
      <PageHeading>{t('reports:selection.title')}</PageHeading>
      <Typography color="text.secondary">{t('reports:selection.intro')}</Typography>
      {available.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {available.error ? <Alert severity="error">{errorMessage(available.error)}</Alert> : null}
      {available.data ? (
        <>
          <Stack component="section" aria-labelledby="surveys-heading" spacing={2}>
            <Typography id="surveys-heading" variant="h6" component="h2">
              {t('reports:selection.surveys')}
            </Typography>
            {!areas.some((a) => FILL_AREAS.includes(a)) ? (
              <Typography color="text.secondary">{t('reports:selection.noArea')}</Typography>
            ) : available.data.surveys.length === 0 ? (
              <Typography color="text.secondary">{t('reports:selection.noSurveys')}</Typography>
            ) : (
              available.data.surveys.map((s) => <SurveyCard key={s.periodId} survey={s} />)
            )}
          </Stack>
          <Stack component="section" aria-labelledby="reports-heading" spacing={1}>
            <Typography id="reports-heading" variant="h6" component="h2">
              {t('reports:selection.reports')}
            </Typography>
            <Typography color="text.secondary">
              {reportAreas.length
                ? t('reports:selection.reportAreas', { areas: reportAreas.map((a) => t(`reports:areas.${a}`)).join(', ') })
                : t('reports:selection.noReportAreas')}
            </Typography>
            <Button component={RouterLink} to={rolePath(role, 'reports/published')} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
              {t('reports:published.title')}
            </Button>
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
