import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { account, rolePath } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { CURRENT_USER_KEY, useCurrentUser } from '../../../lib/auth.ts';
import { useLinks } from '../../../lib/links.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { toast } from '../../../lib/toasts.ts';
import { useLogout } from '../api/logout.ts';

/**
 * Asked of a signed-in person whose accepted personal data policy is not the one in force (or who never accepted one,
 * having been added by staff): read it and accept, or sign out. It cannot be dismissed, except by going to the profile,
 * where it is not asked: there the person can download their data or ask for its erasure instead. The acceptance is
 * recorded with its version, time and address (POST /api/user/acceptPolicy).
 */
export default function PolicyPrompt({ version }: { version: string }) {
  const { t } = useTranslation('account');
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const titleId = useId();
  const links = useLinks();
  const logout = useLogout();
  const accept = useMutation({
    mutationFn: () => callEndpoint(account.acceptPolicy, { body: { version } }),
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      toast.success(t('policy.accepted'));
    },
    onError: (error) => {
      toast.error(t('policy.failed'), errorMessage(error));
      // A newer version was published meanwhile: read the person again, so the question names it.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
  const profile = user ? rolePath(user.role, 'profile') : '/profile';
  if (pathname === profile) return null;
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('policy.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('policy.text', { version })}
        </Typography>
        <Link href={links.personalDataPolicy} target="_blank" rel="noopener">
          {t('policy.read')}
        </Link>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => logout.mutate()} disabled={logout.isPending || accept.isPending}>
          {t('policy.signOut')}
        </Button>
        <Button component={RouterLink} to={profile}>
          {t('policy.profile')}
        </Button>
        <Button variant="contained" loading={accept.isPending} onClick={() => accept.mutate()}>
          {t('policy.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
