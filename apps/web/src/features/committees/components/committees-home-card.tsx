import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rolePath } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { HomeCard } from '../../../components/home-card.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useOwnCommittees } from '../api/own-committees.ts';
import { useCommitteeLabels } from './labels.ts';
import { RequestStatusChip } from './request-status-chip.tsx';

/** The home page's committees: the person's memberships with position and term, and their open requests. */
export default function CommitteesHomeCard() {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const role = useCurrentUser()?.role ?? 'employee';
  const own = useOwnCommittees();
  const all = own.data ?? [];
  const byId = new Map(all.map((c) => [c.id, c]));
  const mine = all.filter((c) => c.membership || c.request);
  const to = rolePath(role, 'cwg');
  return (
    <HomeCard title={t('committees:company.home.title')} more={{ label: t('committees:company.home.all'), to }}>
      {own.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {own.error ? <Alert severity="error">{errorMessage(own.error)}</Alert> : null}
      {own.data && mine.length === 0 ? <Typography color="text.secondary">{t('committees:company.home.none')}</Typography> : null}
      {mine.map((c) => (
        <Stack key={c.id} spacing={0.5}>
          <Link component={RouterLink} to={to} sx={{ fontWeight: 500 }}>
            {labels.fullName(c, c.parentId === null ? undefined : byId.get(c.parentId))}
          </Link>
          {c.membership ? (
            <Typography variant="body2" color="text.secondary">
              {`${labels.position(c.membership.position)}, ${labels.term(c.membership.since, c.membership.until)}`}
            </Typography>
          ) : null}
          {c.request ? (
            <Stack direction="row">
              <RequestStatusChip status={c.request.status} label={(status) => t('committees:company.own.request', { status })} />
            </Stack>
          ) : null}
        </Stack>
      ))}
    </HomeCard>
  );
}
