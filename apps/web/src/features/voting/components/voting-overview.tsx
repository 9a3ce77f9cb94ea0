import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { VotingDetail } from '@portal/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useVotingDownload } from '../api/downloads.ts';
import type { VotingPrefix } from '../api/prefix.ts';
import { usePublishResults } from '../api/publish-results.ts';
import { useQrImageUrl } from '../api/qr-image.ts';
import { useRemindVoters } from '../api/remind-voters.ts';
import { useVotingStats } from '../api/stats.ts';
import { useVotingTurnout } from '../api/turnout.ts';
import { notifyDone, notifyFailed, toastCallbacks } from './notify.ts';
import { ResultsBars } from './results-bars.tsx';

export function Card({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** Publish the results to voters or withdraw them (stopped or archived votings), with the "show counts" choice. */
export function PublishControls({ prefix, voting }: { prefix: VotingPrefix; voting: VotingDetail }) {
  const { t } = useTranslation();
  const publish = usePublishResults(prefix);
  const [showCounts, setShowCounts] = useState(voting.showCounts);
  if (voting.status !== 'stopped' && voting.status !== 'archived') return null;
  const set = (publishResults: boolean) =>
    publish.mutate({ id: voting.id, publishResults, showCounts }, toastCallbacks(publishResults ? 'published' : 'withdrawn'));
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FormControlLabel
        control={<Checkbox checked={showCounts} onChange={(event) => setShowCounts(event.target.checked)} />}
        label={t('voting:form.showCounts')}
      />
      {voting.publishResults ? (
        <>
          <Button variant="outlined" loading={publish.isPending} onClick={() => set(true)} disabled={showCounts === voting.showCounts}>
            {t('voting:actions.publish')}
          </Button>
          <Button variant="outlined" color="warning" loading={publish.isPending} onClick={() => set(false)}>
            {t('voting:actions.withdraw')}
          </Button>
        </>
      ) : (
        <Button variant="contained" color="success" loading={publish.isPending} onClick={() => set(true)}>
          {t('voting:actions.publish')}
        </Button>
      )}
    </Stack>
  );
}

/** The public link (copyable) and its QR code, with PNG and SVG downloads. */
export function LinkCard({ prefix, voting }: { prefix: VotingPrefix; voting: VotingDetail }) {
  const { t } = useTranslation();
  const qr = useQrImageUrl(prefix, voting.id);
  const download = useVotingDownload(prefix);
  const link = voting.link.startsWith('/') ? `${window.location.origin}${voting.link}` : voting.link;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notifyDone('linkCopied');
    } catch (error) {
      notifyFailed('linkCopied', error);
    }
  };
  const get = (format: 'png' | 'svg') =>
    download.mutate({ kind: 'qr', id: voting.id, format }, { onError: (error) => notifyFailed('download', error) });
  return (
    <Card title={t('voting:results.link')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ width: 180, height: 180, flexShrink: 0, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}>
          {qr ? <img src={qr} alt={t('voting:results.qrAlt')} width={180} height={180} style={{ display: 'block' }} /> : null}
        </Box>
        <Stack spacing={1.5} sx={{ minWidth: 0 }}>
          <Link href={link} target="_blank" rel="noreferrer" sx={{ wordBreak: 'break-all' }} data-testid="voting-public-link">
            {link}
          </Link>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button size="small" variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
              {t('voting:results.copyLink')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} onClick={() => get('png')}>
              {t('voting:results.downloadPng')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} onClick={() => get('svg')}>
              {t('voting:results.downloadSvg')}
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Card>
  );
}

/** The live results: bars per option, the response ratio and the quorum. */
export function StatsCard({ prefix, voting }: { prefix: VotingPrefix; voting: VotingDetail }) {
  const { t } = useTranslation();
  const live = voting.status === 'started';
  const stats = useVotingStats(prefix, voting.id);
  const s = stats.data;
  return (
    <Card
      title={t('voting:results.stats')}
      action={
        live ? (
          <Chip size="small" variant="outlined" label={t('voting:results.live')} sx={{ color: 'success.dark', borderColor: 'success.dark' }} />
        ) : null
      }
    >
      {s ? (
        <Stack spacing={2}>
          <ResultsBars options={s.options} />
          <Typography data-testid="voting-ratio">
            {t('voting:results.ratio', {
              responses: formatNumber(s.responses),
              max: formatNumber(s.maxResponses),
              ratio: formatNumber(s.responseRatio, { style: 'percent', maximumFractionDigits: 1 }),
            })}
          </Typography>
          {s.quorum === null ? (
            <Typography color="text.secondary">{t('voting:results.noQuorum')}</Typography>
          ) : (
            <Alert severity={(s.quorumReached ?? s.responses >= s.quorum) ? 'success' : 'warning'} data-testid="voting-quorum">
              {(s.quorumReached ?? s.responses >= s.quorum)
                ? t('voting:results.quorumReached', { quorum: formatNumber(s.quorum) })
                : t('voting:results.quorumNotReached', { quorum: formatNumber(s.quorum) })}
            </Alert>
          )}
          {s.notices.queued + s.notices.sent + s.notices.failed > 0 ? (
            <Typography color="text.secondary" data-testid="voting-notices">
              {t('voting:results.notices', {
                sent: formatNumber(s.notices.sent),
                queued: formatNumber(s.notices.queued),
                failed: formatNumber(s.notices.failed),
              })}
            </Typography>
          ) : null}
        </Stack>
      ) : null}
    </Card>
  );
}

