import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { unsubscribeQuery } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { usePageTitle } from '../../../components/page-title.ts';
import { RouterLink } from '../../../components/router-link.tsx';
import { translateMessage } from '../../../lib/i18n.ts';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/unsubscribe.ts';
import { useCommitteeLabels } from './labels.ts';
import { unsubscribeToasts } from './mail-toasts.ts';

/**
 * The page a mailing's unsubscribe link opens (no login): the committee, in the reader's language, and the address;
 * one button stops the committee's mailings to it. A used link says it is done; a malformed or unknown one says so.
 */
export function UnsubscribeCard({ token }: { token: string }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const wellFormed = unsubscribeQuery.safeParse({ token }).success;
  const info = useUnsubscribeInfo(token, wellFormed);
  const unsubscribe = useUnsubscribe(token);
  const word = (key: string, params?: Record<string, unknown>) => t(`committees:unsubscribe.${key}`, params ?? {});
  const done = info.data?.done === true;
  usePageTitle(done ? word('doneTitle') : word('title'));

  if (!wellFormed || info.isError) {
    return (
      <FormCard title={word('title')}>
        <Alert severity="error" sx={{ my: 2 }}>
          {wellFormed ? errorMessage(info.error) : translateMessage('errors.linkInvalid')}
        </Alert>
        <RouterLink to="/">{word('toPortal')}</RouterLink>
      </FormCard>
    );
  }
  if (!info.data) {
    return (
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Stack>
    );
  }
  const { committee, email } = info.data;
  const name = labels.name(committee);
  if (done) {
    return (
      <FormCard title={word('doneTitle')}>
        <Typography role="status" sx={{ my: 2 }}>
          {word('doneText', { email, name })}
        </Typography>
        <RouterLink to="/">{word('toPortal')}</RouterLink>
      </FormCard>
    );
  }
  return (
    <FormCard title={word('title')}>
      <Typography sx={{ mt: 2, overflowWrap: 'anywhere' }}>{word('text', { email, name })}</Typography>
      <Typography sx={{ mt: 1, mb: 3 }}>{word('question')}</Typography>
      <Button
        variant="contained"
        loading={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate(undefined, unsubscribeToasts.toastCallbacks('unsubscribed', { name }))}
      >
        {word('button')}
      </Button>
    </FormCard>
  );
}
