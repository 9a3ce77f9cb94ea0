import Typography from '@mui/material/Typography';

/** The h1 of a screen. */
export function PageHeading({ children }: { children: string }) {
  return (
    <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
      {children}
    </Typography>
  );
}
