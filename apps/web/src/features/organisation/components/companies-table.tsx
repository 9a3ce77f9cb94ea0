import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Company } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useCompanies } from '../api/companies.ts';
import { useStaffPrefix } from '../api/prefix.ts';
import { ActiveChip, inactiveRowSx } from './active-chip.tsx';
import { ActiveFilter } from './active-filter.tsx';
import { CompanyDialog } from './company-dialog.tsx';
import { useEditToggleActions } from './edit-toggle-actions.tsx';
import { useOrgLabels } from './labels.ts';
import { ToggleCompanyDialog } from './toggle-company-dialog.tsx';

/** Member companies: server-side paging, sorting, search, active filter; add, edit, switch on/off. */
export function CompaniesTable() {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const actions = useEditToggleActions();
  const prefix = useStaffPrefix();
  const { table, setTable, filtered } = useTableState('name');
  const [search, setSearch] = useState('');
  const [isActive, setIsActive] = useState('');
  const [editing, setEditing] = useState<Company | 'new' | null>(null);
  const [toggling, setToggling] = useState<Company | null>(null);
  const companies = useCompanies(prefix, { ...table, search, isActive });

  const columns: Column<Company>[] = [
    { key: 'name', label: t('organisation:companies.name'), sortKey: 'name', render: (c) => c.name },
    { key: 'domain', label: t('organisation:companies.domain'), sortKey: 'domain', render: (c) => c.domain ?? '—' },
    { key: 'status', label: t('organisation:companies.status'), sortKey: 'status', render: (c) => labels.companyStatus(c.status) },
    {
      key: 'people',
      label: t('organisation:companies.people'),
      sortKey: 'people',
      align: 'right',
      render: (c) => t('organisation:companies.peopleCount', { active: formatNumber(c.activePeople), total: formatNumber(c.people) }),
    },
    { key: 'createdAt', label: t('organisation:columns.createdAt'), sortKey: 'createdAt', nowrap: true, render: (c) => formatDate(c.createdAt) },
    { key: 'active', label: t('organisation:columns.active'), render: (c) => <ActiveChip isActive={c.isActive} /> },
    {
      key: 'actions',
      label: t('organisation:columns.actions'),
      align: 'right',
      render: (c) => <RowActions actions={[actions.edit(c.name, () => setEditing(c)), actions.toggle(c.name, c.isActive, () => setToggling(c))]} />,
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={filtered(setSearch)} />
        <ActiveFilter value={isActive} onChange={filtered(setIsActive)} />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          {t('organisation:companies.add')}
        </Button>
      </Stack>
      <PagedTable
        label={t('organisation:tabs.companies')}
        columns={columns}
        rows={companies.data?.rows ?? []}
        total={companies.data?.total ?? 0}
        loading={companies.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(c) => c.id}
        rowSx={inactiveRowSx}
      />
      {editing ? <CompanyDialog company={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      <ToggleCompanyDialog company={toggling} onClose={() => setToggling(null)} />
    </Stack>
  );
}
