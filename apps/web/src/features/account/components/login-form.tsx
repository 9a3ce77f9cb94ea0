import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { loginBody, twoFactorCodeBody, type User } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type OnMustEnrol, useLogin, useLoginPasskey, useLoginTwoFactor } from '../api/login.ts';
import { ceremonyRefusal, PASSKEY_REFUSALS } from '../api/passkey-refusal.ts';

/**
 * E-mail and password; a refusal ("Incorrect login or password.") is shown above the fields. An account with
 * two-factor sign-in then asks for a code (from the app, or a recovery code) in a second step. "Sign in with a
 * passkey" signs in with a passkey alone (the browser's dialog; the WebAuthn library is loaded only then).
 */
export function LoginForm({ onLoggedIn, onMustEnrol }: { onLoggedIn: (user: User) => void; onMustEnrol: OnMustEnrol }) {
  const { t } = useTranslation();
  const login = useLogin(onMustEnrol);
  const passkey = useLoginPasskey(onMustEnrol);
  const [message, setMessage] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit((values) => {
    setMessage(null);
    login.mutate(values, {
      onSuccess: (outcome) => ('user' in outcome ? onLoggedIn(outcome.user) : setChallenge(outcome.challenge)),
      onError: (error) => showFormError(error, setError, setMessage),
    });
  });

  const withPasskey = () => {
    setMessage(null);
    passkey.mutate(undefined, {
      onSuccess: onLoggedIn,
      onError: (error) => {
        const refusal = ceremonyRefusal(error);
        if (refusal) setMessage(t(PASSKEY_REFUSALS[refusal]));
        else setMessage(error instanceof ApiError ? error.message : t('errors:somethingWrong'));
      },
    });
  };

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onLoggedIn={onLoggedIn}
        onExpired={(expired) => {
          setChallenge(null);
          setMessage(expired);
        }}
      />
    );
  }
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
      <Button variant="outlined" size="large" fullWidth loading={passkey.isPending} disabled={login.isPending} sx={{ mt: 2 }} onClick={withPasskey}>
        {t('account:passkeyLogin')}
      </Button>
    </form>
  );
}

/** The second step: a code; an expired sign-in goes back to the first step with its message. */
function SecondFactorStep({
  challenge,
  onLoggedIn,
  onExpired,
}: {
  challenge: string;
  onLoggedIn: (user: User) => void;
  onExpired: (message: string) => void;
}) {
  const { t } = useTranslation();
  const verify = useLoginTwoFactor();
  const [message, setMessage] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm({ resolver: zodResolver(twoFactorCodeBody), defaultValues: { code: '' } });

  const submit = handleSubmit((values) => {
    setMessage(null);
    verify.mutate(
      { challenge, code: values.code },
      {
        onSuccess: onLoggedIn,
        onError: (error) =>
          error instanceof ApiError && error.status === 401 ? onExpired(error.message) : showFormError(error, setError, setMessage),
      },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      {message ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {message}
        </Alert>
      ) : null}
      <Typography variant="body2" sx={{ mt: 2 }}>
        {t('account:secondFactorPrompt')}
      </Typography>
      <FormTextField
        control={control}
        name="code"
        label={t('account:secondFactorCode')}
        autoComplete="one-time-code"
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'text', spellCheck: false } }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={verify.isPending} sx={{ mt: 2 }}>
        {t('account:secondFactorVerify')}
      </Button>
    </form>
  );
}
