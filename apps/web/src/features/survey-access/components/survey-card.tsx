import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AvailableSurvey, rolePath } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format.ts';

/** Where each kind of survey is filled in, under the person's own prefix. */
const FILL_PATH = { salary: 'reports/selection/salary', credit: 'reports/selection/credit' } as const;

/** One survey the person may fill: its period, the company's status and progress, the deadline and the way in. */
export function SurveyCard({ survey, compact }: { survey: AvailableSurvey; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const role = useCurrentUser()?.role ?? 'employee';
  const title = i18n.language === 'ru' ? survey.titleRu : survey.titleEn;
  const action = !survey.editable ? 'view' : survey.responseStatus === 'not_started' ? 'start' : 'continue';
  const progress = t('reports:selection.progress', { pct: survey.progressPct, done: survey.stepsComplete, total: survey.stepsTotal });
  return (
    <Paper variant={compact ? 'elevation' : 'outlined'} elevation={0} component="article" aria-label={title} sx={{ p: compact ? 0 : 2.5 }}>
      <Stack spacing={1.25}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {title}
          </Typography>
          <Chip size="small" variant="outlined" label={t(`reports:responseStatus.${survey.responseStatus}`)} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {`${t('reports:selection.deadline', { date: formatDate(survey.deadline) })} · ${t('reports:selection.effectiveDate', { date: formatDate(survey.effectiveDate) })}`}
        </Typography>
        {/* Credit data has no steps: its chip says where it stands. */}
        {survey.stepsTotal > 0 ? (
          <>
            <LinearProgress variant="determinate" value={survey.progressPct} aria-label={progress} sx={{ height: 8, borderRadius: 4 }} />
            <Typography variant="body2">{progress}</Typography>
          </>
        ) : null}
        <Button
          component={RouterLink}
          to={rolePath(role, FILL_PATH[survey.kind])}
          variant={compact ? 'text' : 'contained'}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t(`reports:selection.${action}`)}
        </Button>
      </Stack>
    </Paper>
  );
}
