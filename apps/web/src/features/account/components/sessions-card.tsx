import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionInfo } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toasts.ts';
import { useEndSessions, useSessions } from '../api/sessions.ts';

/**
 * Where the person is signed in: each live session's browser and system, address, start and last activity, with this
 * browser marked; any other can be ended, or all of them at once. An ended browser is sent to login on its next click.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const end = useEndSessions();

  const what = (s: SessionInfo) =>
    t('account:sessionOn', { browser: s.browser ?? t('account:sessionUnknownBrowser'), system: s.system ?? t('account:sessionUnknownSystem') });
  const endSession = (id: number | 'others') =>
    end.mutate(id, {
      onSuccess: () => toast.success(t(id === 'others' ? 'account:sessionsEnded' : 'account:sessionEnded')),
      onError: (error) => toast.error(t('account:sessionEndFailed'), errorMessage(error)),
    });

  const rows = sessions.data ?? [];
  return (
    <FormCard title={t('account:sessionsTitle')} headingLevel="h2">
      <Typography variant="body2" color="text.secondary">
        {t('account:sessionsHint')}
      </Typography>
      {sessions.isPending && <LinearProgress aria-label={t('common:loading')} sx={{ my: 3 }} />}
      {sessions.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('account:sessionsLoadFailed')} {errorMessage(sessions.error)}
        </Alert>
      )}
      {rows.length > 0 && (
        <List aria-label={t('account:sessionsTitle')}>
          {rows.map((s) => (
            <ListItem key={s.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                sx={{ flex: '1 1 20rem' }}
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{what(s)}</span>
                    {s.current && <Chip size="small" color="primary" variant="outlined" label={t('account:sessionThis')} />}
                  </Stack>
                }
                secondary={t('account:sessionDetails', {
                  ip: s.ip || '—',
                  createdAt: formatDateTime(s.createdAt),
                  lastSeenAt: formatDateTime(s.lastSeenAt),
                })}
              />
              {!s.current && (
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  aria-label={t('account:sessionEndLabel', { what: what(s) })}
                  loading={end.isPending && end.variables === s.id}
                  onClick={() => endSession(s.id)}
                >
                  {t('account:sessionEnd')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {rows.length > 1 && (
        <Button
          variant="outlined"
          color="error"
          sx={{ mt: 2 }}
          loading={end.isPending && end.variables === 'others'}
          onClick={() => endSession('others')}
        >
          {t('account:sessionsEndOthers')}
        </Button>
      )}
    </FormCard>
  );
}
