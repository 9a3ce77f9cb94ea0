import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { LOCALES, type Locale, type MailType } from '@portal/shared';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useMailPreview, useTestMail } from '../api/mail-trial.ts';
import { editorToasts } from './mail-toasts.ts';

export type Messages = Record<Locale, { subject: string; body: string }>;

interface MailPreviewDialogProps {
  title: string;
  type: MailType;
  messages: Messages;
  /** The language shown first (the editor's open tab). */
  locale: Locale;
  /** Said above the preview (a template's description). */
  intro?: ReactNode;
  onClose: () => void;
}

/**
 * A message rendered by the server with sample data, in either language: its subject, its HTML in a sandboxed frame
 * (no scripts, no same-origin access: `sandbox=""`) and its plain-text part; "Send a test to me" sends what is shown to
 * the caller's own address.
 */
export function MailPreviewDialog({ title, type, messages, locale: initial, intro, onClose }: MailPreviewDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const baseId = useId();
  const prefix = useStaffPrefix();
  const [locale, setLocale] = useState<Locale>(initial);
  const trial = { type, locale, subject: messages[locale].subject, body: messages[locale].body };
  const preview = useMailPreview(prefix, trial);
  const test = useTestMail(prefix);
  const word = (key: string) => t(`committees:mailEditor.${key}`);
  const fieldMessages = preview.error instanceof ApiError ? Object.values(preview.error.fields) : [];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {intro}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {word('previewHint')}
        </Typography>
        <Tabs value={locale} onChange={(_, next: Locale) => setLocale(next)} aria-label={word('languages')} sx={{ mb: 2 }}>
          {LOCALES.map((l) => (
            <Tab key={l} value={l} label={word(l)} id={`${baseId}-tab-${l}`} aria-controls={`${baseId}-panel`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${locale}`}>
          {preview.isFetching ? <LinearProgress aria-label={t('common:loading')} sx={{ mb: 1 }} /> : null}
          {preview.error ? (
            <Alert severity="error">
              {fieldMessages.length > 0 ? (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {fieldMessages.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </Box>
              ) : (
                errorMessage(preview.error)
              )}
            </Alert>
          ) : null}
          {preview.data ? (
            <Stack spacing={2}>
              <Typography>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {word('previewSubject')}:{' '}
                </Box>
                <Box component="strong" data-testid="preview-subject">
                  {preview.data.subject}
                </Box>
              </Typography>
              <Box
                component="iframe"
                title={word('previewFrame')}
                sandbox=""
                srcDoc={preview.data.html}
                sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
              />
              <Box>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                  {word('previewText')}
                </Typography>
                <Box
                  component="pre"
                  tabIndex={0}
                  aria-label={word('previewText')}
                  sx={{
                    m: 0,
                    p: 1.5,
                    maxHeight: 240,
                    overflow: 'auto',
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                    fontFamily: 'monospace',
                    fontSize: 13,
                    bgcolor: 'grey.50',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                  }}
                >
                  {preview.data.text}
                </Box>
              </Box>
            </Stack>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<SendOutlined />}
          loading={test.isPending}
          disabled={!preview.data}
          onClick={() => test.mutate(trial, editorToasts.toastCallbacks('testSent'))}
        >
          {word('sendTest')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('common:close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
