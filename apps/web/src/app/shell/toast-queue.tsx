import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { UI } from '@portal/shared';
import { useState, useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from '../../lib/toasts.ts';

/** Shows queued toasts one after another, bottom right, each for UI.toastDurationMs. */
export function ToastQueue() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const current = toasts[0];
  const [closingId, setClosingId] = useState<number | null>(null);

  if (!current) return null;
  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setClosingId(current.id);
  };
  // In a portal of its own: an open dialog hides the app from assistive technology (aria-hidden), and a
  // toast about that dialog's action must still be announced.
  return (
    <Portal>
      <Snackbar
        key={current.id}
        open={closingId !== current.id}
        autoHideDuration={UI.toastDurationMs}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        // A toast never blocks what lies under it (a dialog's Save, the QR code's buttons): clicks pass through it, all
        // but those on its own Close button; so hovering it to reach a button does not hold it open either.
        sx={{ pointerEvents: 'none', '& .MuiAlert-action': { pointerEvents: 'auto' } }}
        slotProps={{ transition: { onExited: () => dismissToast(current.id) } }}
      >
        <Alert
          onClose={close}
          severity={current.color}
          variant="filled"
          icon={current.color === 'error' ? <ErrorOutlined fontSize="inherit" /> : <CheckCircleOutlined fontSize="inherit" />}
          sx={{ minWidth: 280, maxWidth: 480 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {current.text}
          </Typography>
          {current.subtext ? <Typography variant="body2">{current.subtext}</Typography> : null}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
