import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_STATUSES, type Company, companyBody } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useAddCompany } from '../api/add-company.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import { useOrgLabels } from './labels.ts';
import { formCallbacks } from './notify.ts';

/** Add a company (company undefined) or edit one: name, e-mail domain, status. */
export function CompanyDialog({ company, onClose }: { company?: Company; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const add = useAddCompany();
  const update = useUpdateCompany();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(companyBody),
    values: { name: company?.name ?? '', domain: company?.domain ?? '', status: company?.status ?? 'new' },
  });
  const action = company ? 'companyUpdated' : 'companyAdded';
  const submit = handleSubmit((values) => {
    const callbacks = formCallbacks(action, setError, onClose, () => ({ name: values.name }));
    if (company) update.mutate({ ...values, id: company.id }, callbacks);
    else add.mutate(values, callbacks);
  });
  return (
    <FormDialog
      title={company ? t('organisation:companies.editTitle') : t('organisation:companies.addTitle')}
      submitLabel={company ? t('common:save') : t('organisation:add')}
      pending={add.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField control={control} name="name" label={t('organisation:companies.name')} autoFocus />
      <FormTextField control={control} name="domain" label={t('organisation:companies.domain')} helperText={t('organisation:companies.domainHint')} />
      <FormSelectField
        control={control}
        name="status"
        label={t('organisation:companies.status')}
        options={COMPANY_STATUSES.map((status) => ({ value: status, label: labels.companyStatus(status) }))}
      />
    </FormDialog>
  );
}
