import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toasts.ts';
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
  const [renewing, setRenewing] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // The clipboard needs a secure page (HTTPS or localhost); elsewhere the link is selected for the person to copy.
  const copy = () => {
    if (!navigator.clipboard) {
      field.current?.select();
      return toast.error(t('content:toast.feedLinkCopied.failed'), t('content:calendar.copyByHand'));
    }
    void navigator.clipboard.writeText(url ?? '').then(
      () => notifyDone('feedLinkCopied'),
      (error: unknown) => notifyFailed('feedLinkCopied', error),
    );
  };
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
        <Button
          variant="contained"
          onClick={() => (active ? setRenewing(true) : make())}
          loading={change.isPending || status.isLoading}
          disabled={status.isError}
        >
          {t(active || url ? 'content:calendar.feedRenew' : 'content:calendar.feedMake')}
        </Button>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
      <ConfirmDialog
        open={renewing}
        title={t('content:calendar.feedRenewTitle')}
        confirmLabel={t('content:calendar.feedRenew')}
        danger
        pending={change.isPending}
        onConfirm={() => {
          setRenewing(false);
          make();
        }}
        onClose={() => setRenewing(false)}
      >
        {t('content:calendar.feedRenewText')}
      </ConfirmDialog>
    </Dialog>
  );
}
