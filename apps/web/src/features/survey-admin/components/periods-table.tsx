import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SurveyPeriod } from '@portal/shared';
import { PERIOD_MOVES, PERIOD_STATUSES, type PeriodStatus } from '@portal/shared/survey-model';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadInstructions } from '../api/datafiles.ts';
import type { StaffPrefix } from '../api/keys.ts';
import { useMovePeriod, usePeriods } from '../api/periods.ts';
import { formatDay, usePeriodTitle } from './labels.ts';

// The form brings the date pickers: loaded when it opens.
const PeriodDialog = lazy(() => import('./period-dialog.tsx').then((m) => ({ default: m.PeriodDialog })));

const isForward = (from: PeriodStatus, to: PeriodStatus) => PERIOD_STATUSES.indexOf(to) > PERIOD_STATUSES.indexOf(from);

/** The survey periods with their catalogue, their companies per status, and the life-cycle moves (asked before). */
export function PeriodsTable({ prefix, base }: { prefix: StaffPrefix; base: string }) {
  const { t } = useTranslation();
  const title = usePeriodTitle();
  const periods = usePeriods(prefix);
  const move = useMovePeriod();
  const [editing, setEditing] = useState<{ period?: SurveyPeriod } | null>(null);
  const [moving, setMoving] = useState<{ period: SurveyPeriod; to: PeriodStatus } | null>(null);
  const rows = periods.data ?? [];
  const status = (s: PeriodStatus) => t(`surveyAdmin:periodStatus.${s}`);

  const confirmMove = () => {
    if (!moving) return;
    move.mutate(moving, {
      onSuccess: () => {
        toast.success(t('surveyAdmin:periods.moved', { status: status(moving.to) }));
        setMoving(null);
      },
      onError: (error) => {
        toast.error(t('surveyAdmin:periods.moveFailed'), errorMessage(error));
        setMoving(null);
      },
    });
  };

  const columns: Column<SurveyPeriod>[] = [
    {
      key: 'title',
      label: t('surveyAdmin:periods.code'),
      render: (p) => (
        <Stack>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {p.code} · {t(`surveyAdmin:surveyKind.${p.kind}`)}
          </Typography>
          <Typography variant="body2">{title(p)}</Typography>
        </Stack>
      ),
    },
    {
      key: 'status',
      label: t('surveyAdmin:files.status'),
      render: (p) => <Chip size="small" label={status(p.status)} color={p.status === 'open' ? 'success' : 'default'} />,
    },
    {
      key: 'dates',
      label: t('surveyAdmin:periods.deadline'),
      nowrap: true,
      render: (p) => (
        <Stack>
          <span>{formatDateTime(p.closesAt)}</span>
          <Typography variant="caption" color="text.secondary">
            {t('surveyAdmin:periods.effective')}: {formatDay(p.effectiveDate)}
          </Typography>
        </Stack>
      ),
    },
    {
      key: 'catalogue',
      label: t('surveyAdmin:periods.catalogue'),
      render: (p) => (
        <Stack sx={{ alignItems: 'flex-start' }}>
          <Link component={RouterLink} to={`${base}/reports/period/${p.id}`}>
            {t('surveyAdmin:periods.catalogueSizes', { regions: p.regions, positions: p.positions, cars: p.cars })}
          </Link>
          {p.hasInstructions ? (
            <Link component="button" type="button" variant="body2" onClick={() => void downloadInstructions(prefix, p.id)}>
              {t('surveyAdmin:kinds.instructions_pdf')}
            </Link>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'companies',
      label: t('surveyAdmin:periods.companies'),
      render: (p) => (
        <Link component={RouterLink} to={`${base}/reports/company?period=${p.id}`}>
          {t('surveyAdmin:periods.counts', p.counts)}
        </Link>
      ),
    },
    {
      key: 'moves',
      label: t('surveyAdmin:periods.actions'),
      render: (p) => (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {PERIOD_MOVES[p.status].map((to) => (
            <Button key={to} size="small" variant={isForward(p.status, to) ? 'contained' : 'outlined'} onClick={() => setMoving({ period: p, to })}>
              {isForward(p.status, to) ? t(`surveyAdmin:moveAction.${to}`) : t('surveyAdmin:periods.back', { status: status(to) })}
            </Button>
          ))}
        </Stack>
      ),
    },
    {
      key: 'edit',
      label: '',
      align: 'right',
      render: (p) => (
        <RowActions
          actions={[
            {
              label: `${t('surveyAdmin:periods.edit')} ${p.code}`,
              icon: <EditOutlined fontSize="small" />,
              onClick: () => setEditing({ period: p }),
              hidden: p.status === 'published' || p.status === 'archived',
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          {t('surveyAdmin:periods.heading')}
        </Typography>
        <Button variant="contained" onClick={() => setEditing({})}>
          {t('surveyAdmin:periods.new')}
        </Button>
      </Stack>
      <PagedTable
        label={t('surveyAdmin:periods.label')}
        columns={columns}
        rows={rows}
        total={rows.length}
        loading={periods.isFetching}
        state={initialTableState()}
        onStateChange={() => undefined}
        rowKey={(p) => p.id}
        emptyText={t('surveyAdmin:periods.empty')}
        noPaging
      />
      {editing ? (
        <Suspense fallback={null}>
          <PeriodDialog period={editing.period} periods={rows} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={moving !== null}
        title={
          moving
            ? isForward(moving.period.status, moving.to)
              ? t(`surveyAdmin:moveAction.${moving.to}`)
              : t('surveyAdmin:periods.back', { status: status(moving.to) })
            : ''
        }
        confirmLabel={t('surveyAdmin:review.confirm')}
        pending={move.isPending}
        onConfirm={confirmMove}
        onClose={() => setMoving(null)}
      >
        {moving
          ? isForward(moving.period.status, moving.to)
            ? t(`surveyAdmin:moveConfirm.${moving.to}`, { title: title(moving.period) })
            : t('surveyAdmin:moveConfirm.back', { title: title(moving.period), status: status(moving.to) })
          : null}
      </ConfirmDialog>
    </Stack>
  );
}
