import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { COMPANY_STATUSES, type Company, companyBody } from '@portal/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useAddCompany } from '../api/add-company.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import { useOrgLabels } from './labels.ts';
import { notifyDone, notifyFormFailed } from './notify.ts';

/** Add a company (company undefined) or edit one: name, e-mail domain, status. */
export function CompanyDialog({ open, company, onClose }: { open: boolean; company?: Company; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const titleId = useId();
  const add = useAddCompany();
  const update = useUpdateCompany();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(companyBody),
    values: { name: company?.name ?? '', domain: company?.domain ?? '', status: company?.status ?? 'new' },
  });
  const action = company ? 'companyUpdated' : 'companyAdded';
  const submit = handleSubmit((values) => {
    const callbacks = {
      onSuccess: () => {
        notifyDone(action, { name: values.name });
        onClose();
      },
      onError: (error: unknown) => notifyFormFailed(action, error, setError),
    };
    if (company) update.mutate({ ...values, id: company.id }, callbacks);
    else add.mutate(values, callbacks);
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{company ? t('organisation:companies.editTitle') : t('organisation:companies.addTitle')}</DialogTitle>
        <DialogContent>
          <FormTextField control={control} name="name" label={t('organisation:companies.name')} autoFocus />
          <FormTextField
            control={control}
            name="domain"
            label={t('organisation:companies.domain')}
            helperText={t('organisation:companies.domainHint')}
          />
          <FormSelectField
            control={control}
            name="status"
            label={t('organisation:companies.status')}
            options={COMPANY_STATUSES.map((status) => ({ value: status, label: labels.companyStatus(status) }))}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" loading={add.isPending || update.isPending}>
            {company ? t('common:save') : t('organisation:add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
