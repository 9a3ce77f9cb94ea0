import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type MembershipRequest, REQUEST_STATUSES, type RequestStatus } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { formatDate } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useReaderPrefix } from '../api/company-side.ts';
import { downloadLetter, useMembershipRequests, useWithdrawRequest } from '../api/membership-requests.ts';
import { useCommitteeNames } from './committee-names.ts';
import { notifyFailed, toastCallbacks } from './company-notify.ts';
import { personName, useCommitteeLabels } from './labels.ts';
import { RequestStatusChip } from './request-status-chip.tsx';

const isOpen = (status: RequestStatus) => status === 'new' || status === 'inProgress';

/**
 * Membership requests, newest first, paged, sorted and filtered by status in the database: the caller's own, or their
 * company's for ceo and trusted; an open one can be withdrawn, an attached letter downloaded.
 */
export function MembershipRequestsTable() {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useReaderPrefix();
  const { table, setTable, filtered } = useTableState('createdAt', 'desc');
  const [status, setStatus] = useState('');
  const requests = useMembershipRequests(prefix, { ...table, status });
  const withdraw = useWithdrawRequest(prefix);
  const [withdrawing, setWithdrawing] = useState<MembershipRequest | null>(null);
  const committeeName = useCommitteeNames();
  const nameOf = (r: MembershipRequest) => committeeName(r.committee);

  const columns: Column<MembershipRequest>[] = [
    {
      key: 'createdAt',
      label: t('committees:company.columns.createdAt'),
      sortKey: 'createdAt',
      nowrap: true,
      render: (r) => formatDate(r.createdAt),
    },
    {
      key: 'committee',
      label: t('committees:company.columns.committee'),
      render: (r) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {nameOf(r)}
          </Typography>
          {r.note ? (
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {r.note}
            </Typography>
          ) : null}
        </>
      ),
    },
    ...(prefix === 'user'
      ? []
      : [
          {
            key: 'person',
            label: t('committees:company.columns.person'),
            render: (r: MembershipRequest) => (
              <>
                <Typography variant="body2">{personName(r.person)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('committees:company.requests.requestedBy', { name: personName(r.requestedBy) })}
                </Typography>
              </>
            ),
          },
          // A person's own request is always for a member; a company's names the position it proposes.
          { key: 'position', label: t('committees:company.columns.position'), render: (r: MembershipRequest) => labels.position(r.position) },
        ]),
    {
      key: 'status',
      label: t('committees:company.columns.status'),
      sortKey: 'status',
      render: (r) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <RequestStatusChip status={r.status} />
          {r.status === 'removed' && r.reason ? (
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {t('committees:company.requests.reason', { reason: translateMessage(r.reason) })}
            </Typography>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: t('committees:company.columns.actions'),
      align: 'right',
      render: (r) => (
        <RowActions
          actions={[
            {
              label: t('committees:company.requests.letterNamed', { name: nameOf(r) }),
              icon: <FileDownloadOutlined fontSize="small" />,
              onClick: () => void downloadLetter(prefix, r.id).catch((error: unknown) => notifyFailed('letterDownloaded', error)),
              hidden: !r.hasLetter,
            },
            {
              label: t('committees:company.requests.withdrawNamed', { name: nameOf(r) }),
              icon: <UndoOutlined fontSize="small" />,
              onClick: () => setWithdrawing(r),
              hidden: !isOpen(r.status),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t(prefix === 'user' ? 'committees:company.requests.ownTitle' : 'committees:company.requests.companyTitle')}
      </Typography>
      <Stack direction="row">
        <FilterSelect
          label={t('committees:company.columns.status')}
          value={status}
          onChange={filtered(setStatus)}
          options={REQUEST_STATUSES.map((s) => ({ value: s, label: labels.requestStatus(s) }))}
        />
      </Stack>
      <PagedTable
        label={t(prefix === 'user' ? 'committees:company.requests.ownTitle' : 'committees:company.requests.companyTitle')}
        columns={columns}
        rows={requests.data?.rows ?? []}
        total={requests.data?.total ?? 0}
        loading={requests.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(r) => r.id}
        emptyText={status ? t('committees:company.requests.noneFiltered') : t('committees:company.requests.none')}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('committees:company.requests.withdrawTitle', { name: withdrawing ? nameOf(withdrawing) : '' })}
        confirmLabel={t('committees:company.requests.withdraw')}
        danger
        pending={withdraw.isPending}
        onConfirm={() => {
          if (!withdrawing) return;
          withdraw.mutate(
            withdrawing.id,
            toastCallbacks('withdrawn', { name: nameOf(withdrawing) }, () => setWithdrawing(null)),
          );
        }}
        onClose={() => setWithdrawing(null)}
      >
        <Typography>
          {t(prefix === 'user' ? 'committees:company.requests.withdrawText' : 'committees:company.requests.withdrawTextFor', {
            person: withdrawing ? personName(withdrawing.person) : '',
          })}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
