import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { useCreditSubmission } from '../../../features/credit/api/submission.ts';
import { CreditEntryForm } from '../../../features/credit/components/credit-entry-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { ErrorPage } from '../../shell/error-page.tsx';

/** /reports/selection/credit (company people with credit.fill): the company's receivables by distributor for the running period. */
export default function CreditEntryPage() {
  const { t } = useTranslation();
  usePageTitle(t('creditData:entry.heading'));
  const submission = useCreditSubmission();
  if (submission.error instanceof ApiError && submission.error.status === 403) return <ErrorPage status={403} />;
  return (
    <Stack spacing={2}>
      <PageHeading>{t('creditData:entry.heading')}</PageHeading>
      {submission.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {submission.error ? <Alert severity="error">{errorMessage(submission.error)}</Alert> : null}
      {submission.data === null ? <Typography color="text.secondary">{t('creditData:entry.none')}</Typography> : null}
      {submission.data ? <CreditEntryForm key={submission.data.period.id} submission={submission.data} /> : null}
    </Stack>
  );
}
