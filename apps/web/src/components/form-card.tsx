import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled card holding one form or one message. */
export function FormCard({ title, children, headingLevel = 'h1' }: { title: string; children: ReactNode; headingLevel?: 'h1' | 'h2' }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography variant={headingLevel === 'h1' ? 'h5' : 'h6'} component={headingLevel} sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
