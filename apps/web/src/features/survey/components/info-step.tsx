import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SurveyOverview } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { currentLocaleTag } from '../../../lib/i18n.ts';
import { useLinks } from '../../../lib/links.ts';
import { toast } from '../../../lib/toasts.ts';
import { saveCalls } from '../api/survey-mutations.ts';
import { useInvalidateSurvey } from '../api/survey-queries.ts';
import { useSurveySession } from './survey-session.tsx';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(currentLocaleTag(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Step 0: the period, its dates, the definitions, confidentiality and anonymity, the instructions; copy from last year. */
export function InfoStep({ overview, helpHref }: { overview: SurveyOverview; helpHref: string }) {
  const { t } = useTranslation();
  const session = useSurveySession();
  const links = useLinks();
  const refresh = useInvalidateSurvey();
  const [asking, setAsking] = useState(false);
  const { period, response } = overview;
  const copy = async () => {
    setAsking(false);
    try {
      if (await session.saveNow((version) => saveCalls.copyFromLastYear({ version }))) {
        toast.success(t('survey:info.copied'));
        await refresh();
      }
    } catch (error) {
      toast.error(t('errors:loadPastResponsesFailed'), errorMessage(error));
    }
  };
  return (
    <Stack spacing={2}>
      {response.status === 'returned' && response.staffReason ? (
        <Alert severity="warning">{t('survey:info.returned', { reason: response.staffReason })}</Alert>
      ) : null}
      <Typography>
        {t('survey:info.deadline', { date: day(period.deadline) })}{' '}
        {t('survey:info.effectiveDate', { date: day(`${period.effectiveDate}T00:00:00Z`) })}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('survey:info.definitionsTitle')}
      </Typography>
      <Typography component="ul" sx={{ pl: 3, m: 0 }}>
        <li>{t('survey:info.defBase', { minimumWage: Number(period.minimumWage).toLocaleString(currentLocaleTag()) })}</li>
        <li>{t('survey:info.defExtra')}</li>
        <li>{t('survey:info.defBonus', { year: period.bonusYear })}</li>
        <li>{t('survey:info.defAverages')}</li>
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('survey:info.confidentialityTitle')}
      </Typography>
      <Typography>{t('survey:info.confidentiality')}</Typography>
      <Typography>{t('survey:info.anonymity')}</Typography>
      <Typography>
        {t('survey:info.instructions')}{' '}
        {/* The deployment's instruction PDF (SURVEY_INSTRUCTION_URL), else the portal's help page, which holds the user instruction. */}
        {links.surveyInstruction ? (
          <Link href={links.surveyInstruction} target="_blank" rel="noopener">
            {t('survey:info.instructionsPdf')}
          </Link>
        ) : (
          <Link component={RouterLink} to={helpHref}>
            {t('survey:info.instructionsLink')}
          </Link>
        )}
      </Typography>
      {period.hasPrior && session.editable && !response.copiedFromPrior ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button variant="outlined" onClick={() => setAsking(true)}>
            {t('survey:info.copy')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('survey:info.copyHint')}
          </Typography>
        </Stack>
      ) : null}
      {response.copiedFromPrior ? <Alert severity="info">{t('survey:info.copiedNote')}</Alert> : null}
      <ConfirmDialog
        open={asking}
        title={t('survey:info.copy')}
        confirmLabel={t('survey:info.copyConfirm')}
        onConfirm={() => void copy()}
        onClose={() => setAsking(false)}
      >
        {t('survey:info.copyText')}
      </ConfirmDialog>
    </Stack>
  );
}
