import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { AIPM_ROLES, aipmEmployeeBody, type Person } from '@portal/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useAddAipmEmployee } from '../api/add-aipm-employee.ts';
import type { StaffPrefix } from '../api/prefix.ts';
import { useUpdateAipmEmployee } from '../api/update-aipm-employee.ts';
import { useOrgLabels } from './labels.ts';
import { notifyDone, notifyFormFailed } from './notify.ts';

/** Add or edit a member of the association's staff; only an admin may give the admin role. */
export function AipmStaffDialog({ prefix, person, onClose }: { prefix: StaffPrefix; person?: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const titleId = useId();
  const add = useAddAipmEmployee(prefix);
  const update = useUpdateAipmEmployee(prefix);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(aipmEmployeeBody),
    defaultValues: {
      name: person?.name ?? '',
      surname: person?.surname ?? '',
      position: person?.position ?? '',
      phone: person?.phone ?? '',
      email: person?.email ?? '',
      role: person?.role === 'admin' ? 'admin' : 'staff',
    },
  });
  const roles = prefix === 'admin' ? AIPM_ROLES : (['staff'] as const);
  const action = person ? 'staffUpdated' : 'staffAdded';
  const submit = handleSubmit((values) => {
    const callbacks = {
      onSuccess: (saved: Person) => {
        notifyDone(action, { name: `${saved.name} ${saved.surname}` });
        onClose();
      },
      onError: (error: unknown) => notifyFormFailed(action, error, setError),
    };
    if (person) update.mutate({ ...values, id: person.id }, callbacks);
    else add.mutate(values, callbacks);
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t(person ? 'organisation:staff.editTitle' : 'organisation:staff.addTitle')}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField control={control} name="name" label={t('organisation:columns.name')} autoFocus />
            <FormTextField control={control} name="surname" label={t('organisation:columns.surname')} />
            <FormTextField control={control} name="email" label={t('organisation:columns.email')} type="email" />
            <FormTextField control={control} name="phone" label={t('organisation:columns.phone')} type="tel" />
            <FormTextField
              control={control}
              name="position"
              label={t('organisation:columns.position')}
              helperText={t('organisation:people.positionHint')}
            />
            {roles.length > 1 ? (
              <FormSelectField
                control={control}
                name="role"
                label={t('organisation:columns.role')}
                options={roles.map((role) => ({ value: role, label: labels.role(role) }))}
              />
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" loading={add.isPending || update.isPending}>
            {person ? t('common:save') : t('organisation:add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
