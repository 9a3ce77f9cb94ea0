import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../../lib/auth.ts';
import type { LayoutName } from '../route-table.ts';
import { Header } from '../shell/header.tsx';
import { SideNav } from '../shell/side-nav.tsx';

// Asked only of someone who has not accepted the personal data policy in force: never part of the first load.
const PolicyPrompt = lazy(() => import('../../features/account/components/policy-prompt.tsx'));

interface Variant {
  darker: boolean;
  divider: boolean;
  padding: boolean;
  nav: boolean;
}

const VARIANTS: Record<Exclude<LayoutName, 'no-auth'>, Variant> = {
  default: { darker: false, divider: true, padding: true, nav: true },
  'default-darker': { darker: true, divider: true, padding: true, nav: true },
  'default-nodivider': { darker: false, divider: false, padding: true, nav: true },
  'default-nodivider-nopadding': { darker: false, divider: false, padding: false, nav: true },
  'default-nopadding': { darker: false, divider: true, padding: false, nav: true },
  // The salary survey is a focused, step-by-step screen: no side menu.
  'salary-survey': { darker: true, divider: true, padding: false, nav: false },
};

/** The frame of logged-in pages: header, side menu and the page, in one of the spec's layouts. */
export function AppLayout({ layout }: { layout: Exclude<LayoutName, 'no-auth'> }) {
  const user = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const variant = VARIANTS[layout];
  // The area's guard has loaded the user before this renders; nothing to show without one.
  if (!user) return null;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: variant.darker ? 'grey.100' : 'background.default' }}>
      <Header user={user} divider={variant.divider} onMenu={variant.nav ? () => setMenuOpen(true) : undefined} />
      {variant.nav ? <SideNav role={user.role} open={menuOpen} onClose={() => setMenuOpen(false)} /> : null}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: variant.padding ? { xs: 2, sm: 3 } : 0 }}>
        <Toolbar />
        <Outlet />
      </Box>
      {user.policyToAccept ? (
        <Suspense fallback={null}>
          <PolicyPrompt version={user.policyToAccept} />
        </Suspense>
      ) : null}
    </Box>
  );
}
