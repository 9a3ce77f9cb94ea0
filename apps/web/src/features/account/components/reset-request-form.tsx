import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { emailQuery } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useSendRestorePasswordEmail } from '../api/send-restore-password-email.ts';

/** Asks for the account's e-mail and sends the reset link; the answer is the same whether it exists or not. */
export function ResetRequestForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const send = useSendRestorePasswordEmail();
  const { control, handleSubmit, setError } = useForm({ resolver: zodResolver(emailQuery), defaultValues: { email: '' } });

  const submit = handleSubmit(({ email }) => {
    send.mutate(email, { onSuccess: () => onSent(email), onError: (error) => showFormError(error, setError) });
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormTextField control={control} name="email" label={t('account:email')} type="email" autoComplete="email" autoFocus />
      <Button type="submit" variant="contained" size="large" fullWidth loading={send.isPending} sx={{ mt: 2 }}>
        {t('account:resetSend')}
      </Button>
    </form>
  );
}
