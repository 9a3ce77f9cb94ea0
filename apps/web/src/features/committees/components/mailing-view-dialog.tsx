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
import { LOCALES, type Locale } from '@portal/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useMailing } from '../api/mailings.ts';

/** One mailing as it was sent, in either language (its HTML in a sandboxed frame), with its counts read again while any message is queued. */
export function MailingViewDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const baseId = useId();
  const mailing = useMailing(useStaffPrefix(), id);
  const [locale, setLocale] = useState<Locale>(currentLocale());
  const word = (key: string, params?: Record<string, unknown>) => t(`committees:mailings.${key}`, params ?? {});
  const data = mailing.data;
  const subject = data ? (currentLocale() === 'ru' ? data.subjectRu : data.subjectEn) : '';
  const counts = data ? (['recipients', 'queued', 'sent', 'failed'] as const) : [];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{word('viewTitle', { subject })}</DialogTitle>
      <DialogContent>
        {mailing.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
        {mailing.error ? <Alert severity="error">{errorMessage(mailing.error)}</Alert> : null}
        {data ? (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {word('viewMeta', { author: data.author, at: formatDateTime(data.createdAt) })}
            </Typography>
            <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} role="status">
              {counts.map((key) => (
                <Typography key={key} variant="body2">
                  {word(`columns.${key}`)}: <strong>{formatNumber(data[key])}</strong>
                </Typography>
              ))}
            </Stack>
            <Tabs value={locale} onChange={(_, next: Locale) => setLocale(next)} aria-label={t('committees:mailEditor.languages')}>
              {LOCALES.map((l) => (
                <Tab key={l} value={l} label={t(`committees:mailEditor.${l}`)} id={`${baseId}-tab-${l}`} aria-controls={`${baseId}-panel`} />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${locale}`}>
              <Typography sx={{ mb: 1 }}>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {t('committees:mailEditor.previewSubject')}:{' '}
                </Box>
                <strong>{locale === 'ru' ? data.subjectRu : data.subjectEn}</strong>
              </Typography>
              <Box
                component="iframe"
                title={t('committees:mailEditor.previewFrame')}
                sandbox=""
                srcDoc={locale === 'ru' ? data.bodyRu : data.bodyEn}
                sx={{ width: '100%', height: 380, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
              />
            </Box>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('common:close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
