import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useChangeFeedLink, useFeedLink } from '../api/calendar.ts';
import { notifyDone, notifyFailed } from './notify.ts';

/**
 * The person's private calendar feed: a link their calendar program subscribes to. The link is shown once, when
 * made (only its hash is kept); a new link stops the old one, and turning it off stops it too.
 */
export function FeedLinkDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const status = useFeedLink();
  const change = useChangeFeedLink();
  const [url, setUrl] = useState<string | null>(null);
  const make = () =>
    change.mutate(true, {
      onSuccess: (made) => {
        setUrl(made?.url ?? null);
        notifyDone('feedLinkMade');
      },
      onError: (error) => notifyFailed('feedLinkMade', error),
    });
  const revoke = () =>
    change.mutate(false, {
      onSuccess: () => {
        setUrl(null);
        notifyDone('feedLinkRevoked');
      },
      onError: (error) => notifyFailed('feedLinkRevoked', error),
    });
  const copy = () =>
    void navigator.clipboard.writeText(url ?? '').then(
      () => notifyDone('feedLinkCopied'),
      (error: unknown) => notifyFailed('feedLinkCopied', error),
    );
  const active = status.data?.active ?? false;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('content:calendar.feedTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{t('content:calendar.feedText')}</Typography>
          {url ? (
            <>
              <TextField
                label={t('content:calendar.feedUrl')}
                value={url}
                slotProps={{ htmlInput: { readOnly: true } }}
                fullWidth
                onFocus={(e) => e.target.select()}
              />
              <Alert severity="warning">{t('content:calendar.feedOnce')}</Alert>
            </>
          ) : active && status.data?.createdAt ? (
            <Alert severity="info">{t('content:calendar.feedActive', { at: formatDateTime(status.data.createdAt) })}</Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {url ? <Button onClick={copy}>{t('content:calendar.copyLink')}</Button> : null}
        {active || url ? (
          <Button color="error" onClick={revoke} disabled={change.isPending}>
            {t('content:calendar.feedRevoke')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={make} loading={change.isPending}>
          {t(active || url ? 'content:calendar.feedRenew' : 'content:calendar.feedMake')}
        </Button>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
