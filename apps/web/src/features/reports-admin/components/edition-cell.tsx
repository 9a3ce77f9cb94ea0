import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Report, TaskStatus } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import type { StaffPrefix } from '../api/keys.ts';
import { isBuilding, lastTaskOf } from './editions.ts';
import { StatusChip, useEditionName } from './labels.tsx';
import { ProgressBar, TaskFailure, TaskProgress } from './task-progress.tsx';

/** One edition's state: its chip and version, the live bar while it builds, or why its last build failed. */
export function EditionCell({
  prefix,
  report,
  tasks,
}: {
  prefix: StaffPrefix;
  report: Report | undefined;
  tasks: readonly TaskStatus[] | undefined;
}) {
  const { t } = useTranslation();
  const name = useEditionName();
  if (!report) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('reportsAdmin:editions.none')}
      </Typography>
    );
  }
  if (isBuilding(report)) {
    return report.taskId !== null ? (
      <TaskProgress prefix={prefix} taskId={report.taskId} label={name(report)} />
    ) : (
      <ProgressBar task={undefined} label={name(report)} />
    );
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <StatusChip status={report.status} />
      <Typography variant="caption" color="text.secondary">
        {t('reportsAdmin:editions.version', { version: report.version })}
      </Typography>
      {report.status === 'failed' ? <TaskFailure task={lastTaskOf(tasks, report.id)} /> : null}
    </Stack>
  );
}
