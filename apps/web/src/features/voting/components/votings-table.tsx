import AddOutlined from '@mui/icons-material/AddOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rolePath, VOTING_STATUSES, type VotingSummary } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useVotingArchive } from '../api/archive.ts';
import { useDeleteVoting } from '../api/delete-voting.ts';
import { useVotingDownload } from '../api/downloads.ts';
import { useVotingPrefix } from '../api/prefix.ts';
import { useVotings } from '../api/votings.ts';
import { notifyFailed, toastCallbacks } from './notify.ts';
import { StatusChip } from './status-chip.tsx';
import { StatusMoves } from './status-moves.tsx';

/** The staff's list of votings (or the archive): status filter, search, paging, row actions and the status moves. */
export function VotingsTable({ archive = false }: { archive?: boolean }) {
  const { t } = useTranslation();
  const prefix = useVotingPrefix();
  const base = rolePath(useCurrentUser()?.role ?? 'staff', 'voting');
  const navigate = useNavigate();
  const { table, setTable, filtered } = useTableState('startsAt', 'desc');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const query = { ...table, search, ...(status ? { status: status as VotingSummary['status'] } : {}) };
  const list = useVotings(prefix, query, !archive);
  const archived = useVotingArchive(prefix, query, archive);
  const data = archive ? archived : list;
  const remove = useDeleteVoting(prefix);
  const download = useVotingDownload(prefix);
  // The voting to delete; a voting sent back to planning with its votes needs a second, informed confirmation.
  const [deleting, setDeleting] = useState<{ voting: VotingSummary; votesWarning?: string } | null>(null);
  const confirmDelete = () => {
    if (!deleting) return;
    const { voting, votesWarning } = deleting;
    const { onSuccess, onError } = toastCallbacks('deleted', { title: voting.title }, () => setDeleting(null));
    remove.mutate(
      { id: voting.id, confirmDeleteVotes: votesWarning !== undefined },
      {
        onSuccess,
        onError: (error) =>
          error instanceof ApiError && error.code === 'VOTING_DELETE_HAS_VOTES'
            ? setDeleting({ voting, votesWarning: error.message })
            : onError(error),
      },
    );
  };

  const columns: Column<VotingSummary>[] = [
    {
      key: 'title',
      label: t('voting:fields.title'),
      sortKey: 'title',
      render: (v) => (
        <Link component={RouterLink} to={`${base}/results/${v.id}`}>
          {v.title}
        </Link>
      ),
    },
    { key: 'status', label: t('voting:fields.status'), sortKey: 'status', render: (v) => <StatusChip status={v.status} /> },
    { key: 'startsAt', label: t('voting:fields.startsAt'), sortKey: 'startsAt', nowrap: true, render: (v) => formatDateTime(v.startsAt) },
    { key: 'endsAt', label: t('voting:fields.endsAt'), nowrap: true, render: (v) => formatDateTime(v.endsAt) },
    {
      key: 'responses',
      label: t('voting:fields.responses'),
      align: 'right',
      nowrap: true,
      render: (v) =>
        t('voting:list.responsesOfMax', {
          responses: formatNumber(v.responses),
          max: v.maxResponses === null ? '—' : formatNumber(v.maxResponses),
        }),
    },
    {
      key: 'actions',
      label: t('voting:list.actions'),
      align: 'right',
      render: (v) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
          <StatusMoves prefix={prefix} voting={v} />
          <RowActions
            actions={[
              { label: t('voting:actions.results'), icon: <BarChartOutlined fontSize="small" />, onClick: () => navigate(`${base}/results/${v.id}`) },
              { label: t('voting:actions.edit'), icon: <EditOutlined fontSize="small" />, onClick: () => navigate(`${base}/edit/${v.id}`) },
              { label: t('voting:actions.clone'), icon: <ContentCopyOutlined fontSize="small" />, onClick: () => navigate(`${base}/clone/${v.id}`) },
              {
                label: t('voting:actions.delete'),
                icon: <DeleteOutlined fontSize="small" />,
                color: 'error',
                hidden: v.status !== 'planned',
                onClick: () => setDeleting({ voting: v }),
              },
            ]}
          />
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={filtered(setSearch)} />
        {archive ? null : (
          <FilterSelect
            label={t('voting:fields.status')}
            value={status}
            onChange={filtered(setStatus)}
            options={VOTING_STATUSES.map((s) => ({ value: s, label: t(`voting:status.${s}`) }))}
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {archive ? null : (
          <>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              loading={download.isPending}
              onClick={() => download.mutate({ kind: 'votings', query }, { onError: (error) => notifyFailed('download', error) })}
            >
              {t('voting:list.downloadExcel')}
            </Button>
            <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={`${base}/create`}>
              {t('voting:list.create')}
            </Button>
          </>
        )}
      </Stack>
      <PagedTable
        label={archive ? t('voting:list.archiveTableLabel') : t('voting:list.tableLabel')}
        columns={columns}
        rows={data.data?.rows ?? []}
        total={data.data?.total ?? 0}
        loading={data.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(v) => v.id}
        emptyText={t('voting:list.empty')}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('voting:confirm.deleteTitle')}
        confirmLabel={t('voting:actions.delete')}
        danger
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        <Typography>{t('voting:confirm.deleteText', { title: deleting?.voting.title ?? '' })}</Typography>
        {deleting?.votesWarning ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {deleting.votesWarning}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
