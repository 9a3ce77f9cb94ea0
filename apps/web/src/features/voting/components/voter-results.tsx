import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useLiveVoterVotings } from '../api/live-results.ts';
import { useVoterArchive } from '../api/voter-archive.ts';
import { ResultsBars } from './results-bars.tsx';

/** Past votings the voter could answer, with their published results (counts or only percentages, as set). */
export function VoterResults() {
  const { t } = useTranslation();
  const archive = useVoterArchive();
  useLiveVoterVotings();
  if (archive.isLoading) return <LinearProgress aria-label={t('common:loading')} />;
  if (archive.error) return <Alert severity="error">{errorMessage(archive.error)}</Alert>;
  const votings = archive.data ?? [];
  if (votings.length === 0) return <Alert severity="info">{t('voting:voter.noResults')}</Alert>;
  return (
    <Stack spacing={2}>
      {votings.map((v) => (
        <Paper key={v.id} variant="outlined" component="section" aria-label={v.title} sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2">
            {v.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('voting:voter.ended', { at: formatDateTime(v.endsAt) })}
          </Typography>
          <Typography sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>{v.question}</Typography>
          {v.results ? (
            <Stack spacing={1.5}>
              <ResultsBars options={v.results.options} />
              {v.results.responses !== null && v.results.maxResponses !== null ? (
                <Typography variant="body2" color="text.secondary">
                  {t('voting:results.ratio', {
                    responses: formatNumber(v.results.responses),
                    max: formatNumber(v.results.maxResponses),
                    ratio: formatNumber(v.results.responseRatio, { style: 'percent', maximumFractionDigits: 1 }),
                  })}
                </Typography>
              ) : null}
            </Stack>
          ) : (
            <Typography color="text.secondary">{t('voting:voter.notPublished')}</Typography>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
