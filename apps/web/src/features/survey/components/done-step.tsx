import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SurveyOverview } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { currentLocaleTag } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadPositions, useWithdrawSurvey } from '../api/survey-mutations.ts';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(currentLocaleTag(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Results are published no sooner than three months after the effective date (design §1.1, the safe-harbour rule). */
function resultsExpected(effectiveDate: string): string {
  const d = new Date(`${effectiveDate}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 3);
  return d.toISOString();
}

/** Completion: thanks, when results come, the download of what was submitted, and withdrawal before the deadline. */
export function DoneStep({ overview }: { overview: SurveyOverview }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawSurvey();
  const [asking, setAsking] = useState(false);
  const { response, period } = overview;
  return (
    <Stack spacing={2}>
      <Alert severity="success">{t('survey:done.thanks', { date: response.submittedAt ? day(response.submittedAt) : '' })}</Alert>
      <Typography>{t('survey:done.results', { date: day(resultsExpected(period.effectiveDate)) })}</Typography>
      <Button
        variant="outlined"
        startIcon={<DownloadOutlined />}
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => void downloadPositions().catch((e) => toast.error(t('errors:downloadFailed'), errorMessage(e)))}
      >
        {t('survey:done.download')}
      </Button>
      {overview.withdrawable ? (
        <>
          <Typography color="text.secondary">{t('survey:done.withdrawHint', { date: day(period.deadline) })}</Typography>
          <Button color="warning" variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setAsking(true)}>
            {t('survey:done.withdraw')}
          </Button>
        </>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('survey:done.withdraw')}
        confirmLabel={t('survey:done.withdrawConfirm')}
        pending={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutate(period.id, {
            onSuccess: () => {
              setAsking(false);
              toast.success(t('survey:done.withdrawn'));
            },
            onError: (e) => toast.error(t('survey:done.withdrawFailed'), errorMessage(e)),
          })
        }
        onClose={() => setAsking(false)}
      >
        {t('survey:done.withdrawText')}
      </ConfirmDialog>
    </Stack>
  );
}
