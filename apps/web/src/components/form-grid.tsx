import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Form fields in two columns from the breakpoint `from` up, in one below it. */
export function FormGrid({ from, children }: { from: 'sm' | 'md'; children: ReactNode }) {
  return <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', [from]: '1fr 1fr' } }}>{children}</Box>;
}
