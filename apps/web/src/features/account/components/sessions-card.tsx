import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { endOtherSessionsBody, type SessionInfo } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorMessage, showFormError } from '../../../components/form-errors.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toasts.ts';
import { useEndSessions, useSessions } from '../api/sessions.ts';

/**
 * Where the person is signed in: each live session's browser and system, address, start and last activity, with this
 * browser marked; any other can be ended, or all of them at once, with the password again. An ended browser is sent to
 * login on its next click.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  // The session to end (or every other one), while its dialog asks for the password.
  const [ending, setEnding] = useState<SessionInfo | 'others' | null>(null);

  const what = (s: SessionInfo) =>
    t('account:sessionOn', { browser: s.browser ?? t('account:sessionUnknownBrowser'), system: s.system ?? t('account:sessionUnknownSystem') });

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
                  onClick={() => setEnding(s)}
                >
                  {t('account:sessionEnd')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {rows.length > 1 && (
        <Button variant="outlined" color="error" sx={{ mt: 2 }} onClick={() => setEnding('others')}>
          {t('account:sessionsEndOthers')}
        </Button>
      )}
      {ending ? <EndDialog what={ending === 'others' ? null : { id: ending.id, label: what(ending) }} onClose={() => setEnding(null)} /> : null}
    </FormCard>
  );
}

/** Ends one session (`what`) or every other one (null) once the password is given again. */
function EndDialog({ what, onClose }: { what: { id: number; label: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const end = useEndSessions();
  const { control, handleSubmit, setError } = useForm({ resolver: zodResolver(endOtherSessionsBody), defaultValues: { password: '' } });
  const submit = handleSubmit(({ password }) =>
    end.mutate(
      { id: what?.id ?? 'others', password },
      {
        onSuccess: () => {
          toast.success(t(what ? 'account:sessionEnded' : 'account:sessionsEnded'));
          onClose();
        },
        onError: (error) => showFormError(error, setError, (text) => toast.error(t('account:sessionEndFailed'), text)),
      },
    ),
  );
  return (
    <FormDialog
      title={what ? t('account:sessionEndLabel', { what: what.label }) : t('account:sessionsEndOthers')}
      submitLabel={what ? t('account:sessionEnd') : t('account:sessionsEndOthers')}
      submitColor="error"
      pending={end.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography variant="body2">{t('account:sessionEndPrompt')}</Typography>
      <FormTextField
        control={control}
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('account:currentPassword')}
        autoFocus
        required
      />
    </FormDialog>
  );
}
