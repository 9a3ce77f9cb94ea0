import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import type { Role } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { navItems } from '../navigation.ts';

export const NAV_WIDTH = 240;

/** The side menu: the sections of the route table that this role may open. */
export function SideNav({ role, open, onClose }: { role: Role; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const list = (
    <nav aria-label={t('common:menu')}>
      <List>
        {navItems(role).map(({ to, labelKey, icon: Icon }) => (
          <ListItemButton
            key={to}
            component={NavLink}
            to={to}
            onClick={onClose}
            sx={{ '&.active': { color: 'primary.main', bgcolor: 'action.selected' } }}
          >
            <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
              <Icon />
            </ListItemIcon>
            <ListItemText primary={t(labelKey)} />
          </ListItemButton>
        ))}
      </List>
    </nav>
  );
  const paper = { width: NAV_WIDTH, boxSizing: 'border-box' } as const;
  return (
    <>
      <Drawer variant="temporary" open={open} onClose={onClose} sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}>
        {list}
      </Drawer>
      <Drawer variant="permanent" sx={{ display: { xs: 'none', md: 'block' }, width: NAV_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paper }}>
        <Toolbar />
        {list}
      </Drawer>
    </>
  );
}
