import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { CommitteeAdmin, Subscriber } from '@portal/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useRemoveSubscriber, useSubscribers } from '../api/subscribers.ts';
import { personName, useCommitteeLabels } from './labels.ts';
import { toastCallbacks } from './staff-toasts.ts';

// The dialogs (the server-searched person select, the list's preview) load when one opens.
const AddSubscriberDialog = lazy(() => import('./subscriber-dialogs.tsx').then((m) => ({ default: m.AddSubscriberDialog })));
const SubscribersListDialog = lazy(() => import('./subscribers-list-dialog.tsx'));

/** A committee's or group's subscribers, paged, sorted and searched in the database; add one, remove one, or set them all from a list. */
export function SubscribersTable({ committee }: { committee: CommitteeAdmin }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useStaffPrefix();
  const { table, setTable, filtered } = useTableState('name');
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<'add' | 'upload' | null>(null);
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const subscribers = useSubscribers(prefix, { committeeId: committee.id, ...table, search });
  const remove = useRemoveSubscriber(prefix);
  const word = (key: string, params?: Record<string, unknown>) => t(`committees:staff.subscribers.${key}`, params ?? {});

  const columns: Column<Subscriber>[] = [
    {
      key: 'name',
      label: word('person'),
      sortKey: 'name',
      render: (s) => (
        <>
          <Box>{personName(s)}</Box>
          <Box sx={{ fontSize: 12, color: 'text.secondary' }}>
            <LongText text={s.email} />
          </Box>
        </>
      ),
    },
    { key: 'company', label: word('company'), sortKey: 'company', render: (s) => s.company.name },
    { key: 'since', label: word('since'), sortKey: 'since', nowrap: true, render: (s) => formatDate(s.since) },
    {
      key: 'status',
      label: word('status'),
      render: (s) => (
        <Chip
          size="small"
          variant={s.active ? 'filled' : 'outlined'}
          color={s.active ? 'success' : 'default'}
          label={word(s.active ? 'receives' : 'paused')}
        />
      ),
    },
    {
      key: 'actions',
      label: word('actions'),
      align: 'right',
      render: (s) => (
        <RowActions
          actions={[
            {
              label: word('remove', { name: personName(s) }),
              icon: <PersonRemoveOutlined fontSize="small" />,
              color: 'error',
              onClick: () => setRemoving(s),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={filtered(setSearch)} />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setDialog('upload')}>
          {word('upload')}
        </Button>
        <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setDialog('add')}>
          {word('add')}
        </Button>
      </Stack>
      <PagedTable
        label={word('label', { name: labels.name(committee) })}
        columns={columns}
        rows={subscribers.data?.rows ?? []}
        total={subscribers.data?.total ?? 0}
        loading={subscribers.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(s) => s.userId}
        emptyText={search ? word('noMatch') : word('empty')}
      />
      <Suspense fallback={null}>
        {dialog === 'add' ? <AddSubscriberDialog committee={committee} onClose={() => setDialog(null)} /> : null}
        {dialog === 'upload' ? (
          <SubscribersListDialog
            prefix={prefix}
            committee={{ id: committee.id, name: labels.name(committee), isGroup: committee.parentId !== null }}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Suspense>
      <ConfirmDialog
        open={removing !== null}
        title={word('removeTitle', { name: removing ? personName(removing) : '' })}
        confirmLabel={word('removeConfirm')}
        danger
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { committeeId: committee.id, userId: removing.userId },
            toastCallbacks('subscriberRemoved', { name: personName(removing) }, () => setRemoving(null)),
          )
        }
        onClose={() => setRemoving(null)}
      >
        {word('removeText', { name: removing ? personName(removing) : '', committee: labels.name(committee) })}
      </ConfirmDialog>
    </Stack>
  );
}
