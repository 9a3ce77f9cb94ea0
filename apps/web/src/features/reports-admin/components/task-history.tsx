import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Report, TaskStatus } from '@portal/shared';
import type { TaskState } from '@portal/shared/reports-model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionToasts } from '../../../components/action-toasts.ts';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadZip } from '../api/download-zip.ts';
import type { StaffPrefix } from '../api/keys.ts';
import { durationSeconds } from './editions.ts';
import { formatPercent, taskErrorMessage, useEditionName } from './labels.tsx';

const { notifyFailed } = actionToasts('reportsAdmin');
const STATE_COLOR: Record<TaskState, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
};

interface TaskHistoryProps {
  prefix: StaffPrefix;
  tasks: readonly TaskStatus[] | undefined;
  loading: boolean;
  reports: readonly Report[];
  /** The moment durations of running tasks are counted to. */
  now: number;
}

/** The period's generation runs, newest first: what, on what, how it went and for how long; a built zip downloads from here. */
export function TaskHistory({ prefix, tasks, loading, reports, now }: TaskHistoryProps) {
  const { t } = useTranslation();
  const editionName = useEditionName();
  // The server answers a period's whole history (a company report is two runs per participant): paged here.
  const [table, setTable] = useState(() => initialTableState());
  const byId = new Map(reports.map((r) => [r.id, r]));
  const target = (task: TaskStatus) => {
    const report = task.reportId === null ? undefined : byId.get(task.reportId);
    if (report) return editionName(report);
    if (task.archiveId !== null) return t('reportsAdmin:tasks.archive', { id: task.archiveId });
    return task.kind === 'compute_stats' ? t('reportsAdmin:tasks.statistics') : '—';
  };
  const duration = (task: TaskStatus) => {
    const seconds = durationSeconds(task, now);
    if (seconds === null) return '—';
    return t('reportsAdmin:tasks.duration', { min: Math.floor(seconds / 60), sec: String(seconds % 60).padStart(2, '0') });
  };
  const columns: Column<TaskStatus>[] = [
    { key: 'kind', label: t('reportsAdmin:tasks.kind'), render: (task) => t(`reportsAdmin:taskKind.${task.kind}`) },
    { key: 'target', label: t('reportsAdmin:tasks.target'), render: target },
    {
      key: 'state',
      label: t('reportsAdmin:tasks.state'),
      render: (task) => <Chip size="small" color={STATE_COLOR[task.state]} label={t(`reportsAdmin:taskState.${task.state}`)} />,
    },
    // A finished run's stage is its last one: worth saying only where it stopped short.
    {
      key: 'stage',
      label: t('reportsAdmin:tasks.stage'),
      render: (task) => (task.stage && task.state !== 'succeeded' ? t(`reportsAdmin:stage.${task.stage}`) : '—'),
    },
    { key: 'progress', label: t('reportsAdmin:tasks.progress'), align: 'right', render: (task) => formatPercent(task.progressPct) },
    { key: 'attempt', label: t('reportsAdmin:tasks.attempt'), align: 'right', render: (task) => task.attempt },
    { key: 'who', label: t('reportsAdmin:tasks.who'), render: (task) => task.requestedByName ?? '—' },
    {
      key: 'started',
      label: t('reportsAdmin:tasks.started'),
      nowrap: true,
      render: (task) => (task.startedAt ? formatDateTime(task.startedAt) : '—'),
    },
    { key: 'duration', label: t('reportsAdmin:tasks.durationLabel'), nowrap: true, render: duration },
    {
      key: 'error',
      label: t('reportsAdmin:tasks.error'),
      render: (task) =>
        task.state === 'failed' ? (
          <Typography variant="body2" color="error">
            {taskErrorMessage(task.errorCode)}
          </Typography>
        ) : null,
    },
    {
      key: 'actions',
      label: '',
      align: 'right',
      render: (task) => (
        <RowActions
          actions={[
            {
              label: t('reportsAdmin:zip.download', { what: target(task) }),
              icon: <DownloadOutlined fontSize="small" />,
              hidden: task.kind !== 'create_zip' || task.state !== 'succeeded' || task.archiveId === null,
              onClick: () => void downloadZip(prefix, task.archiveId ?? 0).catch((error: unknown) => notifyFailed('download', error)),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Stack spacing={1} component="section" aria-label={t('reportsAdmin:tasks.heading')}>
      <Typography variant="h6" component="h2">
        {t('reportsAdmin:tasks.heading')}
      </Typography>
      <PagedTable
        label={t('reportsAdmin:tasks.heading')}
        columns={columns}
        rows={(tasks ?? []).slice((table.page - 1) * table.pageSize, table.page * table.pageSize)}
        total={tasks?.length ?? 0}
        loading={loading}
        state={table}
        onStateChange={setTable}
        rowKey={(task) => task.id}
        emptyText={t('reportsAdmin:tasks.empty')}
      />
    </Stack>
  );
}
