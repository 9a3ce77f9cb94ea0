import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SurveyProgress as Progress } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { currentLocaleTag } from '../../../lib/i18n.ts';
import type { SaveState } from './survey-session.tsx';

/** The progress bar with its percentage and "N of M sections complete", and the autosave's state ("Saved at hh:mm"). */
export function SurveyProgressBar({ progress, state, savedAt }: { progress: Progress; state: SaveState; savedAt: string | null }) {
  const { t } = useTranslation();
  const time = savedAt ? new Date(savedAt).toLocaleTimeString(currentLocaleTag(), { hour: '2-digit', minute: '2-digit' }) : null;
  const saveText =
    state === 'saving'
      ? t('survey:session.saving')
      : state === 'dirty'
        ? t('survey:session.unsaved')
        : state === 'error' || state === 'conflict'
          ? t('survey:session.notSaved')
          : time
            ? t('survey:session.savedAt', { time })
            : '';
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('survey:progress.percent', { pct: progress.pct })} ·{' '}
          {t('survey:progress.sections', { done: progress.stepsComplete, total: progress.stepsTotal })}
        </Typography>
        <Typography variant="body2" color={state === 'error' || state === 'conflict' ? 'error' : 'text.secondary'} role="status" aria-live="polite">
          {saveText}
        </Typography>
      </Stack>
      <LinearProgress variant="determinate" value={progress.pct} aria-label={t('survey:progress.label')} sx={{ height: 8, borderRadius: 4 }} />
    </Stack>
  );
}
