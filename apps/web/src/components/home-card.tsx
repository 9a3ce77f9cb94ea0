import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** One card of the members' home page: what an area has for the person now, and a link to the whole of it. */
export function HomeCard({ title, more, children }: { title: string; more: { label: string; to: string }; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Stack spacing={1.5} sx={{ flexGrow: 1 }}>
        {children}
      </Stack>
      <Button component={RouterLink} to={more.to} sx={{ alignSelf: 'flex-start' }}>
        {more.label}
      </Button>
    </Paper>
  );
}
