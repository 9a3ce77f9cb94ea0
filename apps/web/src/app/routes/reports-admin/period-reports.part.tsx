import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE_PREFIX, type SurveyPeriod } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { usePeriodReports } from '../../../features/reports-admin/api/period-reports.ts';
import { useTasks } from '../../../features/reports-admin/api/tasks.ts';
import { companyRows, isReady, periodReportTypes } from '../../../features/reports-admin/components/editions.ts';
import { EditionsPanel } from '../../../features/reports-admin/components/editions-panel.tsx';
import { StatisticsPanel } from '../../../features/reports-admin/components/statistics-panel.tsx';
import { TaskHistory } from '../../../features/reports-admin/components/task-history.tsx';
import { ZipPanel } from '../../../features/reports-admin/components/zip-panel.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { useCurrentUser } from '../../../lib/auth.ts';

/** A period's frozen statistics, its report editions (the company reports' on the companies' page), their zip and the runs' history. */
export default function PeriodReportsPart({ period }: { period: SurveyPeriod }) {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const user = useCurrentUser();
  const list = usePeriodReports(prefix, period.id);
  const tasks = useTasks(prefix, period.id);
  if (list.isPending) return <LinearProgress aria-label={t('common:loading')} />;
  if (list.isError) return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  const data = list.data;
  const companies = companyRows(data.reports);
  const companyEditions = companies.flatMap((row) => Object.values(row.editions));
  return (
    <Stack spacing={3}>
      {period.kind === 'salary' ? (
        <StatisticsPanel prefix={prefix} periodId={period.id} data={data} lastFreeze={tasks.data?.find((task) => task.kind === 'compute_stats')} />
      ) : null}
      <EditionsPanel
        prefix={prefix}
        periodId={period.id}
        types={periodReportTypes(period.kind)}
        data={data}
        tasks={tasks.data}
        participants={period.counts.accepted}
      />
      {period.kind === 'salary' && user ? (
        <Typography>
          {t('reportsAdmin:editions.companyReports', {
            companies: companies.length,
            ready: companyEditions.filter(isReady).length,
            total: companyEditions.length,
          })}{' '}
          <Link component={RouterLink} to={`${ROLE_PREFIX[user.role]}/reports/company?period=${period.id}&view=reports`}>
            {t('reportsAdmin:editions.openCompanyReports')}
          </Link>
        </Typography>
      ) : null}
      <ZipPanel prefix={prefix} periodId={period.id} hasReady={data.reports.some(isReady)} />
      <TaskHistory prefix={prefix} tasks={tasks.data} loading={tasks.isFetching} reports={data.reports} now={Date.now()} />
    </Stack>
  );
}
