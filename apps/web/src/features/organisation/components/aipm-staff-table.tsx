import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Person } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LongText } from '../../../components/long-text.tsx';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useAipmEmployees } from '../api/aipm-employees.ts';
import { useStaffPrefix } from '../api/prefix.ts';
import { useToggleAipmUser } from '../api/toggle-aipm-user.ts';
import { ActiveChip, inactiveRowSx } from './active-chip.tsx';
import { AipmStaffDialog } from './aipm-staff-dialog.tsx';
import { useEditToggleActions } from './edit-toggle-actions.tsx';
import { personName, useOrgLabels } from './labels.ts';
import { usePersonActivation } from './person-activation.tsx';
import { useSecondFactorReset } from './second-factor-reset.tsx';

/** The association's own staff: add, edit, switch on/off (staff do not touch admins, nor themselves). */
export function AipmStaffTable() {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const prefix = useStaffPrefix();
  const user = useCurrentUser();
  const staff = useAipmEmployees(prefix);
  const activation = usePersonActivation(useToggleAipmUser(prefix));
  const secondFactor = useSecondFactorReset();
  const actions = useEditToggleActions();
  const [editing, setEditing] = useState<Person | 'new' | null>(null);

  const mayManage = (p: Person) => p.id !== user?.id && (prefix === 'admin' || p.role !== 'admin');

  const columns: Column<Person>[] = [
    { key: 'person', label: t('organisation:columns.person'), render: (p) => `${p.surname} ${p.name}` },
    { key: 'position', label: t('organisation:columns.position'), render: (p) => p.position },
    { key: 'email', label: t('organisation:columns.email'), render: (p) => <LongText text={p.email} /> },
    { key: 'phone', label: t('organisation:columns.phone'), render: (p) => p.phone },
    { key: 'role', label: t('organisation:columns.role'), render: (p) => labels.role(p.role) },
    { key: 'status', label: t('organisation:columns.status'), render: (p) => labels.userStatus(p.status) },
    { key: 'active', label: t('organisation:columns.active'), render: (p) => <ActiveChip isActive={p.isActive} /> },
    {
      key: 'actions',
      label: t('organisation:columns.actions'),
      align: 'right',
      render: (p) => {
        if (!mayManage(p)) return null;
        const name = personName(p);
        return (
          <RowActions
            actions={[
              actions.edit(name, () => setEditing(p)),
              actions.toggle(name, p.isActive, () => activation.request(p)),
              { ...secondFactor.action(p), hidden: prefix !== 'admin' },
            ]}
          />
        );
      },
    },
  ];
  const rows = staff.data ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction="row">
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          {t('organisation:staff.add')}
        </Button>
      </Stack>
      <PagedTable
        label={t('organisation:tabs.aipm')}
        columns={columns}
        rows={rows}
        total={rows.length}
        loading={staff.isFetching}
        state={initialTableState()}
        onStateChange={() => undefined}
        rowKey={(p) => p.id}
        rowSx={inactiveRowSx}
        noPaging
      />
      {editing ? <AipmStaffDialog prefix={prefix} person={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      {activation.dialog}
      {secondFactor.dialog}
    </Stack>
  );
}
