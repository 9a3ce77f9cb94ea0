import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { setPasswordBody } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { useSetPasswordByCode } from '../api/set-password-by-code.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/** The new-password form of a reset or first-password link. */
export function SetPasswordForm({ registrationCode, email, onDone }: { registrationCode: string; email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const setPassword = useSetPasswordByCode();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(setPasswordBody),
    defaultValues: { registrationCode, password: '', passwordConfirmation: '' },
  });

  const submit = handleSubmit((values) => {
    setPassword.mutate(values, { onSuccess: onDone, onError: (error) => showFormError(error, setError) });
  });

  return (
    <form noValidate onSubmit={submit}>
      {/* Lets password managers store the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <NewPasswordFields control={control} autoFocus />
      <Button type="submit" variant="contained" size="large" fullWidth loading={setPassword.isPending} sx={{ mt: 2 }}>
        {t('account:setPassword')}
      </Button>
    </form>
  );
}
