import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { UI } from '@portal/shared';
import { useState } from 'react';
import { dismissToast, type Toast as ToastItem } from '../../lib/toasts.ts';

/** One toast, bottom right, for UI.toastDurationMs; dismissed from the queue once it has closed. */
export default function Toast({ toast }: { toast: ToastItem }) {
  const [open, setOpen] = useState(true);
  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  };
  // In a portal of its own: an open dialog hides the app from assistive technology (aria-hidden), and a
  // toast about that dialog's action must still be announced.
  return (
    <Portal>
      <Snackbar
        open={open}
        autoHideDuration={UI.toastDurationMs}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        // A toast never blocks what lies under it (a dialog's Save, the QR code's buttons): clicks pass through it, all
        // but those on its own Close button; so hovering it to reach a button does not hold it open either.
        sx={{ pointerEvents: 'none', '& .MuiAlert-action': { pointerEvents: 'auto' } }}
        slotProps={{ transition: { onExited: () => dismissToast(toast.id) } }}
      >
        <Alert
          onClose={close}
          severity={toast.color}
          variant="filled"
          icon={toast.color === 'error' ? <ErrorOutlined fontSize="inherit" /> : <CheckCircleOutlined fontSize="inherit" />}
          sx={{ minWidth: 280, maxWidth: 480 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {toast.text}
          </Typography>
          {toast.subtext ? <Typography variant="body2">{toast.subtext}</Typography> : null}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
