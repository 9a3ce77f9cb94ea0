import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../../features/account/components/language-switch.tsx';

/** The frame of public pages (layout no-auth): app name, EN/RU, the page centred. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.50' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 2, px: { xs: 2, sm: 3 }, py: 2 }}>
        <Typography variant="h6" component={Link} to="/" sx={{ color: 'primary.main', textDecoration: 'none', fontWeight: 700 }}>
          {t('common:appName')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <LanguageSwitch />
      </Box>
      <Box component="main" sx={{ flexGrow: 1, width: '100%', maxWidth: 'sm', mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 4 } }}>
        {children}
      </Box>
    </Box>
  );
}

export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
