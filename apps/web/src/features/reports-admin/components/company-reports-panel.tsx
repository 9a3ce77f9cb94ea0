import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Report, TaskStatus } from '@portal/shared';
import { REPORT_LANGUAGES } from '@portal/shared/reports-model';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionToasts } from '../../../components/action-toasts.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { downloadReport } from '../api/download.ts';
import { useGenerateAllCompanyReports } from '../api/generate-all.ts';
import type { StaffPrefix } from '../api/keys.ts';
import { usePeriodReports } from '../api/period-reports.ts';
import { isFinal } from '../api/polling.ts';
import { usePublishToParticipants } from '../api/publish.ts';
import { useTasks } from '../api/tasks.ts';
import { type CompanyRow, companyRows, isReady, lastTaskOf } from './editions.ts';
import { StatusChip, useEditionName } from './labels.tsx';
import { ProgressBar, TaskFailure } from './task-progress.tsx';

const { notifyDone, notifyFailed } = actionToasts('reportsAdmin');

/**
 * Each participant's own report (its position against the market) in both languages: generate them all, follow each
 * row's build (one poll of the period's runs for every row) and download any.
 */
export function CompanyReportsPanel({ prefix, periodId }: { prefix: StaffPrefix; periodId: number }) {
  const { t } = useTranslation();
  const list = usePeriodReports(prefix, periodId);
  const tasks = useTasks(prefix, periodId, true);
  const generateAll = useGenerateAllCompanyReports();
  const publish = usePublishToParticipants();
  const [publishing, setPublishing] = useState(false);
  const rows = companyRows(list.data?.reports ?? []);
  const running = tasks.data?.filter((task) => !isFinal(task)).length ?? 0;
  const { refetch } = list;
  // Each run that ends changes its report's status: read the editions again then (the runs' poll brings the progress).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the number of runs still going
  useEffect(() => {
    void refetch();
  }, [running]);
  const hasSnapshot = Boolean(list.data?.snapshot);
  const runAll = () =>
    generateAll.mutate(periodId, {
      onSuccess: (result) => notifyDone('generateAll', result),
      onError: (error) => notifyFailed('generateAll', error),
    });
  const confirmPublish = () =>
    publish.mutate(
      { periodId, reportType: 'company' },
      {
        onSuccess: (result) => notifyDone('publish', { type: t('reportsAdmin:type.company'), ...result }),
        onError: (error) => notifyFailed('publish', error, { type: t('reportsAdmin:type.company') }),
        onSettled: () => setPublishing(false),
      },
    );
  const columns: Column<CompanyRow>[] = [
    { key: 'company', label: t('reportsAdmin:company.company'), render: (row) => row.companyName },
    ...REPORT_LANGUAGES.map(
      (language): Column<CompanyRow> => ({
        key: language,
        label: t(`reportsAdmin:language.${language}`),
        render: (row) => <CompanyEdition prefix={prefix} report={row.editions[language]} tasks={tasks.data} />,
      }),
    ),
  ];
  if (list.data && !hasSnapshot) return <Alert severity="info">{t('reportsAdmin:company.noSnapshot')}</Alert>;
  return (
    <Stack spacing={2} component="section" aria-label={t('reportsAdmin:company.heading')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ mr: 'auto' }}>
          {t('reportsAdmin:company.heading')}
        </Typography>
        <Button variant="contained" disabled={!hasSnapshot} loading={generateAll.isPending} onClick={runAll}>
          {t('reportsAdmin:company.generateAll')}
        </Button>
        <Button
          variant="outlined"
          disabled={!rows.some((row) => REPORT_LANGUAGES.some((l) => row.editions[l]?.status === 'ready'))}
          onClick={() => setPublishing(true)}
        >
          {t('reportsAdmin:company.publish')}
        </Button>
      </Stack>
      <PagedTable
        label={t('reportsAdmin:company.label')}
        columns={columns}
        rows={rows}
        total={rows.length}
        loading={list.isFetching}
        state={initialTableState()}
        onStateChange={() => undefined}
        rowKey={(row) => row.companyId}
        emptyText={t('reportsAdmin:company.empty')}
        noPaging
      />
      <ConfirmDialog
        open={publishing}
        title={t('reportsAdmin:company.publish')}
        confirmLabel={t('reportsAdmin:publish.confirm')}
        pending={publish.isPending}
        onConfirm={confirmPublish}
        onClose={() => setPublishing(false)}
      >
        {t('reportsAdmin:company.publishText', { count: rows.length })}
      </ConfirmDialog>
    </Stack>
  );
}

/** A company's edition in one language: its live bar (from the period's runs), why it failed, or its chip and download. */
function CompanyEdition({ prefix, report, tasks }: { prefix: StaffPrefix; report: Report | undefined; tasks: readonly TaskStatus[] | undefined }) {
  const { t } = useTranslation();
  const name = useEditionName();
  if (!report) return '—';
  const task = lastTaskOf(tasks, report.id);
  if (task && (task.state === 'queued' || task.state === 'running')) return <ProgressBar task={task} label={name(report)} />;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <StatusChip status={report.status} />
      {report.status === 'failed' ? <TaskFailure task={task} /> : null}
      {isReady(report) ? (
        <Button
          size="small"
          aria-label={t('reportsAdmin:company.download', { action: t('reportsAdmin:editions.downloadXlsx'), what: name(report) })}
          onClick={() => void downloadReport(prefix, report.id).catch((error: unknown) => notifyFailed('download', error))}
        >
          {t('reportsAdmin:editions.downloadXlsx')}
        </Button>
      ) : null}
    </Stack>
  );
}
