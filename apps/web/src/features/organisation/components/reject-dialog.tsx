import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type Application, rejectBody } from '@portal/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import type { StaffPrefix } from '../api/prefix.ts';
import { useRejectApplication } from '../api/reject-application.ts';
import { personName } from './labels.ts';
import { notifyDone, notifyFormFailed } from './notify.ts';

/** Reject a signup request; the reason (required) is e-mailed to the applicant. */
export function RejectDialog({ prefix, application, onClose }: { prefix: StaffPrefix; application: Application; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const reject = useRejectApplication(prefix);
  const { control, handleSubmit, setError } = useForm({ resolver: zodResolver(rejectBody), defaultValues: { id: application.id, reason: '' } });
  const name = personName(application);
  const submit = handleSubmit((values) =>
    reject.mutate(values, {
      onSuccess: () => {
        notifyDone('rejected', { name });
        onClose();
      },
      onError: (error) => notifyFormFailed('rejected', error, setError),
    }),
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('organisation:applications.rejectTitle', { name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary">
            {t('organisation:applications.rejectHint', { email: application.email })}
          </Typography>
          <FormTextField control={control} name="reason" label={t('organisation:applications.reason')} multiline minRows={3} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" color="error" loading={reject.isPending}>
            {t('organisation:applications.reject')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
