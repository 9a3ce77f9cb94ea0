import MuiLink, { type LinkProps } from '@mui/material/Link';
import { Link } from 'react-router';

/** An MUI-styled link that navigates inside the app. */
export function RouterLink({ to, ...props }: Omit<LinkProps, 'href' | 'component'> & { to: string }) {
  return <MuiLink component={Link} to={to} {...props} />;
}
