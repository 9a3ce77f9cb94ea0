import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { isAssociationRole, type Role } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDashboard } from '../../features/organisation/api/dashboard.ts';
import { useUnviewedVotingLogCount } from '../../features/voting/api/unviewed-log-count.ts';
import { staffPrefix } from '../../lib/api-prefix.ts';
import { formatNumber } from '../../lib/format.ts';
import { type NavItem, navItems } from '../navigation.ts';
import type { NavBadge } from '../route-table.ts';

export const NAV_WIDTH = 240;

/** The counts beside navigation entries: one dashboard query, for staff and admin only. */
function useNavCounts(role: Role): Partial<Record<NavBadge, number>> {
  const isStaff = isAssociationRole(role);
  const { data } = useDashboard(staffPrefix(role), isStaff);
  const { data: unviewedVotingLog } = useUnviewedVotingLogCount(staffPrefix(role), isStaff);
  return {
    ...(data
      ? {
          unviewedUsersLog: data.unviewedUsersLog,
          pendingApplications: data.pendingApplications,
          unviewedCommitteeLog: data.unviewedCommitteeLog,
          openMembershipRequests: data.openMembershipRequests,
        }
      : {}),
    ...(unviewedVotingLog !== undefined ? { unviewedVotingLog } : {}),
  };
}

/**
 * The entry the page belongs to: the one whose path holds the current path most closely, so that a page with an entry
 * of its own inside a section (/cwg/assignments inside /cwg) lights that entry only.
 */
function currentEntry(items: readonly NavItem[], pathname: string): string | undefined {
  const holding = items.filter(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  return holding.sort((a, b) => b.to.length - a.to.length)[0]?.to;
}

/** The side menu: the sections of the route table that this role may open. */
export function SideNav({ role, open, onClose }: { role: Role; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const counts = useNavCounts(role);
  const items = navItems(role);
  const current = currentEntry(items, useLocation().pathname);
  const list = (
    <nav aria-label={t('common:menu')}>
      <List>
        {items.map(({ to, labelKey, icon: Icon, badge }) => {
          const count = badge ? (counts[badge] ?? 0) : 0;
          return (
            // Each link in its own list item, so the list holds only list items (axe: list).
            <ListItem key={to} disablePadding>
              <ListItemButton
                component={Link}
                to={to}
                aria-current={to === current ? 'page' : undefined}
                onClick={onClose}
                sx={{ '&[aria-current="page"]': { color: 'primary.main', bgcolor: 'action.selected' } }}
              >
                <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={t(labelKey)} />
                {count > 0 ? (
                  <Chip size="small" color="error" label={formatNumber(count)} data-testid={`nav-badge-${badge}`} sx={{ height: 20, ml: 1 }} />
                ) : null}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
  const paper = { width: NAV_WIDTH, boxSizing: 'border-box' } as const;
  return (
    <>
      <Drawer variant="temporary" open={open} onClose={onClose} sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}>
        {/* The app bar stays above the drawer: the list starts below it, so no entry hides under it. */}
        <Toolbar />
        {list}
      </Drawer>
      <Drawer variant="permanent" sx={{ display: { xs: 'none', md: 'block' }, width: NAV_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paper }}>
        <Toolbar />
        {list}
      </Drawer>
    </>
  );
}
