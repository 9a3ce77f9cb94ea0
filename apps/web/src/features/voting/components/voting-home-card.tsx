import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rolePath } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { HomeCard } from '../../../components/home-card.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useActiveVotings } from '../api/voter-active.ts';
import { VoterStatusChip } from './voter-status-chip.tsx';

const SHOWN = 5;

/** The home page's votings: those open to the person now, soonest deadline first, and whether they have voted. */
export default function VotingHomeCard() {
  const { t } = useTranslation();
  const role = useCurrentUser()?.role ?? 'employee';
  const active = useActiveVotings();
  const votings = [...(active.data ?? [])].sort((a, b) => a.endsAt.localeCompare(b.endsAt)).slice(0, SHOWN);
  return (
    <HomeCard title={t('voting:home.title')} more={{ label: t('voting:home.all'), to: rolePath(role, 'voting/list') }}>
      {active.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {active.error ? <Alert severity="error">{errorMessage(active.error)}</Alert> : null}
      {active.data && votings.length === 0 ? <Typography color="text.secondary">{t('voting:home.none')}</Typography> : null}
      {votings.map((v) => (
        <Stack key={v.id} spacing={0.5}>
          <Link component={RouterLink} to={rolePath(role, `voting/list/${v.id}`)} sx={{ fontWeight: 500 }}>
            {v.title}
          </Link>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {t('voting:voter.deadline', { at: formatDateTime(v.endsAt) })}
            </Typography>
            <VoterStatusChip voting={v} />
          </Stack>
        </Stack>
      ))}
    </HomeCard>
  );
}
