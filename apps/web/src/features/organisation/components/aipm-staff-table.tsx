import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Person } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useAipmEmployees } from '../api/aipm-employees.ts';
import { useStaffPrefix } from '../api/prefix.ts';
import { useToggleAipmUser } from '../api/toggle-aipm-user.ts';
import { ActiveChip } from './active-chip.tsx';
import { AipmStaffDialog } from './aipm-staff-dialog.tsx';
import { personName, useOrgLabels } from './labels.ts';
import { notifyDone, notifyFailed } from './notify.ts';
import { RowActions } from './row-actions.tsx';

/** The association's own staff: add, edit, switch on/off (staff do not touch admins, nor themselves). */
export function AipmStaffTable() {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const prefix = useStaffPrefix();
  const user = useCurrentUser();
  const staff = useAipmEmployees(prefix);
  const toggle = useToggleAipmUser(prefix);
  const [editing, setEditing] = useState<Person | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<Person | null>(null);

  const setActive = (person: Person, next: boolean) => {
    const name = personName(person);
    toggle.mutate(
      { id: person.id, isActive: next },
      {
        onSuccess: () => {
          notifyDone(next ? 'userActivated' : 'userDeactivated', { name });
          setDeactivating(null);
        },
        onError: (error) => notifyFailed(next ? 'userActivated' : 'userDeactivated', error, { name }),
      },
    );
  };
  const mayManage = (p: Person) => p.id !== user?.id && (prefix === 'admin' || p.role !== 'admin');

  const columns: Column<Person>[] = [
    { key: 'person', label: t('organisation:columns.person'), render: (p) => `${p.surname} ${p.name}` },
    { key: 'position', label: t('organisation:columns.position'), render: (p) => p.position },
    { key: 'email', label: t('organisation:columns.email'), render: (p) => p.email },
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
              { label: t('organisation:editNamed', { name }), icon: <EditOutlined fontSize="small" />, onClick: () => setEditing(p) },
              p.isActive
                ? {
                    label: t('organisation:deactivateNamed', { name }),
                    icon: <ToggleOnOutlined fontSize="small" />,
                    color: 'success',
                    onClick: () => setDeactivating(p),
                  }
                : {
                    label: t('organisation:activateNamed', { name }),
                    icon: <ToggleOffOutlined fontSize="small" />,
                    onClick: () => setActive(p, true),
                  },
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
        rowSx={(p) => (p.isActive ? undefined : { '& td': { color: 'text.disabled' } })}
        noPaging
      />
      {editing ? <AipmStaffDialog prefix={prefix} person={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={Boolean(deactivating)}
        title={t('organisation:people.deactivateTitle', { name: deactivating ? personName(deactivating) : '' })}
        confirmLabel={t('organisation:deactivate')}
        danger
        pending={toggle.isPending}
        onConfirm={() => deactivating && setActive(deactivating, false)}
        onClose={() => setDeactivating(null)}
      >
        <Typography>{t('organisation:people.deactivateText')}</Typography>
      </ConfirmDialog>
    </Stack>
  );
}
