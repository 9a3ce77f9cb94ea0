import AddOutlined from '@mui/icons-material/AddOutlined';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SubdirectoryArrowRightOutlined from '@mui/icons-material/SubdirectoryArrowRightOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { CommitteeAdmin } from '@portal/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { type RowAction, RowActions } from '../../../components/row-actions.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useAllCommittees } from '../api/all-committees.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useSetCommitteeActive } from '../api/manage-committees.ts';
import { ActiveChip } from './active-chip.tsx';
import type { CommitteeEditing } from './committee-dialog.tsx';
import { DeactivateCommitteeDialog, DeleteCommitteeDialog } from './committee-dialogs.tsx';
import { committeesInOrder } from './committee-tree.ts';
import { useCommitteeLabels } from './labels.ts';
import { toastCallbacks } from './staff-toasts.ts';

// The admin's form loads when it opens: staff never need it.
const CommitteeDialog = lazy(() => import('./committee-dialog.tsx').then((m) => ({ default: m.CommitteeDialog })));

const TABLE_STATE = initialTableState();
const count = (n: number) => formatNumber(n);

/**
 * Every committee with its working groups beneath: active or not, order, counts; each opens its page. Admin creates,
 * edits, switches on and off and deletes them (spec §6); staff see the same without those buttons.
 */
export function CommitteesTable({ base, isAdmin }: { base: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useStaffPrefix();
  const all = useAllCommittees(prefix);
  const setActive = useSetCommitteeActive();
  const [editing, setEditing] = useState<CommitteeEditing | null>(null);
  const [deactivating, setDeactivating] = useState<CommitteeAdmin | null>(null);
  const [deleting, setDeleting] = useState<CommitteeAdmin | null>(null);
  const rows = committeesInOrder(all.data ?? []);
  const committees = rows.filter((row) => row.parentId === null);

  const switchOn = (row: CommitteeAdmin) => setActive.mutate({ row, isActive: true }, toastCallbacks('activated', { name: labels.name(row) }));
  const actionsOf = (row: CommitteeAdmin): RowAction[] => {
    const name = labels.name(row);
    return [
      {
        label: t('committees:staff.list.addGroup', { name }),
        icon: <CreateNewFolderOutlined fontSize="small" />,
        onClick: () => setEditing({ parentId: row.id }),
        hidden: row.parentId !== null,
      },
      {
        label: t('committees:staff.list.edit', { name }),
        icon: <EditOutlined fontSize="small" />,
        onClick: () => setEditing({ row, parentId: row.parentId }),
      },
      row.active
        ? {
            label: t('committees:staff.list.deactivate', { name }),
            icon: <ToggleOnOutlined fontSize="small" />,
            color: 'success',
            onClick: () => setDeactivating(row),
          }
        : { label: t('committees:staff.list.activate', { name }), icon: <ToggleOffOutlined fontSize="small" />, onClick: () => switchOn(row) },
      {
        label: t('committees:staff.list.delete', { name }),
        icon: <DeleteOutlined fontSize="small" />,
        color: 'error',
        onClick: () => setDeleting(row),
      },
    ];
  };

  const columns: Column<CommitteeAdmin>[] = [
    {
      key: 'name',
      label: t('committees:staff.list.name'),
      render: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', pl: row.parentId === null ? 0 : 2 }}>
          {row.parentId === null ? null : (
            <SubdirectoryArrowRightOutlined fontSize="small" sx={{ color: 'text.secondary' }} titleAccess={t('committees:staff.kind.group')} />
          )}
          <Link component={RouterLink} to={`${base}/cwg/committees/${row.id}`} sx={{ fontWeight: row.parentId === null ? 600 : 400 }}>
            {labels.name(row)}
          </Link>
        </Stack>
      ),
    },
    { key: 'position', label: t('committees:staff.list.position'), align: 'right', render: (row) => count(row.position) },
    { key: 'status', label: t('committees:staff.list.status'), render: (row) => <ActiveChip active={row.active} /> },
    { key: 'selfService', label: t('committees:staff.list.selfService'), render: (row) => t(row.selfService ? 'common:yes' : 'common:no') },
    { key: 'groups', label: t('committees:logField.groups'), align: 'right', render: (row) => (row.parentId === null ? count(row.groups) : '—') },
    { key: 'members', label: t('committees:logField.members'), align: 'right', render: (row) => count(row.members) },
    { key: 'subscribers', label: t('committees:logField.subscribers'), align: 'right', render: (row) => count(row.subscribers) },
    { key: 'openRequests', label: t('committees:staff.list.openRequests'), align: 'right', render: (row) => count(row.openRequests) },
    ...(isAdmin
      ? [
          {
            key: 'actions',
            label: t('committees:staff.list.actions'),
            align: 'right' as const,
            render: (row: CommitteeAdmin) => <RowActions actions={actionsOf(row)} />,
          },
        ]
      : []),
  ];

  return (
    <Stack spacing={2}>
      {isAdmin ? (
        <Stack direction="row">
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ parentId: null })}>
            {t('committees:staff.list.add')}
          </Button>
        </Stack>
      ) : null}
      {all.error ? <Alert severity="error">{errorMessage(all.error)}</Alert> : null}
      <PagedTable
        label={t('committees:staff.list.label')}
        columns={columns}
        rows={rows}
        total={rows.length}
        loading={all.isFetching}
        state={TABLE_STATE}
        onStateChange={() => undefined}
        rowKey={(row) => row.id}
        // Greyed, yet readable (text.disabled fails the contrast check); the chip says it is off.
        rowSx={(row) => (row.active ? undefined : { '& td': { color: 'text.secondary' } })}
        emptyText={t(isAdmin ? 'committees:staff.list.emptyAdmin' : 'committees:staff.list.emptyStaff')}
        noPaging
      />
      <Suspense fallback={null}>
        {editing ? <CommitteeDialog editing={editing} committees={committees} onClose={() => setEditing(null)} /> : null}
      </Suspense>
      <DeactivateCommitteeDialog row={deactivating} onClose={() => setDeactivating(null)} />
      <DeleteCommitteeDialog row={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
