import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { RouterLink } from '../../../components/router-link.tsx';
import { DoneCard } from '../../../features/account/components/done-card.tsx';
import { SignupForm } from '../../../features/account/components/signup-form.tsx';

/** /signup: the access request, then what happens next. */
export default function SignupPage() {
  const { t } = useTranslation();
  usePageTitle(t('account:signupTitle'));
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo !== null) {
    return (
      <DoneCard title={t('account:signupDoneTitle')} text={t('account:signupDoneText', { email: sentTo })} loginLabel={t('account:backToLogin')} />
    );
  }
  return (
    <FormCard title={t('account:signupTitle')}>
      <Typography color="text.secondary">{t('account:signupIntro')}</Typography>
      <SignupForm onSent={(values) => setSentTo(values.email)} />
      <Typography variant="body2" sx={{ mt: 3 }}>
        {t('account:haveAccount')} <RouterLink to="/login">{t('account:login')}</RouterLink>
      </Typography>
    </FormCard>
  );
}