/** Turnout by company against the eligible voters, with the reminder to those who have not voted. */
export function TurnoutCard({ prefix, voting }: { prefix: VotingPrefix; voting: VotingDetail }) {
  const { t } = useTranslation();
  const turnout = useVotingTurnout(prefix, voting.id);
  const remind = useRemindVoters(prefix);
  const [confirm, setConfirm] = useState(false);
  const data = turnout.data;
  return (
    <Card
      title={t('voting:results.turnout')}
      action={
        voting.status === 'started' ? (
          <Button size="small" variant="outlined" startIcon={<NotificationsActiveOutlined />} onClick={() => setConfirm(true)}>
            {t('voting:results.remind')}
          </Button>
        ) : null
      }
    >
      {data ? (
        <>
          <Typography sx={{ mb: 1 }}>
            {t('voting:results.turnoutSummary', { voted: formatNumber(data.voted), eligible: formatNumber(data.eligibleVoters) })}
          </Typography>
          {/* A list longer than the box scrolls: focusable, so a keyboard reaches every company (axe: scrollable-region-focusable). */}
          <Box tabIndex={0} role="region" aria-label={t('voting:results.turnout')} sx={{ maxHeight: 360, overflow: 'auto' }}>
            <Table size="small" aria-label={t('voting:results.turnout')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>{t('voting:results.company')}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{t('voting:fields.status')}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{t('voting:results.voter')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.companies.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>{c.name}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={c.voted ? 'success' : 'default'}
                        label={c.voted ? t('voting:results.voted') : t('voting:results.notVoted')}
                      />
                    </TableCell>
                    <TableCell>
                      {c.voters.map((v) => (
                        <Box
                          key={v.id}
                          component="span"
                          sx={{ display: 'inline-block', mr: 1.5, color: v.voted ? 'success.dark' : 'text.secondary' }}
                        >
                          {v.voted ? '✓ ' : ''}
                          {v.name} {v.surname}
                        </Box>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      ) : null}
      <ConfirmDialog
        open={confirm}
        title={t('voting:results.remindTitle')}
        confirmLabel={t('voting:results.remind')}
        pending={remind.isPending}
        onConfirm={() =>
          remind.mutate(
            { id: voting.id },
            {
              onSuccess: ({ sent }) => {
                notifyDone('reminded', { count: sent });
                setConfirm(false);
              },
              onError: (error) => notifyFailed('reminded', error),
            },
          )
        }
        onClose={() => setConfirm(false)}
      >
        <Typography>{t('voting:results.remindText')}</Typography>
      </ConfirmDialog>
    </Card>
  );
}

/** The voting's settings at a glance. */
export function DetailsCard({ voting }: { voting: VotingDetail }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('voting:fields.question'), voting.question],
    [t('voting:fields.period'), `${formatDateTime(voting.startsAt)} – ${formatDateTime(voting.endsAt)}`],
    [t('voting:results.unit'), voting.unit === 'company' ? t('voting:form.unitCompany') : t('voting:form.unitPerson')],
    [t('voting:fields.secrecy'), voting.secret ? t('voting:secrecy.secret') : t('voting:secrecy.named')],
    [t('voting:fields.confirmation'), voting.requireCode ? t('voting:confirmation.code') : t('voting:confirmation.none')],
    [t('voting:results.eligibleVoters'), formatNumber(voting.eligibleVoters)],
    [t('voting:fields.published'), voting.publishResults ? t('voting:results.published') : t('voting:results.notPublished')],
    ...(voting.author ? [[t('voting:results.author'), voting.author] as [string, string]] : []),
  ];
  return (
    <Stack spacing={2}>
      {voting.requireCode ? null : (
        <Alert severity="warning" data-testid="voting-no-code-notice">
          {t('voting:noCodeNotice')}
        </Alert>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 1, m: 0 }}>
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {k}
            </Box>
            <Box component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
              {v}
            </Box>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
