import Typography from '@mui/material/Typography';
import { FormCard } from '../../../components/form-card.tsx';
import { RouterLink } from '../../../components/router-link.tsx';

/** The card that takes the place of a sent account form: what happened, and the way to the login page. */
export function DoneCard({ title, text, loginLabel }: { title: string; text: string; loginLabel: string }) {
  return (
    <FormCard title={title}>
      <Typography sx={{ mb: 2 }}>{text}</Typography>
      <RouterLink to="/login">{loginLabel}</RouterLink>
    </FormCard>
  );
}
