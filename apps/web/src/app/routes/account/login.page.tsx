import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '../../../components/form-card.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { RouterLink } from '../../../components/router-link.tsx';
import { LoginForm } from '../../../features/account/components/login-form.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { safeNext } from '../../guards.ts';
import { roleHome } from '../../role-home.ts';

/** /login: after logging in, back to ?next or to the role's home. */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('account:loginTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const user = useCurrentUser();

  if (user) return <Navigate to={next ?? roleHome(user.role)} replace />;
  return (
    <FormCard title={t('account:loginTitle')}>
      <LoginForm onLoggedIn={(loggedIn) => void navigate(next ?? roleHome(loggedIn.role), { replace: true })} />
      <Stack spacing={1} sx={{ mt: 3 }}>
        <RouterLink to="/reset-password">{t('account:forgotPassword')}</RouterLink>
        <Typography variant="body2">
          {t('account:noAccount')} <RouterLink to="/signup">{t('account:signupLink')}</RouterLink>
        </Typography>
      </Stack>
    </FormCard>
  );
}
