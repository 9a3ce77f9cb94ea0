import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toasts.ts';
import { useChangeErasure, useOwnErasure } from '../api/erasure.ts';

/**
 * "Erase my personal data": the person asks (after a confirmation that says what erasure does), sees the request wait
 * or why it was refused, and may withdraw it while it waits. Staff decide it from their queue.
 */
export function ErasureCard() {
  const { t } = useTranslation();
  const latest = useOwnErasure();
  const change = useChangeErasure();
  const [asking, setAsking] = useState(false);
  const request = latest.data;
  const pending = request?.status === 'pending';
  const submit = (what: 'request' | 'withdraw') =>
    change.mutate(what, {
      onSuccess: () => {
        setAsking(false);
        toast.success(t(what === 'request' ? 'account:erasure.asked' : 'account:erasure.withdrawn'));
      },
      onError: (error) => {
        setAsking(false);
        toast.error(t('account:erasure.failed'), errorMessage(error));
      },
    });
  return (
    <FormCard title={t('account:erasure.title')} headingLevel="h2">
      <Typography variant="body2">{t('account:erasure.hint')}</Typography>
      {latest.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('account:erasure.loadFailed')} {errorMessage(latest.error)}
        </Alert>
      )}
      {pending && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('account:erasure.pending', { at: formatDateTime(request.requestedAt) })}
        </Alert>
      )}
      {request?.status === 'refused' && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('account:erasure.refused', { at: formatDateTime(request.requestedAt), reason: request.reason })}
        </Alert>
      )}
      {latest.isSuccess &&
        (pending ? (
          <Button variant="outlined" sx={{ mt: 2 }} loading={change.isPending} onClick={() => submit('withdraw')}>
            {t('account:erasure.withdraw')}
          </Button>
        ) : (
          <Button variant="outlined" color="error" sx={{ mt: 2 }} onClick={() => setAsking(true)}>
            {t('account:erasure.ask')}
          </Button>
        ))}
      <ConfirmDialog
        open={asking}
        title={t('account:erasure.askTitle')}
        confirmLabel={t('account:erasure.ask')}
        danger
        pending={change.isPending}
        onConfirm={() => submit('request')}
        onClose={() => setAsking(false)}
      >
        <Typography variant="body2">{t('account:erasure.askText')}</Typography>
      </ConfirmDialog>
    </FormCard>
  );
}
