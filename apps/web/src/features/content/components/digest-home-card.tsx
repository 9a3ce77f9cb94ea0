import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rolePath } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { HomeCard } from '../../../components/home-card.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format.ts';
import { openDigest, useDigests } from '../api/digest.ts';
import { notifyFailed } from './notify.ts';

/** The home page's newest issues of the media digest, each opened at a click. */
export default function DigestHomeCard() {
  const { t } = useTranslation();
  const role = useCurrentUser()?.role ?? 'employee';
  const newest = useDigests({ page: 1, pageSize: 3 });
  const issues = newest.data?.rows ?? [];
  return (
    <HomeCard title={t('content:home.title')} more={{ label: t('content:home.all'), to: rolePath(role, 'digest') }}>
      {newest.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {newest.error ? <Alert severity="error">{errorMessage(newest.error)}</Alert> : null}
      {newest.data && issues.length === 0 ? <Typography color="text.secondary">{t('content:home.none')}</Typography> : null}
      {issues.map((d) => (
        <Stack key={d.id} spacing={0.25}>
          <Link
            component="button"
            type="button"
            onClick={() => void openDigest(d.id).catch((error: unknown) => notifyFailed('digestOpened', error))}
            sx={{ textAlign: 'left', fontWeight: 500 }}
          >
            {d.fileName}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {formatDate(d.uploadedAt)}
          </Typography>
        </Stack>
      ))}
    </HomeCard>
  );
}
