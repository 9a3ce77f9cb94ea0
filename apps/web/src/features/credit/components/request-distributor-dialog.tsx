import Typography from '@mui/material/Typography';
import { type DistributorRequestInput, distributorRequestBody } from '@portal/shared';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showFormError } from '../../../components/form-errors.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useRequestDistributor } from '../api/requests.ts';

type Values = Required<DistributorRequestInput>;

/** A company person asks the association to add a distributor the search did not find: name, INN (checked here as on the server), city. */
export function RequestDistributorDialog({ search, onClose }: { search: string; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useRequestDistributor();
  // What was typed in the search is a head start: digits are an INN, anything else a name.
  const typed = search.trim();
  const isInn = /^[\d\s]+$/.test(typed);
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: { name: isInn ? '' : typed, inn: isInn ? typed : '', city: '', comment: '' },
  });
  const submit = handleSubmit((values) => {
    const checked = distributorRequestBody.safeParse(values);
    if (!checked.success) {
      for (const issue of checked.error.issues) setError(issue.path.join('.') as FieldPath<Values>, { type: 'schema', message: issue.message });
      return;
    }
    send.mutate(values, {
      onSuccess: () => {
        toast.success(t('creditData:requests.sent'));
        onClose();
      },
      onError: (error) => showFormError(error, setError),
    });
  });
  return (
    <FormDialog
      title={t('creditData:requests.dialogTitle')}
      submitLabel={t('creditData:requests.send')}
      pending={send.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography color="text.secondary">{t('creditData:requests.dialogIntro')}</Typography>
      <FormTextField control={control} name="name" label={t('creditData:requests.name')} required autoFocus />
      <FormTextField control={control} name="inn" label={t('creditData:requests.inn')} required inputMode="numeric" />
      <FormTextField control={control} name="city" label={t('creditData:requests.city')} required />
      <FormTextField control={control} name="comment" label={t('creditData:requests.comment')} multiline minRows={2} />
    </FormDialog>
  );
}
