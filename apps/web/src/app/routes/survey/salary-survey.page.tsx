import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/page-title.ts';
import { OVERVIEW_KEY, SURVEY_KEY, useSurveyOverview } from '../../../features/survey/api/survey-queries.ts';
import { SurveyFrame } from '../../../features/survey/components/survey-frame.tsx';
import { SurveyScreen } from '../../../features/survey/components/survey-screen.tsx';
import { SurveySessionProvider, useSurveySession } from '../../../features/survey/components/survey-session.tsx';
import { type ScreenKey, screensOf } from '../../../features/survey/components/survey-steps.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { ErrorPage } from '../../shell/error-page.tsx';

/** Back and Next under a step: what is pending is saved first. */
function StepNav({ screens, screen, go }: { screens: ScreenKey[]; screen: ScreenKey; go: (key: ScreenKey) => void }) {
  const { t } = useTranslation();
  const i = screens.indexOf(screen);
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', px: { xs: 2, sm: 3 }, pb: 3 }}>
      <Button disabled={i <= 0} onClick={() => go(screens[i - 1]!)}>
        {t('survey:nav.back')}
      </Button>
      {i >= 0 && i < screens.length - 1 ? (
        <Button variant="contained" onClick={() => go(screens[i + 1]!)}>
          {t('survey:nav.next')}
        </Button>
      ) : null}
    </Stack>
  );
}

function Questionnaire() {
  const { t } = useTranslation();
  const overview = useSurveyOverview().data!;
  const user = useCurrentUser()!;
  const session = useSurveySession();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const submitted = overview.response.status === 'submitted' || overview.response.status === 'accepted';
  const screens = screensOf(overview);
  const asked = params.get('step');
  const screen: ScreenKey = asked && (screens.includes(asked) || asked === 'done') ? asked : submitted ? 'done' : 'info';
  const go = async (key: ScreenKey) => {
    // The step's pending answers are saved before it goes (design §5 item 10); the next step reads the latest.
    if (!(await session.flush())) return;
    setParams({ step: key });
    await client.invalidateQueries({ queryKey: SURVEY_KEY, predicate: (q) => q.queryKey[1] !== OVERVIEW_KEY[1] });
    window.scrollTo({ top: 0 });
  };
  return (
    <>
      {submitted && screen !== 'done' ? (
        <Alert
          severity="info"
          sx={{ mx: { xs: 2, sm: 3 }, mt: 2 }}
          action={<Button onClick={() => void go('done')}>{t('survey:done.title')}</Button>}
        >
          {t('survey:readOnly')}
        </Alert>
      ) : null}
      <SurveyFrame overview={overview} screen={screen} onScreen={(key) => void go(key)}>
        <SurveyScreen screen={screen} overview={overview} user={user} onScreen={(key) => void go(key)} />
      </SurveyFrame>
      {screen === 'done' ? null : <StepNav screens={screens} screen={screen} go={(key) => void go(key)} />}
    </>
  );
}

/** /reports/selection/salary under every company role's prefix: the salary survey's questionnaire (issue 10). */
export default function SalarySurveyPage() {
  const { t } = useTranslation();
  usePageTitle(t('survey:title'));
  const overview = useSurveyOverview();
  if (overview.error instanceof ApiError) {
    if (overview.error.status === 403) return <ErrorPage status={403} />;
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity={overview.error.status === 410 ? 'info' : 'error'}>
          {overview.error.status === 404 ? t('survey:noPeriod') : overview.error.message}
        </Alert>
      </Box>
    );
  }
  if (!overview.data)
    return (
      <Box sx={{ p: 3 }}>
        <CircularProgress aria-label={t('survey:title')} />
      </Box>
    );
  return (
    <SurveySessionProvider version={overview.data.response.version} savedAt={overview.data.response.lastSavedAt} editable={overview.data.editable}>
      <Questionnaire />
    </SurveySessionProvider>
  );
}
