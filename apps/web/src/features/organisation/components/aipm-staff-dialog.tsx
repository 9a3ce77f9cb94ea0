import { zodResolver } from '@hookform/resolvers/zod';
import { AIPM_ROLES, aipmEmployeeBody, type Person } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { useAddAipmEmployee } from '../api/add-aipm-employee.ts';
import type { StaffPrefix } from '../api/prefix.ts';
import { useUpdateAipmEmployee } from '../api/update-aipm-employee.ts';
import { personName, useOrgLabels } from './labels.ts';
import { formCallbacks } from './notify.ts';
import { PersonFormDialog, personFieldValues } from './person-form-dialog.tsx';

/** Add or edit a member of the association's staff; only an admin may give the admin role. */
export function AipmStaffDialog({ prefix, person, onClose }: { prefix: StaffPrefix; person?: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const add = useAddAipmEmployee(prefix);
  const update = useUpdateAipmEmployee(prefix);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(aipmEmployeeBody),
    defaultValues: {
      ...personFieldValues(person),
      role: person?.role === 'admin' ? 'admin' : 'staff',
    },
  });
  const roles = prefix === 'admin' ? AIPM_ROLES : (['staff'] as const);
  const action = person ? 'staffUpdated' : 'staffAdded';
  const submit = handleSubmit((values) => {
    const callbacks = formCallbacks(action, setError, onClose, (saved: Person) => ({ name: personName(saved) }));
    if (person) update.mutate({ ...values, id: person.id }, callbacks);
    else add.mutate(values, callbacks);
  });
  return (
    <PersonFormDialog
      title={t(person ? 'organisation:staff.editTitle' : 'organisation:staff.addTitle')}
      control={control}
      editing={Boolean(person)}
      pending={add.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {roles.length > 1 ? (
        <FormSelectField
          control={control}
          name="role"
          label={t('organisation:columns.role')}
          options={roles.map((role) => ({ value: role, label: labels.role(role) }))}
        />
      ) : null}
    </PersonFormDialog>
  );
}
