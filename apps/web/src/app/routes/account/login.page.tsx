import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Role, rolePath } from '@portal/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '../../../components/form-card.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { RouterLink } from '../../../components/router-link.tsx';
import { LoginForm } from '../../../features/account/components/login-form.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { safeNext } from '../../guards.ts';
import { roleHome } from '../../role-home.ts';

/**
 * /login: after logging in, back to ?next or to the role's home; a person whose role requires two-factor sign-in that
 * they have not turned on goes to their profile to turn it on (the server refuses everything else until then).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('account:loginTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const user = useCurrentUser();
  // A ref, not state: the login's own callback and the render that follows the new session must both see it at once.
  const mustEnrol = useRef(false);
  const landing = (role: Role) => (mustEnrol.current ? rolePath(role, 'profile') : (next ?? roleHome(role)));

  if (user) return <Navigate to={landing(user.role)} replace />;
  return (
    <FormCard title={t('account:loginTitle')}>
      <LoginForm
        onLoggedIn={(loggedIn) => void navigate(landing(loggedIn.role), { replace: true })}
        onMustEnrol={() => {
          mustEnrol.current = true;
        }}
      />
      <Stack spacing={1} sx={{ mt: 3 }}>
        <RouterLink to="/reset-password">{t('account:forgotPassword')}</RouterLink>
        <Typography variant="body2">
          {t('account:noAccount')} <RouterLink to="/signup">{t('account:signupLink')}</RouterLink>
        </Typography>
      </Stack>
    </FormCard>
  );
}
