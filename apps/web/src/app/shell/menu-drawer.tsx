import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';

/** The side menu on a phone or tablet: a drawer over the page, opened from the header's menu button. */
export default function MenuDrawer({ open, onClose, width, children }: { open: boolean; onClose: () => void; width: number; children: ReactNode }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width, boxSizing: 'border-box' } }}
    >
      {/* The app bar stays above the drawer: the list starts below it, so no entry hides under it. */}
      <Toolbar />
      {children}
    </Drawer>
  );
}
