import CallMergeOutlined from '@mui/icons-material/CallMergeOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Distributor } from '@portal/shared';
import { DISTRIBUTOR_STATUSES, DISTRIBUTOR_TYPES } from '@portal/shared/credit-model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { useDistributors } from '../api/distributors.ts';
import { useDistributorGroups } from '../api/groups.ts';
import { DistributorDialog } from './distributor-dialog.tsx';
import { MergeDialog } from './merge-dialog.tsx';

/** The distributor list: searched, filtered, sorted and paged by the server; add, edit and merge. */
export function DistributorsTable() {
  const { t, i18n } = useTranslation();
  const prefix = useStaffPrefix();
  const { table, setTable, filtered } = useTableState('name');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const [editing, setEditing] = useState<Distributor | 'new' | null>(null);
  const [merging, setMerging] = useState<Distributor | null>(null);
  const groups = useDistributorGroups(prefix);
  const list = useDistributors(prefix, { ...table, search: search || undefined, status: status || undefined, type: type || undefined } as never);
  const name = (n: { nameRu: string; nameEn: string }) => (i18n.language === 'ru' ? n.nameRu : n.nameEn);
  const columns: Column<Distributor>[] = [
    {
      key: 'name',
      label: t('creditData:distributors.name'),
      sortKey: 'name',
      render: (d) => (
        <Stack>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {d.nameRu}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {d.nameEn}
            {d.legalName ? ` · ${d.legalName}` : ''}
          </Typography>
        </Stack>
      ),
    },
    { key: 'inn', label: t('creditData:distributors.inn'), sortKey: 'inn', nowrap: true, render: (d) => d.inn },
    { key: 'group', label: t('creditData:distributors.group'), sortKey: 'group', render: (d) => (d.group ? name(d.group) : '—') },
    { key: 'type', label: t('creditData:distributors.type'), sortKey: 'type', render: (d) => t(`creditData:type.${d.type}`) },
    {
      key: 'status',
      label: t('creditData:distributors.status'),
      sortKey: 'status',
      render: (d) => (
        <Stack sx={{ alignItems: 'flex-start' }}>
          <Chip size="small" label={t(`creditData:status.${d.status}`)} color={d.status === 'active' ? 'success' : 'default'} />
          {d.mergedInto ? (
            <Typography variant="caption" color="text.secondary">
              {t('creditData:distributors.mergedInto', { name: d.mergedInto.nameRu })}
            </Typography>
          ) : null}
        </Stack>
      ),
    },
    { key: 'entries', label: t('creditData:distributors.entries'), align: 'right', render: (d) => d.entries },
    {
      key: 'actions',
      label: '',
      align: 'right',
      render: (d) => (
        <RowActions
          actions={[
            {
              label: `${t('creditData:distributors.edit')} ${d.nameRu}`,
              icon: <EditOutlined fontSize="small" />,
              onClick: () => setEditing(d),
              hidden: d.status === 'merged',
            },
            {
              label: `${t('creditData:distributors.merge')} ${d.nameRu}`,
              icon: <CallMergeOutlined fontSize="small" />,
              onClick: () => setMerging(d),
              hidden: d.status === 'merged',
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={filtered(setSearch)} label={t('creditData:distributors.searchLabel')} />
        <FilterSelect
          label={t('creditData:distributors.status')}
          value={status}
          onChange={filtered(setStatus)}
          allLabel={t('creditData:distributors.allStatuses')}
          options={DISTRIBUTOR_STATUSES.map((s) => ({ value: s, label: t(`creditData:status.${s}`) }))}
        />
        <FilterSelect
          label={t('creditData:distributors.type')}
          value={type}
          onChange={filtered(setType)}
          allLabel={t('creditData:distributors.allTypes')}
          options={DISTRIBUTOR_TYPES.map((s) => ({ value: s, label: t(`creditData:type.${s}`) }))}
        />
        <Button variant="contained" onClick={() => setEditing('new')} sx={{ ml: 'auto' }}>
          {t('creditData:distributors.new')}
        </Button>
      </Stack>
      {list.error ? <Alert severity="error">{errorMessage(list.error)}</Alert> : null}
      <PagedTable
        label={t('creditData:distributors.label')}
        columns={columns}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(d) => d.id}
        emptyText={t('creditData:distributors.empty')}
      />
      {editing ? (
        <DistributorDialog distributor={editing === 'new' ? undefined : editing} groups={groups.data ?? []} onClose={() => setEditing(null)} />
      ) : null}
      {merging ? <MergeDialog duplicate={merging} onClose={() => setMerging(null)} /> : null}
    </Stack>
  );
}
