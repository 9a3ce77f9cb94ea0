import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface FormDialogProps {
  title: string;
  children: ReactNode;
  submitLabel: string;
  submitColor?: 'primary' | 'success' | 'error';
  pending: boolean;
  maxWidth?: 'sm' | 'md';
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
}

/** A dialog holding one form: its title, its fields, Cancel and the submit button; it stays open while saving. */
export function FormDialog({ title, children, submitLabel, submitColor = 'primary', pending, maxWidth = 'sm', onSubmit, onClose }: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" color={submitColor} loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
