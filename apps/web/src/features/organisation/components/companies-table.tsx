import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Company } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useCompanies } from '../api/companies.ts';
import { useStaffPrefix } from '../api/prefix.ts';
import { ActiveChip } from './active-chip.tsx';
import { CompanyDialog } from './company-dialog.tsx';
import { useOrgLabels } from './labels.ts';
import { RowActions } from './row-actions.tsx';
import { ToggleCompanyDialog } from './toggle-company-dialog.tsx';

/** Member companies: server-side paging, sorting, search, active filter; add, edit, switch on/off. */
export function CompaniesTable() {
  const { t } = useTranslation();
  const labels = useOrgLabels();
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
      render: (c) => (
        <RowActions
          actions={[
            { label: t('organisation:editNamed', { name: c.name }), icon: <EditOutlined fontSize="small" />, onClick: () => setEditing(c) },
            c.isActive
              ? {
                  label: t('organisation:deactivateNamed', { name: c.name }),
                  icon: <ToggleOnOutlined fontSize="small" />,
                  color: 'success',
                  onClick: () => setToggling(c),
                }
              : {
                  label: t('organisation:activateNamed', { name: c.name }),
                  icon: <ToggleOffOutlined fontSize="small" />,
                  onClick: () => setToggling(c),
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
          label={t('organisation:columns.active')}
          value={isActive}
          onChange={filtered(setIsActive)}
          options={[
            { value: 'true', label: t('organisation:activeOnly') },
            { value: 'false', label: t('organisation:inactiveOnly') },
          ]}
        />
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
        rowSx={(c) => (c.isActive ? undefined : { '& td': { color: 'text.disabled' } })}
      />
      {editing ? <CompanyDialog open company={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      <ToggleCompanyDialog company={toggling} onClose={() => setToggling(null)} />
    </Stack>
  );
}
