import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TaskStatus } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import type { StaffPrefix } from '../api/keys.ts';
import { useFollowedTask } from '../api/task-status.ts';
import { formatPercent, taskErrorMessage } from './labels.tsx';

/** A task's bar with its stage and percentage, live until it ends, or why it failed. */
export function TaskProgress({ prefix, taskId, label }: { prefix: StaffPrefix; taskId: number; label: string }) {
  const task = useFollowedTask(prefix, taskId);
  return task?.state === 'failed' ? <TaskFailure task={task} /> : <ProgressBar task={task} label={label} />;
}

export function ProgressBar({ task, label }: { task: TaskStatus | undefined; label: string }) {
  const { t } = useTranslation();
  const pct = Math.round(task?.progressPct ?? 0);
  const stage = task?.stage ? t(`reportsAdmin:stage.${task.stage}`) : t(`reportsAdmin:taskState.${task?.state ?? 'queued'}`);
  return (
    <Stack spacing={0.5} sx={{ minWidth: 160 }}>
      <LinearProgress variant="determinate" value={pct} aria-label={t('reportsAdmin:progress.label', { what: label })} />
      <Typography variant="caption" color="text.secondary">
        {t('reportsAdmin:progress.text', { stage, pct: formatPercent(pct) })}
      </Typography>
    </Stack>
  );
}

export function TaskFailure({ task }: { task: Pick<TaskStatus, 'errorCode'> | undefined }) {
  return (
    <Alert severity="error" sx={{ py: 0 }}>
      {taskErrorMessage(task?.errorCode ?? null)}
    </Alert>
  );
}
