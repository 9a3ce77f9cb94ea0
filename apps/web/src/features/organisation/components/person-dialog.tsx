import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyRole, employeeUpdateBody, type Person, USER_STATUSES } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { useAddEmployee } from '../api/add-employee.ts';
import type { OrgPrefix } from '../api/prefix.ts';
import { useUpdateEmployee } from '../api/update-employee.ts';
import type { CompanyOption } from './company-autocomplete.tsx';
import { CompanyField } from './company-field.tsx';
import { personName, useOrgLabels } from './labels.ts';
import { formCallbacks } from './notify.ts';
import { PersonFormDialog, personFieldValues } from './person-form-dialog.tsx';

const personForm = employeeUpdateBody.extend({ id: z.number().optional() });
const withCompany = personForm.refine((v) => v.companyId !== undefined, { path: ['companyId'], message: 'validation.companyRequired' });

interface PersonDialogProps {
  prefix: OrgPrefix;
  /** The person to edit, or undefined to add one. */
  person?: Person;
  /** The roles the caller may give. */
  roles: readonly CompanyRole[];
  /** Staff and admin choose the company and set the status; ceo and trusted act on their own company's people only. */
  byAssociation: boolean;
  defaultRole?: CompanyRole;
  titleKey?: string;
  onClose: () => void;
}

/** Add or edit a company person: details, role within the company, and for staff the status (edit) and company. */
export function PersonDialog({ prefix, person, roles, byAssociation, defaultRole = 'employee', titleKey, onClose }: PersonDialogProps) {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const add = useAddEmployee(prefix);
  const update = useUpdateEmployee(prefix);
  const [company, setCompany] = useState<CompanyOption | null>(person?.company ?? null);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(byAssociation ? withCompany : personForm),
    defaultValues: {
      id: person?.id,
      ...personFieldValues(person),
      role: (person?.role as CompanyRole | undefined) ?? defaultRole,
      status: person?.status ?? '',
      companyId: person?.company?.id ?? '',
    },
  });
  const action = person ? 'employeeUpdated' : 'employeeAdded';
  const submit = handleSubmit((values) => {
    const callbacks = formCallbacks(action, setError, onClose, (saved: Person) => ({ name: personName(saved) }));
    const { id, status, ...fields } = values;
    // Only staff and admin may change the status; the server refuses it from anyone else.
    if (person) update.mutate({ ...fields, id: person.id, ...(byAssociation ? { status } : {}) }, callbacks);
    else add.mutate(fields, callbacks);
  });
  // The person's own role stays selectable even where the caller could not give it.
  const roleOptions = person && !roles.includes(person.role as CompanyRole) ? [...roles, person.role as CompanyRole] : roles;
  return (
    <PersonFormDialog
      title={t(titleKey ?? (person ? 'organisation:people.editTitle' : 'organisation:people.addTitle'))}
      control={control}
      editing={Boolean(person)}
      pending={add.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormSelectField
        control={control}
        name="role"
        label={t('organisation:columns.role')}
        options={roleOptions.map((role) => ({ value: role, label: labels.role(role) }))}
      />
      {person && byAssociation ? (
        <FormSelectField
          control={control}
          name="status"
          label={t('organisation:columns.status')}
          options={USER_STATUSES.map((status) => ({ value: status, label: labels.userStatus(status) }))}
        />
      ) : null}
      {byAssociation ? <CompanyField control={control} name="companyId" value={company} onChange={setCompany} /> : null}
    </PersonFormDialog>
  );
}
