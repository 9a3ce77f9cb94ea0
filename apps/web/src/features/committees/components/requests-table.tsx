import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { type MembershipRequest, REQUEST_STATUSES, type RequestStatus } from '@portal/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useAllCommittees } from '../api/all-committees.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { downloadLetter, useDecideRequest, useRequestsQueue } from '../api/requests-queue.ts';
import { committeesInOrder } from './committee-tree.ts';
import { personName, useCommitteeLabels } from './labels.ts';
import { notifyFailed, toastCallbacks } from './staff-toasts.ts';

const STATUS_COLOR: Record<RequestStatus, 'primary' | 'warning' | 'success' | 'default'> = {
  new: 'primary',
  inProgress: 'warning',
  confirmed: 'success',
  removed: 'default',
};
// The decisions' dialogs (with the date picker) load when one opens, keeping the queue's page small.
const ConfirmRequestDialog = lazy(() => import('./request-dialogs.tsx').then((m) => ({ default: m.ConfirmRequestDialog })));
const RemoveRequestDialog = lazy(() => import('./request-dialogs.tsx').then((m) => ({ default: m.RemoveRequestDialog })));

const isOpen = (r: MembershipRequest) => r.status === 'new' || r.status === 'inProgress';

/**
 * The membership requests of every company, newest first, filtered by status and committee: who asked for whom, the
 * letter, and the decisions (take in progress, confirm, remove with a reason). A request decided meanwhile answers 409,
 * shown as the failure toast with the server's words.
 */
export function RequestsTable() {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useStaffPrefix();
  const { table, setTable, filtered } = useTableState('createdAt', 'desc');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [committeeId, setCommitteeId] = useState('');
  const [confirming, setConfirming] = useState<MembershipRequest | null>(null);
  const [removing, setRemoving] = useState<MembershipRequest | null>(null);
  const requests = useRequestsQueue(prefix, { ...table, search, status: status as RequestStatus | '', committeeId });
  const all = useAllCommittees(prefix);
  const decide = useDecideRequest(prefix);
  const word = (key: string, params?: Record<string, unknown>) => t(`committees:staff.requests.${key}`, params ?? {});
  const byId = new Map((all.data ?? []).map((c) => [c.id, c]));
  /** A group reads "Committee › Group", so the queue tells groups of the same name apart. */
  const committeeName = (c: { id: number; parentId: number | null; nameEn: string; nameRu: string }) => {
    const parent = c.parentId === null ? undefined : byId.get(c.parentId);
    return parent ? `${labels.name(parent)} › ${labels.name(c)}` : labels.name(c);
  };
  const take = (r: MembershipRequest) => decide.mutate({ kind: 'take', id: r.id }, toastCallbacks('requestTaken', { name: personName(r.person) }));
  const letter = (r: MembershipRequest) => void downloadLetter(prefix, r.id).catch((error: unknown) => notifyFailed('letter', error));

  const columns: Column<MembershipRequest>[] = [
    { key: 'createdAt', label: word('createdAt'), sortKey: 'createdAt', nowrap: true, render: (r) => formatDateTime(r.createdAt) },
    {
      key: 'person',
      label: word('person'),
      render: (r) => (
        <>
          <Box>{personName(r.person)}</Box>
          <Box sx={{ fontSize: 12, color: 'text.secondary' }}>
            <LongText text={r.person.email} />
          </Box>
        </>
      ),
    },
    { key: 'company', label: word('company'), sortKey: 'company', render: (r) => r.company.name },
    {
      key: 'committee',
      label: word('committee'),
      render: (r) => (
        <>
          <Box>{committeeName(r.committee)}</Box>
          <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{labels.position(r.position)}</Box>
        </>
      ),
    },
    {
      key: 'note',
      label: word('note'),
      render: (r) => (
        <>
          <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{word('requestedBy', { name: personName(r.requestedBy) })}</Box>
          {r.note ? (
            <Box sx={{ whiteSpace: 'pre-line' }}>
              <LongText text={r.note} />
            </Box>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      label: word('status'),
      sortKey: 'status',
      render: (r) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Chip
            size="small"
            color={STATUS_COLOR[r.status]}
            variant={r.status === 'removed' ? 'outlined' : 'filled'}
            label={labels.requestStatus(r.status)}
          />
          {r.reason ? <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{word('reasonShown', { reason: translateMessage(r.reason) })}</Box> : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: word('actions'),
      align: 'right',
      render: (r) => {
        const name = personName(r.person);
        return (
          <RowActions
            actions={[
              { label: word('letter', { name }), icon: <PictureAsPdfOutlined fontSize="small" />, onClick: () => letter(r), hidden: !r.hasLetter },
              { label: word('take', { name }), icon: <HourglassTopOutlined fontSize="small" />, onClick: () => take(r), hidden: r.status !== 'new' },
              {
                label: word('confirm', { name }),
                icon: <CheckCircleOutlined fontSize="small" />,
                color: 'success',
                onClick: () => setConfirming(r),
                hidden: !isOpen(r),
              },
              {
                label: word('remove', { name }),
                icon: <CancelOutlined fontSize="small" />,
                color: 'error',
                onClick: () => setRemoving(r),
                hidden: !isOpen(r),
              },
            ]}
          />
        );
      },
    },
  ];

  const filteredList = Boolean(search || status || committeeId);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={filtered(setSearch)} />
        <FilterSelect
          label={word('statusFilter')}
          value={status}
          onChange={filtered(setStatus)}
          options={REQUEST_STATUSES.map((value) => ({ value, label: labels.requestStatus(value) }))}
        />
        <FilterSelect
          label={word('committeeFilter')}
          value={committeeId}
          onChange={filtered(setCommitteeId)}
          allLabel={word('allCommittees')}
          options={committeesInOrder(all.data ?? []).map((c) => ({ value: String(c.id), label: committeeName(c) }))}
        />
      </Stack>
      <PagedTable
        label={word('label')}
        columns={columns}
        rows={requests.data?.rows ?? []}
        total={requests.data?.total ?? 0}
        loading={requests.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(r) => r.id}
        emptyText={filteredList ? word('noMatch') : word('empty')}
      />
      <Suspense fallback={null}>
        {confirming ? <ConfirmRequestDialog request={confirming} decide={decide} onClose={() => setConfirming(null)} /> : null}
        {removing ? <RemoveRequestDialog request={removing} decide={decide} onClose={() => setRemoving(null)} /> : null}
      </Suspense>
    </Stack>
  );
}
