import Logout from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../api/logout.ts';

/** Ends the session on the server and here, then goes to /login. On a phone it is an icon, so it stays on the screen. */
export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  const label = t('common:logout');
  const onClick = () => logout.mutate();
  return (
    <>
      <Button
        color="inherit"
        startIcon={<Logout />}
        onClick={onClick}
        disabled={logout.isPending}
        sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
      >
        {label}
      </Button>
      <IconButton
        color="inherit"
        aria-label={label}
        title={label}
        onClick={onClick}
        disabled={logout.isPending}
        sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
      >
        <Logout />
      </IconButton>
    </>
  );
}
