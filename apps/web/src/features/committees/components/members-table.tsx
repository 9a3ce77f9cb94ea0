import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { CommitteeAdmin, MEMBER_TERMS, Member } from '@portal/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { downloadMembers, useMembers, useRemoveMember } from '../api/members.ts';
import { toastCallbacks } from './committee-toasts.ts';
import { DownloadButtons } from './download-buttons.tsx';
import { personName, useCommitteeLabels } from './labels.ts';
import { today } from './membership-term.ts';

// The member form (with the date pickers) loads when it opens, keeping the members' page small.
const MemberDialog = lazy(() => import('./member-dialog.tsx'));

type Term = (typeof MEMBER_TERMS)[number];
type MemberState = 'current' | 'past' | 'coming';

const stateOf = (m: Member): MemberState => (m.current ? 'current' : m.since > today() ? 'coming' : 'past');
const STATE_COLOR = { current: 'success', coming: 'primary', past: 'default' } as const;

/** A committee's or group's members, paged, sorted and searched in the database; add, edit, end a term; downloads. */
export function MembersTable({ committee }: { committee: CommitteeAdmin }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useStaffPrefix();
  const { table, setTable, filtered } = useTableState('name');
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState<Term>('current');
  const [editing, setEditing] = useState<Member | 'new' | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const members = useMembers(prefix, { committeeId: committee.id, ...table, search, term });
  const remove = useRemoveMember(prefix);
  const word = (key: string, params?: Record<string, unknown>) => t(`committees:staff.members.${key}`, params ?? {});

  const columns: Column<Member>[] = [
    {
      key: 'name',
      label: word('person'),
      sortKey: 'name',
      render: (m) => (
        <>
          <Box>{personName(m)}</Box>
          <Box sx={{ fontSize: 12, color: 'text.secondary' }}>
            <LongText text={m.email} />
          </Box>
        </>
      ),
    },
    { key: 'company', label: word('company'), sortKey: 'company', render: (m) => m.company.name },
    { key: 'position', label: word('position'), sortKey: 'position', render: (m) => labels.position(m.position) },
    {
      key: 'since',
      label: word('term'),
      sortKey: 'since',
      nowrap: true,
      render: (m) =>
        m.until ? word('termRange', { since: formatDate(m.since), until: formatDate(m.until) }) : word('termSince', { since: formatDate(m.since) }),
    },
    {
      key: 'state',
      label: t('committees:staff.list.status'),
      render: (m) => {
        const state = stateOf(m);
        // Green is filled (dark text on it): green text on white is too faint to read.
        return <Chip size="small" variant={state === 'current' ? 'filled' : 'outlined'} color={STATE_COLOR[state]} label={word(`state.${state}`)} />;
      },
    },
    {
      key: 'actions',
      label: word('actions'),
      align: 'right',
      render: (m) => (
        <RowActions
          actions={[
            { label: word('edit', { name: personName(m) }), icon: <EditOutlined fontSize="small" />, onClick: () => setEditing(m) },
            {
              label: word('remove', { name: personName(m) }),
              icon: <PersonRemoveOutlined fontSize="small" />,
              color: 'error',
              onClick: () => setRemoving(m),
              hidden: stateOf(m) === 'past',
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
        <FilterSelect
          label={word('termFilter')}
          value={term === 'all' ? '' : term}
          onChange={filtered((value: string) => setTerm((value || 'all') as Term))}
          allLabel={word('terms.all')}
          options={(['current', 'past'] as const).map((value) => ({ value, label: word(`terms.${value}`) }))}
        />
        <Box sx={{ flexGrow: 1 }} />
        <DownloadButtons download={(format) => downloadMembers(prefix, { committeeId: committee.id, term, format })} />
        <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setEditing('new')}>
          {word('add')}
        </Button>
      </Stack>
      <PagedTable
        label={word('label', { name: labels.name(committee) })}
        columns={columns}
        rows={members.data?.rows ?? []}
        total={members.data?.total ?? 0}
        loading={members.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(m) => m.id}
        emptyText={search ? word('noMatch') : word(`empty.${term}`)}
      />
      <Suspense fallback={null}>
        {editing ? (
          <MemberDialog
            prefix={prefix}
            committee={{ id: committee.id, name: labels.name(committee) }}
            member={editing === 'new' ? undefined : { ...editing, detail: `${editing.email} · ${editing.company.name}` }}
            onClose={() => setEditing(null)}
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
            removing.id,
            toastCallbacks('memberRemoved', { person: personName(removing), name: labels.name(committee) }, () => setRemoving(null)),
          )
        }
        onClose={() => setRemoving(null)}
      >
        {word('removeText', { name: removing ? personName(removing) : '', committee: labels.name(committee) })}
      </ConfirmDialog>
    </Stack>
  );
}
