import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { isAssociationRole, type Role } from '@portal/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDashboard } from '../../features/organisation/api/dashboard.ts';
import { useUnviewedVotingLogCount } from '../../features/voting/api/unviewed-log-count.ts';
import { staffPrefix } from '../../lib/api-prefix.ts';
import { formatNumber } from '../../lib/format.ts';
import { type NavItem, navItems } from '../navigation.ts';
import type { NavBadge } from '../route-table.ts';

export const NAV_WIDTH = 240;

/** A menu entry: what MUI's ListItemButton draws (padding, hover, keyboard focus), the current page lit. */
const NAV_LINK_SX = {
  display: 'flex',
  flexGrow: 1,
  alignItems: 'center',
  px: 2,
  py: 1,
  color: 'text.primary',
  textDecoration: 'none',
  typography: 'body1',
  transition: 'background-color 150ms',
  '&:hover': { bgcolor: 'action.hover' },
  '&:focus-visible': { bgcolor: 'action.focus', outline: 'none' },
  '&[aria-current="page"]': { color: 'primary.main', bgcolor: 'action.selected' },
} as const;

// The phone's drawer (a modal with its focus trap and transitions) is not in the first load; it is fetched as the menu
// first renders, so it is there by the time the menu button is pressed.
const MenuDrawer = lazy(() => import('./menu-drawer.tsx'));

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
      <Box component="ul" sx={{ listStyle: 'none', m: 0, py: 1, px: 0 }}>
        {items.map(({ to, labelKey, icon: Icon, badge }) => {
          const count = badge ? (counts[badge] ?? 0) : 0;
          return (
            // Each link in its own list item, so the list holds only list items (axe: list). The list, its items and
            // links are drawn with Box: MUI's List and ListItemButton (with its ripple) would add some 1.5 KiB to the
            // first load for a few styles.
            <Box component="li" key={to} sx={{ display: 'flex' }}>
              <Box component={Link} to={to} aria-current={to === current ? 'page' : undefined} onClick={onClose} sx={NAV_LINK_SX}>
                <Box component="span" sx={{ display: 'inline-flex', flexShrink: 0, mr: 2 }}>
                  <Icon />
                </Box>
                <Box component="span" sx={{ flex: '1 1 auto', minWidth: 0, my: 0.5 }}>
                  {t(labelKey)}
                </Box>
                {count > 0 ? (
                  <Box
                    component="span"
                    data-testid={`nav-badge-${badge}`}
                    sx={{
                      ml: 1,
                      px: 1,
                      minWidth: 20,
                      lineHeight: '20px',
                      borderRadius: 10,
                      textAlign: 'center',
                      typography: 'caption',
                      bgcolor: 'error.main',
                      color: 'error.contrastText',
                    }}
                  >
                    {formatNumber(count)}
                  </Box>
                ) : null}
              </Box>
            </Box>
          );
        })}
      </Box>
    </nav>
  );
  return (
    <>
      <Suspense fallback={null}>
        <MenuDrawer open={open} onClose={onClose} width={NAV_WIDTH}>
          {list}
        </MenuDrawer>
      </Suspense>
      {/* On a wide screen the menu stays beside the page (what MUI's permanent drawer draws, without its modal code). */}
      <Box sx={{ display: { xs: 'none', md: 'block' }, width: NAV_WIDTH, flexShrink: 0 }}>
        <Box
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            width: NAV_WIDTH,
            height: '100%',
            overflowY: 'auto',
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            zIndex: (theme) => theme.zIndex.drawer,
          }}
        >
          <Toolbar />
          {list}
        </Box>
      </Box>
    </>
  );
}
