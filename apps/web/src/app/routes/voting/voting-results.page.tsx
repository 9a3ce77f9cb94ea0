import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rolePath, type VotingDetail } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../../components/page-title.ts';
import { useVotingDownload } from '../../../features/voting/api/downloads.ts';
import { useVotingPrefix } from '../../../features/voting/api/prefix.ts';
import { notifyFailed } from '../../../features/voting/components/notify.ts';
import { ResponsesPanel } from '../../../features/voting/components/responses-panel.tsx';
import { StatusChip } from '../../../features/voting/components/status-chip.tsx';
import { StatusMoves } from '../../../features/voting/components/status-moves.tsx';
import { DetailsCard, LinkCard, PublishControls, StatsCard, TurnoutCard } from '../../../features/voting/components/voting-overview.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { StaffVoting } from './staff-voting.tsx';
import { WithVoting } from './voting-loader.tsx';

function VotingPage({ voting }: { voting: VotingDetail }) {
  const { t } = useTranslation();
  const prefix = useVotingPrefix();
  const base = rolePath(useCurrentUser()?.role ?? 'staff', 'voting');
  const download = useVotingDownload(prefix);
  usePageTitle(`${voting.title} — ${t('common:nav.voting')}`);
  const get = (kind: 'answers' | 'protocol') => download.mutate({ kind, id: voting.id }, { onError: (error) => notifyFailed('download', error) });
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
              {voting.title}
            </Typography>
            <StatusChip status={voting.status} />
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <StatusMoves prefix={prefix} voting={voting} size="medium" />
            <PublishControls key={`${voting.publishResults}-${voting.showCounts}`} prefix={prefix} voting={voting} />
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button size="small" startIcon={<EditOutlined />} component={RouterLink} to={`${base}/edit/${voting.id}`}>
              {t('voting:actions.edit')}
            </Button>
            <Button size="small" startIcon={<ContentCopyOutlined />} component={RouterLink} to={`${base}/clone/${voting.id}`}>
              {t('voting:actions.clone')}
            </Button>
            <Button size="small" startIcon={<DownloadOutlined />} onClick={() => get('answers')}>
              {t('voting:results.downloadAnswers')}
            </Button>
            <Button size="small" startIcon={<DownloadOutlined />} onClick={() => get('protocol')}>
              {t('voting:results.downloadProtocol')}
            </Button>
          </Stack>
          <DetailsCard voting={voting} />
        </Stack>
      </Paper>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <StatsCard prefix={prefix} voting={voting} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <LinkCard prefix={prefix} voting={voting} />
        </Grid>
      </Grid>
      <TurnoutCard prefix={prefix} voting={voting} />
      <ResponsesPanel prefix={prefix} voting={voting} />
    </Stack>
  );
}

/** /{aipm|admin}/voting/results/:id: the voting's page. */
export default function VotingResultsPage() {
  const { t } = useTranslation();
  return (
    <StaffVoting tab={false} title={t('voting:results.heading')}>
      <WithVoting live>{(voting) => <VotingPage voting={voting} />}</WithVoting>
    </StaffVoting>
  );
}
