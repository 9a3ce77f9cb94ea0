import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type CompanyRole, employeeUpdateBody, type Person, USER_STATUSES } from '@portal/shared';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { useAddEmployee } from '../api/add-employee.ts';
import type { OrgPrefix } from '../api/prefix.ts';
import { useUpdateEmployee } from '../api/update-employee.ts';
import { CompanyAutocomplete, type CompanyOption } from './company-autocomplete.tsx';
import { useOrgLabels } from './labels.ts';
import { notifyDone, notifyFormFailed } from './notify.ts';

const personForm = employeeUpdateBody.extend({ id: z.number().optional() });
const withCompany = personForm.refine((v) => v.companyId !== undefined, { path: ['companyId'], message: 'validation.companyRequired' });

interface PersonDialogProps {
  prefix: OrgPrefix;
  /** The person to edit, or undefined to add one. */
  person?: Person;
  /** The roles the caller may give. */
  roles: readonly CompanyRole[];
  /** Staff and admin choose the company; ceo and trusted always act on their own. */
  chooseCompany: boolean;
  defaultRole?: CompanyRole;
  titleKey?: string;
  onClose: () => void;
}

/** Add or edit a company person: details, role within the company, status (edit), company (staff). */
export function PersonDialog({ prefix, person, roles, chooseCompany, defaultRole = 'employee', titleKey, onClose }: PersonDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const labels = useOrgLabels();
  const titleId = useId();
  const add = useAddEmployee(prefix);
  const update = useUpdateEmployee(prefix);
  const [company, setCompany] = useState<CompanyOption | null>(person?.company ?? null);
  const { control, handleSubmit, setError, setValue } = useForm({
    resolver: zodResolver(chooseCompany ? withCompany : personForm),
    defaultValues: {
      id: person?.id,
      name: person?.name ?? '',
      surname: person?.surname ?? '',
      position: person?.position ?? '',
      phone: person?.phone ?? '',
      email: person?.email ?? '',
      role: (person?.role as CompanyRole | undefined) ?? defaultRole,
      status: person?.status ?? '',
      companyId: person?.company?.id ?? '',
    },
  });
  const action = person ? 'employeeUpdated' : 'employeeAdded';
  const submit = handleSubmit((values) => {
    const callbacks = {
      onSuccess: (saved: Person) => {
        notifyDone(action, { name: `${saved.name} ${saved.surname}` });
        onClose();
      },
      onError: (error: unknown) => notifyFormFailed(action, error, setError),
    };
    const { id, status, ...fields } = values;
    if (person) update.mutate({ ...fields, id: person.id, status }, callbacks);
    else add.mutate(fields, callbacks);
  });
  // The person's own role stays selectable even where the caller could not give it.
  const roleOptions = person && !roles.includes(person.role as CompanyRole) ? [...roles, person.role as CompanyRole] : roles;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t(titleKey ?? (person ? 'organisation:people.editTitle' : 'organisation:people.addTitle'))}</DialogTitle>
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
            <FormSelectField
              control={control}
              name="role"
              label={t('organisation:columns.role')}
              options={roleOptions.map((role) => ({ value: role, label: labels.role(role) }))}
            />
            {person ? (
              <FormSelectField
                control={control}
                name="status"
                label={t('organisation:columns.status')}
                options={USER_STATUSES.map((status) => ({ value: status, label: labels.userStatus(status) }))}
              />
            ) : null}
            {chooseCompany ? (
              <Controller
                control={control}
                name="companyId"
                render={({ fieldState }) => (
                  <Box sx={{ mt: 2, mb: 1 }}>
                    <CompanyAutocomplete
                      label={t('organisation:columns.company')}
                      value={company}
                      activeOnly
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error ? translate(fieldState.error.message) : undefined}
                      onChange={(next) => {
                        setCompany(next);
                        setValue('companyId', next?.id ?? '', { shouldValidate: Boolean(fieldState.error) });
                      }}
                    />
                  </Box>
                )}
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
