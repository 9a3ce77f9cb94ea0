import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormCard } from '../../../components/form-card.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { usePageTitle } from '../../../components/page-title.ts';
import { RouterLink } from '../../../components/router-link.tsx';
import { useRegistrationCodeUser } from '../../../features/account/api/registration-code-user.ts';
import { DoneCard } from '../../../features/account/components/done-card.tsx';
import { ResetRequestForm } from '../../../features/account/components/reset-request-form.tsx';
import { SetPasswordForm } from '../../../features/account/components/set-password-form.tsx';

/** Without ?code: ask for the e-mail. */
function RequestLink() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  usePageTitle(t('account:resetTitle'));

  if (sentTo !== null) {
    return (
      <DoneCard title={t('account:resetSentTitle')} text={t('account:resetSentText', { email: sentTo })} loginLabel={t('account:backToLogin')} />
    );
  }
  return (
    <FormCard title={t('account:resetTitle')}>
      <Typography color="text.secondary">{t('account:resetIntro')}</Typography>
      <ResetRequestForm onSent={setSentTo} />
      <Typography variant="body2" sx={{ mt: 3 }}>
        <RouterLink to="/login">{t('account:backToLogin')}</RouterLink>
      </Typography>
    </FormCard>
  );
}

/** With ?code: the link's owner sets a (new or first) password. */
function SetPassword({ code }: { code: string }) {
  const { t } = useTranslation();
  const owner = useRegistrationCodeUser(code);
  const [done, setDone] = useState(false);
  const title = owner.data?.purpose === 'first' ? t('account:firstPasswordTitle') : t('account:newPasswordTitle');
  usePageTitle(done ? t('account:passwordSetTitle') : title);

  if (done) {
    return <DoneCard title={t('account:passwordSetTitle')} text={t('account:passwordSetText')} loginLabel={t('account:login')} />;
  }
  if (owner.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Stack>
    );
  }
  if (owner.isError) {
    return (
      <FormCard title={t('account:resetTitle')}>
        <Alert severity="error" sx={{ my: 2 }}>
          {errorMessage(owner.error)}
        </Alert>
        <Stack spacing={1}>
          <RouterLink to="/reset-password">{t('account:resetSend')}</RouterLink>
          <RouterLink to="/login">{t('account:backToLogin')}</RouterLink>
        </Stack>
      </FormCard>
    );
  }
  const { name, surname, email } = owner.data;
  return (
    <FormCard title={title}>
      <Typography color="text.secondary">{t('account:newPasswordFor', { name: `${name} ${surname}`, email })}</Typography>
      <SetPasswordForm registrationCode={code} email={email} onDone={() => setDone(true)} />
    </FormCard>
  );
}

/** /reset-password and /reset-password?code=… */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim();
  return code ? <SetPassword code={code} /> : <RequestLink />;
}
