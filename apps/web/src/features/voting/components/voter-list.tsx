import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useActiveVotings } from '../api/voter-active.ts';
import { VoterStatusChip } from './voter-status-chip.tsx';

/** The votings the voter may answer now, each with its deadline and whether they (or their company) have voted. */
export function VoterList({ base }: { base: string }) {
  const { t } = useTranslation();
  const active = useActiveVotings();
  if (active.isLoading) return <LinearProgress aria-label={t('common:loading')} />;
  if (active.error) return <Alert severity="error">{errorMessage(active.error)}</Alert>;
  const votings = active.data ?? [];
  if (votings.length === 0) return <Alert severity="info">{t('voting:voter.noActive')}</Alert>;
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('voting:voter.listTitle')}>
      {votings.map((v) => {
        const voted = v.myResponse !== null;
        return (
          <Paper key={v.id} component="li" variant="outlined" sx={{ p: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
              <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="h2">
                  {v.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('voting:voter.deadline', { at: formatDateTime(v.endsAt) })}
                </Typography>
                <Stack direction="row" spacing={1}>
                  <VoterStatusChip voting={v} />
                </Stack>
              </Stack>
              <Button
                variant={voted || v.companyVotedBy ? 'outlined' : 'contained'}
                component={RouterLink}
                to={`${base}/voting/list/${v.id}`}
                aria-label={`${voted || v.companyVotedBy ? t('voting:voter.view') : t('voting:voter.open')}: ${v.title}`}
              >
                {voted || v.companyVotedBy ? t('voting:voter.view') : t('voting:voter.open')}
              </Button>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
