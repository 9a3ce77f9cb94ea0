import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { SurveyPeriod } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { usePeriodReports } from '../../../features/reports-admin/api/period-reports.ts';
import { useTasks } from '../../../features/reports-admin/api/tasks.ts';
import { isReady, periodReportTypes } from '../../../features/reports-admin/components/editions.ts';
import { EditionsPanel } from '../../../features/reports-admin/components/editions-panel.tsx';
import { StatisticsPanel } from '../../../features/reports-admin/components/statistics-panel.tsx';
import { TaskHistory } from '../../../features/reports-admin/components/task-history.tsx';
import { ZipPanel } from '../../../features/reports-admin/components/zip-panel.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';

/** A period's frozen statistics, its report editions, their zip and the runs' history. */
export default function PeriodReportsPart({ period }: { period: SurveyPeriod }) {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const list = usePeriodReports(prefix, period.id);
  const tasks = useTasks(prefix, period.id);
  if (list.isPending) return <LinearProgress aria-label={t('common:loading')} />;
  if (list.isError) return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  const data = list.data;
  return (
    <Stack spacing={3}>
      <StatisticsPanel prefix={prefix} periodId={period.id} data={data} lastFreeze={tasks.data?.find((task) => task.kind === 'compute_stats')} />
      <EditionsPanel
        prefix={prefix}
        periodId={period.id}
        types={periodReportTypes(period.kind)}
        data={data}
        tasks={tasks.data}
        participants={period.counts.accepted}
      />
      <ZipPanel prefix={prefix} periodId={period.id} hasReady={data.reports.some(isReady)} />
      <TaskHistory prefix={prefix} tasks={tasks.data} loading={tasks.isFetching} reports={data.reports} now={Date.now()} />
    </Stack>
  );
}
