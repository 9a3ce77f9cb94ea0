import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { type Application, rejectBody } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import type { StaffPrefix } from '../api/prefix.ts';
import { useRejectApplication } from '../api/reject-application.ts';
import { personName } from './labels.ts';
import { formCallbacks } from './notify.ts';

/** Reject a signup request; the reason (required) is e-mailed to the applicant. */
export function RejectDialog({ prefix, application, onClose }: { prefix: StaffPrefix; application: Application; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectApplication(prefix);
  const { control, handleSubmit, setError } = useForm({ resolver: zodResolver(rejectBody), defaultValues: { id: application.id, reason: '' } });
  const name = personName(application);
  const submit = handleSubmit((values) =>
    reject.mutate(
      values,
      formCallbacks('rejected', setError, onClose, () => ({ name })),
    ),
  );
  return (
    <FormDialog
      title={t('organisation:applications.rejectTitle', { name })}
      submitLabel={t('organisation:applications.reject')}
      submitColor="error"
      pending={reject.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t('organisation:applications.rejectHint', { email: application.email })}
      </Typography>
      <FormTextField control={control} name="reason" label={t('organisation:applications.reason')} multiline minRows={3} autoFocus />
    </FormDialog>
  );
}
