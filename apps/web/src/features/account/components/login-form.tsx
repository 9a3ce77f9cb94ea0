import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { loginBody, type User } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useLogin } from '../api/login.ts';

/** E-mail and password; a refusal ("Incorrect login or password.") is shown above the fields. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: User) => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [message, setMessage] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit((values) => {
    setMessage(null);
    login.mutate(values, { onSuccess: onLoggedIn, onError: (error) => showFormError(error, setError, setMessage) });
  });

  return (
    <form noValidate onSubmit={submit}>
      {message ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {message}
        </Alert>
      ) : null}
      <FormTextField control={control} name="email" label={t('account:email')} type="email" autoComplete="username" autoFocus />
      <FormTextField control={control} name="password" label={t('account:password')} type="password" autoComplete="current-password" />
      <Button type="submit" variant="contained" size="large" fullWidth loading={login.isPending} sx={{ mt: 2 }}>
        {t('account:login')}
      </Button>
    </form>
  );
}
