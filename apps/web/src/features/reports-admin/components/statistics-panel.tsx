import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PeriodReports, TaskStatus } from '@portal/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionToasts } from '../../../components/action-toasts.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useFreezeStatistics } from '../api/freeze-statistics.ts';
import type { StaffPrefix } from '../api/keys.ts';
import { TaskFailure, TaskProgress } from './task-progress.tsx';

const { toastCallbacks } = actionToasts('reportsAdmin');

interface StatisticsPanelProps {
  prefix: StaffPrefix;
  periodId: number;
  data: PeriodReports;
  /** The period's newest freeze, to say why it failed until a later one succeeds. */
  lastFreeze: TaskStatus | undefined;
}

/** The period's frozen statistics (when, by whom, what they hold) and the freeze, asked before it replaces a snapshot. */
export function StatisticsPanel({ prefix, periodId, data, lastFreeze }: StatisticsPanelProps) {
  const { t } = useTranslation();
  const freeze = useFreezeStatistics();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const { snapshot, freezeTaskId } = data;
  const run = () => freeze.mutate(periodId, { ...toastCallbacks('freeze'), onSettled: () => setConfirming(false) });
  const facts: [string, string][] = snapshot
    ? [
        [t('reportsAdmin:statistics.frozenAt'), formatDateTime(snapshot.createdAt)],
        [t('reportsAdmin:statistics.by'), snapshot.createdByName ?? '—'],
        [t('reportsAdmin:statistics.responses'), formatNumber(snapshot.responsesIncluded)],
        [t('reportsAdmin:statistics.cells'), formatNumber(snapshot.cells)],
        [t('reportsAdmin:statistics.suppressed'), formatNumber(snapshot.suppressedCells)],
      ]
    : [];
  const failed = freezeTaskId === null && lastFreeze?.state === 'failed' && (!snapshot || lastFreeze.createdAt > snapshot.createdAt);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('reportsAdmin:statistics.heading')}
        </Typography>
        {snapshot ? (
          <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', gap: 3, m: 0 }}>
            {facts.map(([term, value]) => (
              <div key={term}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {term}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </div>
            ))}
          </Stack>
        ) : (
          <Alert severity="info">{t('reportsAdmin:statistics.none')}</Alert>
        )}
        {failed ? <TaskFailure task={lastFreeze} /> : null}
        {freezeTaskId !== null ? (
          <TaskProgress prefix={prefix} taskId={freezeTaskId} label={t('reportsAdmin:statistics.heading')} />
        ) : (
          <div>
            <Button variant="contained" loading={freeze.isPending} onClick={() => (snapshot ? setConfirming(true) : run())}>
              {t(failed ? 'reportsAdmin:retry' : 'reportsAdmin:statistics.freeze')}
            </Button>
          </div>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('reportsAdmin:statistics.confirmTitle')}
        confirmLabel={t('reportsAdmin:statistics.freeze')}
        pending={freeze.isPending}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      >
        {snapshot ? t('reportsAdmin:statistics.confirmText', { date: formatDateTime(snapshot.createdAt) }) : null}
      </ConfirmDialog>
    </Paper>
  );
}
