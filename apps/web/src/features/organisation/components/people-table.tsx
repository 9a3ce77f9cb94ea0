import AddOutlined from '@mui/icons-material/AddOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMPANY_ROLES, MANAGEABLE_ROLES, mayManageRole, type Person, USER_STATUSES } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCompanyUsers } from '../api/company-users.ts';
import { isStaffPrefix, useOrgPrefix } from '../api/prefix.ts';
import { useToggleUser } from '../api/toggle-user.ts';
import { useUpdateRegistrationCode } from '../api/update-registration-code.ts';
import { ActiveChip, inactiveRowSx } from './active-chip.tsx';
import { ActiveFilter } from './active-filter.tsx';
import { CompanyAutocomplete, type CompanyOption } from './company-autocomplete.tsx';
import { useEditToggleActions } from './edit-toggle-actions.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { personName, useOrgLabels } from './labels.ts';
import { toastCallbacks } from './notify.ts';
import { PeopleDownloads } from './people-downloads.tsx';
import { usePersonActivation } from './person-activation.tsx';
import { PersonDialog } from './person-dialog.tsx';
import { useSecondFactorReset } from './second-factor-reset.tsx';

interface PeopleTableProps {
  /** all: every company's people (staff); ceos: general managers (staff); own: the caller's company (ceo, trusted). */
  scope: 'all' | 'ceos' | 'own';
}

/** People of member companies: filters, paging, sorting, add, edit, switch on/off, new registration link, downloads, import. */
export function PeopleTable({ scope }: PeopleTableProps) {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const prefix = useOrgPrefix();
  const user = useCurrentUser();
  const staff = isStaffPrefix(prefix);
  const { table, setTable, filtered } = useTableState('surname');
  const [search, setSearch] = useState('');
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const [role, setRole] = useState(scope === 'ceos' ? 'ceo' : '');
  const [status, setStatus] = useState('');
  const [isActive, setIsActive] = useState('');
  const [editing, setEditing] = useState<Person | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [regenerating, setRegenerating] = useState<Person | null>(null);
  const activation = usePersonActivation(useToggleUser(prefix));
  const secondFactor = useSecondFactorReset();
  const actions = useEditToggleActions();
  const regenerate = useUpdateRegistrationCode(prefix);

  const filters = { companyId: company?.id ?? '', role, status, isActive, search };
  const people = useCompanyUsers(prefix, { ...table, ...filters });

  const sendNewCode = (person: Person) =>
    regenerate.mutate(
      person.id,
      toastCallbacks('codeRegenerated', { email: person.email }, () => setRegenerating(null)),
    );

  const columns: Column<Person>[] = [
    {
      key: 'surname',
      label: t('organisation:columns.person'),
      sortKey: 'surname',
      render: (p) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>{`${p.surname} ${p.name}`}</Typography>
          <Typography variant="caption" color="text.secondary">
            {p.position}
          </Typography>
        </>
      ),
    },
    { key: 'email', label: t('organisation:columns.email'), sortKey: 'email', render: (p) => <LongText text={p.email} /> },
    { key: 'phone', label: t('organisation:columns.phone'), nowrap: true, render: (p) => p.phone },
    ...(scope === 'own'
      ? []
      : [{ key: 'company', label: t('organisation:columns.company'), sortKey: 'company', render: (p: Person) => p.company?.name ?? '—' }]),
    { key: 'role', label: t('organisation:columns.role'), sortKey: 'role', render: (p) => labels.role(p.role) },
    { key: 'status', label: t('organisation:columns.status'), sortKey: 'status', render: (p) => labels.userStatus(p.status) },
    { key: 'createdAt', label: t('organisation:columns.createdAt'), sortKey: 'createdAt', nowrap: true, render: (p) => formatDate(p.createdAt) },
    { key: 'active', label: t('organisation:columns.active'), render: (p) => <ActiveChip isActive={p.isActive} /> },
    {
      key: 'actions',
      label: t('organisation:columns.actions'),
      align: 'right',
      render: (p) => {
        if (!user || !mayManageRole(user.role, p.role)) return null;
        const name = personName(p);
        return (
          <RowActions
            actions={[
              actions.edit(name, () => setEditing(p)),
              {
                label: t('organisation:people.regenerateNamed', { name }),
                icon: <ForwardToInboxOutlined fontSize="small" />,
                onClick: () => setRegenerating(p),
                hidden: !p.isActive,
              },
              actions.toggle(name, p.isActive, () => activation.request(p)),
              { ...secondFactor.action(p), hidden: prefix !== 'admin' },
            ]}
          />
        );
      },
    },
  ];

  const roles = MANAGEABLE_ROLES[user?.role ?? 'employee'];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={filtered(setSearch)} />
        {scope === 'own' ? null : (
          <CompanyAutocomplete size="small" label={t('organisation:columns.company')} value={company} onChange={filtered(setCompany)} />
        )}
        {scope === 'ceos' ? null : (
          <FilterSelect
            label={t('organisation:columns.role')}
            value={role}
            onChange={filtered(setRole)}
            options={COMPANY_ROLES.map((r) => ({ value: r, label: labels.role(r) }))}
          />
        )}
        <FilterSelect
          label={t('organisation:columns.status')}
          value={status}
          onChange={filtered(setStatus)}
          options={USER_STATUSES.map((s) => ({ value: s, label: labels.userStatus(s) }))}
        />
        <ActiveFilter value={isActive} onChange={filtered(setIsActive)} />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')} disabled={roles.length === 0}>
          {t(scope === 'ceos' ? 'organisation:people.addCeo' : 'organisation:people.add')}
        </Button>
        {staff && scope === 'all' ? (
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
            {t('organisation:import.button')}
          </Button>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <PeopleDownloads prefix={prefix} filters={filters} />
      </Stack>
      <PagedTable
        label={t(scope === 'ceos' ? 'organisation:tabs.gma' : 'organisation:tabs.emp')}
        columns={columns}
        rows={people.data?.rows ?? []}
        total={people.data?.total ?? 0}
        loading={people.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(p) => p.id}
        rowSx={inactiveRowSx}
      />
      {editing ? (
        <PersonDialog
          prefix={prefix}
          person={editing === 'new' ? undefined : editing}
          roles={roles}
          byAssociation={staff}
          defaultRole={scope === 'ceos' ? 'ceo' : 'employee'}
          titleKey={editing === 'new' && scope === 'ceos' ? 'organisation:people.addCeoTitle' : undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {importing && staff ? <ImportDialog prefix={prefix} onClose={() => setImporting(false)} /> : null}
      {activation.dialog}
      {secondFactor.dialog}
      <ConfirmDialog
        open={Boolean(regenerating)}
        title={t('organisation:people.regenerateTitle', { name: regenerating ? personName(regenerating) : '' })}
        confirmLabel={t('organisation:people.regenerateConfirm')}
        pending={regenerate.isPending}
        onConfirm={() => regenerating && sendNewCode(regenerating)}
        onClose={() => setRegenerating(null)}
      >
        <Typography>
          {t('organisation:people.regenerateText', { email: regenerating?.email ?? '' })}{' '}
          <Link href={`mailto:${regenerating?.email ?? ''}`}>{regenerating?.email}</Link>
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
