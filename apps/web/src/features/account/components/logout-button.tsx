import Logout from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../api/logout.ts';

/** Ends the session on the server and here, then goes to /login. */
export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Button color="inherit" startIcon={<Logout />} onClick={() => logout.mutate()} disabled={logout.isPending}>
      {t('common:logout')}
    </Button>
  );
}
