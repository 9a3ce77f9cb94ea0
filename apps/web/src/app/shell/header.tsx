import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { User } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../features/account/components/language-switch.tsx';
import { LogoutButton } from '../../features/account/components/logout-button.tsx';
import { roleHome } from '../role-home.ts';

/** The top bar of the logged-in pages: app name, user's name and role, EN/RU, Log out. */
export function Header({ user, divider, onMenu }: { user: User; divider: boolean; onMenu?: () => void }) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: divider ? 1 : 0, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {onMenu ? (
          <IconButton edge="start" aria-label={t('common:menu')} onClick={onMenu} sx={{ display: { md: 'none' } }}>
            <MenuIcon />
          </IconButton>
        ) : null}
        <Typography
          variant="h6"
          component={Link}
          to={roleHome(user.role)}
          sx={{ color: 'primary.main', textDecoration: 'none', fontWeight: 700, whiteSpace: 'nowrap' }}
        >
          {/* The short name on a phone, where the full one would push EN/RU and Log out off the screen. */}
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('common:appName')}
          </Box>
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            {t('common:appShortName')}
          </Box>
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, flexDirection: 'column', textAlign: 'right' }} data-testid="current-user">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {`${user.name} ${user.surname}`}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`common:roles.${user.role}`)}
          </Typography>
        </Box>
        <LanguageSwitch />
        <LogoutButton />
      </Toolbar>
    </AppBar>
  );
}
